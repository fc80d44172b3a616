import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { decodeXmlText, xmlAttribute, XmlError, XmlScanner, type XmlScannerOptions } from './xml-scanner.ts';

/** Runs a document through the scanner in chunks of `size` and returns its events as text. */
function events(xml: string, size = xml.length, wants: (open: string[]) => boolean = () => true, options?: XmlScannerOptions): string[] {
  const out: string[] = [];
  const open: string[] = [];
  const scanner = new XmlScanner({
    open(name, attributes, selfClosing) {
      open.push(name);
      out.push(`<${name}${attributes.trim() ? ` ${attributes.trim()}` : ''}${selfClosing ? '/' : ''}>`);
    },
    close(name) {
      open.pop();
      out.push(`</${name}>`);
    },
    text(text) {
      // Adjacent text events are one run of text, however the chunks fell.
      if (out.length && out[out.length - 1].startsWith('"')) out[out.length - 1] = `"${out[out.length - 1].slice(1, -1)}${text}"`;
      else out.push(`"${text}"`);
    },
    wantsText: () => wants(open),
  }, options);
  for (let i = 0; i < xml.length; i += size) scanner.write(xml.slice(i, i + size));
  scanner.close();
  return out;
}

const SHEET = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><!-- a comment with <c> inside -->
<x:sheetData><x:row r="1" spans="1:3"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t xml:space="preserve"> Tom &amp; Jerry&#39;s &lt;b&gt; &#x1F355;</x:t></x:is></x:c><x:c r="C1" s="2" t="str" note="a > b"><x:f>A1&amp;"x"</x:f><x:v><![CDATA[raw <text> & more]]></x:v></x:c></x:row>
<x:row r="2"/><x:row r="3"><x:c r="A3"/></x:row></x:sheetData></x:worksheet>`;

describe('XML scanner', () => {
  test('tags by local name, raw attributes, decoded text, CDATA, comments and processing instructions', () => {
    const got = events(SHEET, undefined, (open) => open.includes('v') || open.includes('t'));
    assert.deepEqual(got.filter((event) => !event.startsWith('"\n')), [
      '<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', '<sheetData>',
      '<row r="1" spans="1:3">', '<c r="A1" t="s">', '<v>', '"0"', '</v>', '</c>',
      '<c r="B1" t="inlineStr">', '<is>', '<t xml:space="preserve">', '" Tom & Jerry\'s <b> 🍕"', '</t>', '</is>', '</c>',
      '<c r="C1" s="2" t="str" note="a > b">', '<f>', '</f>', '<v>', '"raw <text> & more"', '</v>', '</c>', '</row>',
      '<row r="2"/>', '</row>', '<row r="3">', '<c r="A3"/>', '</c>', '</row>', '</sheetData>', '</worksheet>',
    ]);
  });

  test('the same events whatever the chunk boundaries (every size from 1 to 40)', () => {
    const whole = events(SHEET);
    for (let size = 1; size <= 40; size++) assert.deepEqual(events(SHEET, size), whole, `chunks of ${size}`);
  });

  test('tokens longer than a chunk, and chunks longer than the first look into them, give the same events', () => {
    // Texts, attribute values, comments and CDATA of 3-20 KB around ordinary cells, in chunks of 4-30 KB:
    // every kind of token is cut by a chunk's end somewhere, some by two.
    const long = (n: number) => 'a&amp;b <'.replace('<', '&lt;').repeat(n);
    const xml = `<sheetData>${Array.from({ length: 12 }, (_, k) => `<row r="${k}"><c r="A${k}" t="inlineStr"><is><t>${long(400 + k * 250)}</t></is></c><c r="B${k}" note="${'q'.repeat(3000 + k * 1500)}"><v>${k}</v></c><!--${'-'.repeat(k)}${'c'.repeat(5000)}--><c r="C${k}"><v><![CDATA[${'d'.repeat(4000 + k * 900)}]]></v></c></row>`).join('')}</sheetData>`;
    const whole = events(xml);
    for (const size of [4_097, 5_000, 8_191, 12_000, 30_000]) {
      assert.deepEqual(events(xml, size), whole, `chunks of ${size}`);
      assert.deepEqual(events(xml, size, () => true, { plainElements: [['c', 'v']] }), whole, `chunks of ${size}, plain elements`);
    }
  });

  test('attributes: any quote, any prefix, spaces around =, entities, no false match inside other names', () => {
    const attributes = ` r='B7'  ht="15" x:t = "s" s="3" data-t="no" note="a &amp; b"`;
    assert.equal(xmlAttribute(attributes, 'r'), 'B7');
    assert.equal(xmlAttribute(attributes, 't'), 's');
    assert.equal(xmlAttribute(attributes, 's'), '3');
    assert.equal(xmlAttribute(attributes, 'note'), 'a & b');
    assert.equal(xmlAttribute(attributes, 'missing'), undefined);
  });

  test('a DTD, an undefined entity, a bare & and a document cut inside a tag are refused', () => {
    assert.throws(() => events('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'), (error: unknown) => error instanceof XmlError && error.unsafe);
    assert.throws(() => events('<x>&nbsp;</x>'), /undefined entity/);
    assert.throws(() => events('<x>fish & chips</x>'), /undefined entity/);
    assert.throws(() => events('<x>&#0;</x>'), /invalid character reference/);
    assert.throws(() => events('<x><c r="A1'), /ends inside a tag/);
  });

  test('line ends are normalised as XML requires', () => {
    assert.equal(decodeXmlText('a\r\nb\rc\nd'), 'a\nb\nc\nd');
    assert.equal(decodeXmlText('&#13;'), '\r', 'a character reference is not a line end');
  });

  test('plain elements matched in one step give exactly the tag-by-tag events, however the chunks fall', () => {
    // Every form a plain matcher must leave alone, next to the plain ones it takes.
    const sheet = `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="3"/><c r="C1" s="2" ><v>4.5</v></c>` +
      `<c r="D1" t="str"><f>A1</f><v>x</v></c><c r="E1" t="inlineStr"><is><t>in &amp; line</t></is></c><c r="F1" note="a > b / c"><v>1</v></c>` +
      `<c r="G1"></c><c r='H1' t='s'><v>7</v></c><col min="1"/><c r="I1"><v><![CDATA[<raw>]]></v></c><c r="J1"><v>line\r\nend &#13;</v></c>` +
      `<c r="K1"><v></v></c><x:c r="L1"><x:v>9</x:v></x:c><c r="M1"><!-- no --><v>2</v></c></row></sheetData></worksheet>`;
    const strings = `<sst count="5"><si><t>plain</t></si><si><t xml:space="preserve"> spaced </t></si><si><t/></si><si><t></t></si>` +
      `<si><r><rPr><b/></rPr><t>rich</t></r><r><t> text</t></r></si><si><t>a&lt;b&gt;c &#x1F355;</t><rPh sb="0" eb="1"><t>ruby</t></rPh></si><si></si></sst>`;
    const cases: Array<[string, XmlScannerOptions, (open: string[]) => boolean]> = [
      [sheet, { plainElements: [['c', 'v']] }, (open) => open.includes('v') || open.includes('t')],
      [strings, { plainElements: [['si', 't']] }, (open) => open.at(-1) === 't'],
    ];
    for (const [xml, options, wants] of cases) {
      const expected = events(xml, undefined, wants);
      for (let size = 1; size <= 60; size++) assert.deepEqual(events(xml, size, wants, options), expected, `chunks of ${size}`);
      assert.deepEqual(events(xml, undefined, wants, options), expected);
    }
  });

  test('bytes mode: UTF-8 read as latin1 gives the same text as UTF-8 bytes, wherever the bytes are cut', () => {
    const xml = `<sst><si><t>Кофейня 東京 🍕 &#x4E2D;&#233;&amp;&lt;</t></si><si><r><t>Café </t></r><r><t>Ünï ذ</t></r></si>` +
      `<si><t><![CDATA[Łódź <ok>]]></t></si><si><t>a\r\nß</t></si></sst>`;
    const wants = (open: string[]) => open.at(-1) === 't';
    const expected = events(xml, undefined, wants);
    const raw = Buffer.from(xml, 'utf8').toString('latin1');
    const asText = (event: string) => Buffer.from(event, 'latin1').toString('utf8');
    for (let size = 1; size <= 40; size++) {
      for (const options of [{ bytes: true }, { bytes: true, plainElements: [['si', 't']] as Array<[string, string]> }]) {
        assert.deepEqual(events(raw, size, wants, options).map(asText), expected, `chunks of ${size} bytes`);
      }
    }
    assert.ok(expected.includes('"Кофейня 東京 🍕 中é&<"'));
  });
});
