/**
 * A small streaming XML tokenizer for the two big parts of an .xlsx (the worksheets and the shared-string
 * table), where a general SAX parser was the import's bottleneck (saxes read the 444 MB of XML of a 200k-row
 * workbook in 31 s; this tokenizer, scanning with indexOf, in 19 s).
 * It reports start tags (local name + the raw attribute text), end tags and decoded text, and is strict
 * where safety needs it, lenient where it does not:
 * - any `<!DOCTYPE`/`<!ENTITY` (or other `<!` declaration) is refused, so no DTD or entity can exist;
 *   only the five predefined entities and character references are decoded, anything else is an error;
 * - comments, processing instructions and CDATA sections are handled; unbalanced tags are not checked
 *   (the zip layer already verifies each part's size and CRC, so a truncated part never gets here whole);
 * - one tag or text run longer than MAX_TOKEN_CHARS is an error, so a hostile part cannot grow the buffer.
 */
import { APOS, BANG, COLON, GT, QUESTION, QUOTE, SLASH } from './char-codes.ts';

export const MAX_TOKEN_CHARS = 32 * 1024 * 1024;

export interface XmlHandler {
  /** `name` without its namespace prefix; `attributes` is the raw text after the name. */
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Decoded character data; only called while `wantsText()` is true (skipping decoding elsewhere). */
  text(text: string): void;
  wantsText(): boolean;
}

export class XmlError extends Error {
  constructor(message: string, readonly unsafe = false) {
    super(message);
  }
}


/**
 * Decodes the predefined entities and character references; any other `&` is an error. With `bytes`, the
 * text is UTF-8 bytes held one per char (a latin1 reading of the part, see XmlScannerOptions.bytes), and a
 * character reference becomes its UTF-8 bytes the same way.
 */
export function decodeXmlText(raw: string, bytes = false): string {
  // XML line-end normalisation applies to the literal text, before references (&#13; stays a CR).
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  let amp = text.indexOf('&');
  let out = text;
  if (amp !== -1) {
    // One pass of indexOf and slices (a regex with a replacer was a fifth of a big workbook's parse).
    out = '';
    let from = 0;
    while (amp !== -1) {
      const semi = text.indexOf(';', amp + 1);
      if (semi === -1 || semi - amp > 10) throw new XmlError('an undefined entity or a bare "&" (no DTD is allowed)');
      out += text.slice(from, amp) + entity(text.slice(amp + 1, semi), bytes);
      from = semi + 1;
      amp = text.indexOf('&', from);
    }
    out += text.slice(from);
  }
  return out;
}

function entity(name: string, bytes: boolean): string {
  switch (name) {
    case 'quot':
      return '"';
    case 'amp':
      return '&';
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'apos':
      return "'";
  }
  const code = /^#x[0-9a-fA-F]{1,6}$/.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]{1,7}$/.test(name) ? parseInt(name.slice(1), 10) : NaN;
  if (!(code >= 1 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) throw new XmlError(`an undefined entity or an invalid character reference (&${name};)`);
  const char = String.fromCodePoint(code);
  return bytes && code > 0x7f ? Buffer.from(char, 'utf8').toString('latin1') : char;
}

/** The value of attribute `name` (local name, any prefix) in a start tag's raw attribute text. */
export function xmlAttribute(attributes: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = attributes.indexOf(name, from);
    if (at === -1) return undefined;
    from = at + name.length;
    const before = at === 0 ? 32 : attributes.charCodeAt(at - 1);
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13 && before !== COLON) continue;
    let i = from;
    while (attributes.charCodeAt(i) === 32 || attributes.charCodeAt(i) === 9 || attributes.charCodeAt(i) === 10 || attributes.charCodeAt(i) === 13) i++;
    if (attributes.charCodeAt(i) !== 61 /* = */) continue;
    i++;
    while (attributes.charCodeAt(i) === 32 || attributes.charCodeAt(i) === 9 || attributes.charCodeAt(i) === 10 || attributes.charCodeAt(i) === 13) i++;
    const quote = attributes.charCodeAt(i);
    if (quote !== QUOTE && quote !== APOS) return undefined;
    const end = attributes.indexOf(quote === QUOTE ? '"' : "'", i + 1);
    if (end === -1) return undefined;
    return decodeXmlText(attributes.slice(i + 1, end));
  }
}

/** Attribute text of a start tag: anything but `>`, `/` and quotes, or a quoted value (which may hold them). */
const ATTRIBUTES = `((?:\\s(?:[^>"'/]|"[^"]*"|'[^']*')*)?)`;

/**
 * A matcher for the plainest form of element `outer`: empty (`<c .../>`), or holding one element `inner`
 * that holds only text (`<c r="A2" t="s"><v>12</v></c>`, `<si><t>text</t></si>`), without prefixes.
 * These are nearly every element of a worksheet or a shared-string table, and one sticky match of the
 * whole element costs a fraction of tokenizing its four tags one by one.
 */
function plainElement(outer: string, inner: string): RegExp {
  return new RegExp(`<${outer}${ATTRIBUTES}(?:(/)>|>(?:<${inner}${ATTRIBUTES}>([^<]*)</${inner}>)?</${outer}>)`, 'y');
}

export interface XmlScannerOptions {
  /**
   * [outer, inner] element names whose plain form (see plainElement) is matched in one step. The handler
   * gets exactly the events the tag-by-tag path gives; any other form (prefixed names, formulas, rich
   * text, an element cut by the end of a chunk) takes that path.
   */
  plainElements?: Array<[outer: string, inner: string]>;
  /**
   * The chunks written are the part's UTF-8 bytes read as latin1 (one char per byte, which Node makes
   * without decoding), and the text handed out stays in that form: markup is ASCII, and no byte of a
   * multi-byte UTF-8 character is below 0x80, so every `<`, `&` and `>` is found where it is. The reader
   * turns text back into UTF-8 (Buffer#write with 'latin1' gives the original bytes). Decoding the
   * workbook's XML to JS strings up front was a large share of reading it.
   */
  bytes?: boolean;
}

