import assert from 'node:assert/strict';
import { test } from 'vitest';
import { countOf, formatK, hoursText, formatMillions, formatNK, formatThousandsPlus, reviewsCapped, toNumber, truncate } from './format.ts';

test("home counters: businesses above a million as 'NM+', cities above 1000 as 'NK+'", () => {
  assert.equal(formatMillions(1_000_000), '1,000,000');
  assert.equal(formatMillions(1_000_001), '1M+');
  assert.equal(formatMillions(2_999_999), '2M+');
  assert.equal(formatMillions(33), '33');
  assert.equal(formatThousandsPlus(1000), '1,000');
  assert.equal(formatThousandsPlus(1001), '1K+');
  assert.equal(formatThousandsPlus(12_345), '12K+');
});

test("card truncations and the '99+' review cap", () => {
  assert.equal(truncate('Sunrise Coffee Roasters', 15), 'Sunrise Coffee...', 'no space before the dots');
  assert.equal(truncate('Exactly 15 char', 15), 'Exactly 15 char');
  assert.equal(truncate(null, 12), '');
  // Characters as a reader counts them: no emoji cut in half, no consonant without its vowel sign.
  assert.equal(truncate('Noodle Houses 🍜🍜', 15), 'Noodle Houses 🍜...');
  assert.equal(truncate('🍜🍜🍜', 3), '🍜🍜🍜', 'three characters fit in three, though they are six UTF-16 units');
  assert.equal(truncate('हल्दीराम स्वीट्स', 4), 'हल्दीराम...', 'ह ल्दी रा म: four characters');
  assert.equal(truncate('🇯🇵🇰🇷🇩🇪', 2), '🇯🇵🇰🇷...');
  assert.equal(reviewsCapped(99), '99');
  assert.equal(reviewsCapped(100), '99+');
});

test("list counts: 'k' above 999 for categories, 'K' from 1000 for countries and cities, strings read as numbers", () => {
  assert.equal(formatK(999), '999');
  assert.equal(formatK(1000), '1k');
  assert.equal(formatK(1250), '1.3k');
  assert.equal(formatNK(999), '999');
  assert.equal(formatNK(1000), '1K');
  assert.equal(formatNK(15_500), '15.5K');
  assert.equal(toNumber('1234'), 1234);
  assert.equal(toNumber(null), 0);
  assert.equal(toNumber('n/a'), 0);
});

test('a count with its noun in the right number', () => {
  assert.equal(countOf(1, 'business', 'businesses'), '1 business');
  assert.equal(countOf(0, 'business', 'businesses'), '0 businesses');
  assert.equal(countOf(2400, 'city', 'cities'), '2,400 cities');
});

test('opening hours read with a space after each comma, as stored otherwise', () => {
  assert.equal(hoursText('8AM-12PM,1:30-5:30PM'), '8AM-12PM, 1:30-5:30PM');
  assert.equal(hoursText('9 AM–5 PM'), '9 AM–5 PM');
  assert.equal(hoursText('7-11 , 13-18'), '7-11, 13-18');
});
