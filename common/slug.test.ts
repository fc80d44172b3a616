import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { businessSlug, categorySlug, citySlug, routeSlug, slugify, slugSuffixFor, stripSlugSuffix } from './slug.ts';

describe('slugify', () => {
  test('Latin text: lower case, accents folded, special letters spelled out, one dash between words', () => {
    assert.equal(slugify("Joe's Pizza & Grill"), 'joes-pizza-and-grill');
    assert.equal(slugify('Café Zürich'), 'cafe-zurich');
    assert.equal(slugify('Hà Nội'), 'ha-noi');
    assert.equal(slugify('Straße Łódź Ørsted Æbeltoft'), 'strasse-lodz-orsted-aebeltoft');
    assert.equal(slugify('  --Hello,   World!--  '), 'hello-world');
    assert.equal(slugify('ＡＢＣ①'), 'abc1', 'full-width and circled forms read as plain ones');
  });

  test('the ASCII fast path and the Unicode path agree', () => {
    for (const text of ["Joe's Pizza & Grill", 'Hello, World', 'A-B_C d']) {
      assert.equal(slugify(text), slugify(`${text}é`).replace(/e$/, '').replace(/-$/, ''), text);
    }
  });

  test('marks that belong to their letter stay; the result is NFC', () => {
    assert.equal(slugify('ベーカリー'), 'ベーカリー', 'kana keep their voiced marks (ベ is not ヘ)');
    assert.equal(slugify('ぱん屋'), 'ぱん屋');
    assert.equal(slugify('दिल्ली'), 'दिल्ली', 'Devanagari keeps its vowel signs and virama');
    assert.equal(slugify('தமிழ்நாடு'), 'தமிழ்நாடு');
    assert.equal(slugify('กรุงเทพมหานคร'), 'กรุงเทพมหานคร');
    assert.equal(slugify('서울 강남구'), '서울-강남구');
    assert.equal(slugify('서울'), '서울'.normalize('NFC'));
    assert.equal(slugify('서울').length, 2, 'Hangul syllables stay composed');
    for (const text of ['ベーカリー', 'दिल्ली', '서울', 'Café']) assert.equal(slugify(text), slugify(text).normalize('NFC'));
  });

  test('accents of Latin and Greek letters and the optional vowel points of Hebrew and Arabic are folded; Cyrillic letters stay', () => {
    assert.equal(slugify('Αθήνα'), 'αθηνα');
    assert.equal(slugify('Ἀθῆναι'), 'αθηναι');
    assert.equal(slugify('Йошкар-Ола'), 'йошкар-ола', 'й is a letter of its own, not и with an accent');
    assert.equal(slugify('Кофейня Київ Ёлка'), 'кофейня-київ-ёлка');
    assert.equal(slugify('Кофейня'), slugify('Кофейня'.normalize('NFD')), 'typed decomposed, the same slug');
    assert.equal(slugify('Мо\u0301локо'), 'молоко', 'a stress mark is not part of the letter');
    assert.equal(slugify('שָׁלוֹם'), 'שלום');
    assert.equal(slugify('مَقْهَى'), 'مقهى');
    assert.equal(slugify('תל־אביב'), 'תל-אביב', 'the Hebrew hyphen (maqaf) still separates words');
  });

  test('a stored slug is its own route slug (the rules are idempotent), so a URL typed by hand meets it', () => {
    for (const text of ['Café Zürich', 'ベーカリー 東京', 'दिल्ली', '서울', 'Кофейня Київ', 'שָׁלוֹם', 'Straße & Co', 'Ｔｏｋｙｏ ①', 'word '.repeat(40)]) {
      const slug = slugify(text);
      assert.equal(slugify(slug), slug, text);
      assert.equal(routeSlug(slug), slug, text);
      assert.equal(routeSlug(slug.toUpperCase()), slug, `${text}, in capitals`);
    }
    const business = businessSlug('Bäckerei Müller', 'München', slugSuffixFor('ChIJ-x'));
    assert.equal(routeSlug(business), business);
    assert.equal(routeSlug(business.normalize('NFD')), business);
  });

  test('long text is cut on a word boundary; nothing usable gives an empty slug', () => {
    const long = slugify('word '.repeat(40));
    assert.ok(long.length <= 80 && !long.endsWith('-') && long.endsWith('word'), long);
    assert.equal(slugify('!!! ---'), '');
    assert.match(categorySlug('☕'), /^category-[0-9a-z]{6}$/);
    assert.notEqual(categorySlug('☕'), categorySlug('🍜'), 'two emoji categories are two categories');
    assert.equal(categorySlug('☕'), categorySlug('☕'), 'and keep their slug');
    assert.equal(citySlug('São Paulo'), 'sao-paulo');
  });
});

describe('business slugs', () => {
  test('name and city with a stable suffix from the place_id; the suffix strips back off', () => {
    const suffix = slugSuffixFor('ChIJ-abc');
    assert.equal(suffix, slugSuffixFor('ChIJ-abc'));
    assert.match(suffix, /^[0-9a-z]{6}$/);
    const slug = businessSlug('ベーカリー Sakura', '東京', suffix);
    assert.equal(slug, `ベーカリー-sakura-東京-${suffix}`);
    assert.equal(stripSlugSuffix(slug), 'ベーカリー-sakura-東京');
    assert.equal(businessSlug('!!!', null, suffix), `business-${suffix}`);
  });
});