export class XmlScanner {
  private buffer = '';
  private readonly plain: Array<{ start: string; outer: string; inner: string; pattern: RegExp }>;
  private readonly bytes: boolean;

  constructor(private readonly handler: XmlHandler, options: XmlScannerOptions = {}) {
    this.bytes = options.bytes ?? false;
    this.plain = (options.plainElements ?? []).map(([outer, inner]) => ({ start: `<${outer}`, outer, inner, pattern: plainElement(outer, inner) }));
  }

  /** Matches a plain element at `lt` and reports its events; the index after it, or -1 (not plain, or cut). */
  private plainElementAt(text: string, lt: number): number {
    for (const { start, outer, inner, pattern } of this.plain) {
      if (!text.startsWith(start, lt)) continue;
      pattern.lastIndex = lt;
      const match = pattern.exec(text);
      if (!match) continue;
      const handler = this.handler;
      const [, outerAttributes, slash, innerAttributes, innerText] = match;
      handler.open(outer, outerAttributes, slash !== undefined);
      if (innerText !== undefined) {
        handler.open(inner, innerAttributes, false);
        if (innerText && handler.wantsText()) handler.text(decodeXmlText(innerText, this.bytes));
        handler.close(inner);
      }
      handler.close(outer);
      return pattern.lastIndex;
    }
    return -1;
  }

  write(chunk: string): this {
    this.buffer = this.buffer ? this.buffer + chunk : chunk;
    this.drain(false);
    return this;
  }

  /** Call after the last chunk: text left inside an unfinished tag means the part was cut short. */
  close(): this {
    this.drain(true);
    if (this.buffer.trim() !== '') throw new XmlError('the document ends inside a tag');
    return this;
  }

  private drain(final: boolean): void {
    const text = this.buffer;
    const handler = this.handler;
    let i = 0;
    while (i < text.length) {
      const lt = text.indexOf('<', i);
      if (lt === -1) {
        if (!final) break; // the text may go on in the next chunk (and an entity may be cut in two)
        if (handler.wantsText()) handler.text(decodeXmlText(text.slice(i), this.bytes));
        i = text.length;
        break;
      }
      if (lt > i && handler.wantsText()) handler.text(decodeXmlText(text.slice(i, lt), this.bytes));
      i = lt;
      const next = text.charCodeAt(lt + 1);
      if (Number.isNaN(next)) break;
      if (next === BANG) {
        if (text.startsWith('<!--', lt)) {
          const end = text.indexOf('-->', lt + 4);
          if (end === -1) break;
          i = end + 3;
        } else if (text.startsWith('<![CDATA[', lt)) {
          const end = text.indexOf(']]>', lt + 9);
          if (end === -1) break;
          if (handler.wantsText()) handler.text(text.slice(lt + 9, end));
          i = end + 3;
        } else if (text.length - lt >= 9 || final) {
          throw new XmlError('it declares a DTD or entity', true);
        } else {
          break;
        }
        continue;
      }
      if (next === QUESTION) {
        const end = text.indexOf('?>', lt + 2);
        if (end === -1) break;
        i = end + 2;
        continue;
      }
      if (this.plain.length) {
        const after = this.plainElementAt(text, lt);
        if (after !== -1) {
          i = after;
          continue;
        }
      }
      const end = tagEnd(text, lt + 1);
      if (end === -1) break;
      if (next === SLASH) {
        handler.close(localName(text, lt + 2, end));
      } else {
        const selfClosing = text.charCodeAt(end - 1) === SLASH;
        const inner = selfClosing ? end - 1 : end;
        let nameEnd = lt + 1;
        while (nameEnd < inner) {
          const code = text.charCodeAt(nameEnd);
          if (code === 32 || code === 9 || code === 10 || code === 13) break;
          nameEnd++;
        }
        handler.open(localName(text, lt + 1, nameEnd), text.slice(nameEnd, inner), selfClosing);
        if (selfClosing) handler.close(localName(text, lt + 1, nameEnd));
      }
      i = end + 1;
    }
    this.buffer = i >= text.length ? '' : text.slice(i);
    if (this.buffer.length > MAX_TOKEN_CHARS) throw new XmlError(`one tag or text runs over ${MAX_TOKEN_CHARS / 1024 / 1024} MB`);
  }
}

/** Index of the `>` closing the tag that starts before `from`, skipping quoted attribute values; -1 if not here yet. */
function tagEnd(text: string, from: number): number {
  let i = from;
  for (;;) {
    const gt = text.indexOf('>', i);
    if (gt === -1) return -1;
    // A quote opened before this `>` and not closed means the `>` is inside an attribute value.
    let quote = 0;
    for (let k = i; k < gt; k++) {
      const code = text.charCodeAt(k);
      if (quote === 0) {
        if (code === QUOTE || code === APOS) quote = code;
      } else if (code === quote) {
        quote = 0;
      }
    }
    if (quote === 0) return gt;
    const close = text.indexOf(quote === QUOTE ? '"' : "'", gt);
    if (close === -1) return -1;
    i = close + 1;
  }
}

function localName(text: string, start: number, end: number): string {
  let from = start;
  let to = end;
  while (to > from) {
    const code = text.charCodeAt(to - 1);
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === GT) to--;
    else break;
  }
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === COLON) from = k + 1;
  return text.slice(from, to);
}

