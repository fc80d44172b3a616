import assert from 'node:assert/strict';
import { test } from 'vitest';
import { cityPageElsewhere, cityPageSlug, otherCityNames, pageOfCitySlug } from './city-names.ts';
import { citySlug } from './slug.ts';

test('a name finds its group, whatever the spelling', () => {
  assert.deepEqual(otherCityNames('Tokio').sort(), ['tokio', 'tokyo', citySlug('東京')].sort());
  assert.ok(otherCityNames('nyc').includes('new-york'));
  assert.ok(otherCityNames('台北市').includes('taipei'));
  assert.deepEqual(otherCityNames('Springfield'), []);
  // München and Munich: one group, its two slugs.
  assert.deepEqual(otherCityNames('MÜNCHEN'), ['munich', 'munchen']);
});

test("a city's names share its page's slug in its country only", () => {
  assert.equal(cityPageSlug('Beograd', 'RS'), 'belgrade');
  assert.equal(cityPageSlug('Београд', 'rs'), 'belgrade');
  assert.equal(cityPageSlug('台北市', 'TW'), 'taipei');
  assert.equal(cityPageSlug('New York City', 'US'), 'new-york');
  assert.equal(cityPageSlug('Belgrade', 'RS'), 'belgrade');
  // Canton, Ohio and Roma, Texas are no Guangzhou and no Rome; no country, no group.
  assert.equal(cityPageSlug('Canton', 'US'), 'canton');
  assert.equal(cityPageSlug('Roma', 'US'), 'roma');
  assert.equal(cityPageSlug('Roma', null), 'roma');
  assert.equal(cityPageSlug('Springfield', 'US'), 'springfield');
  assert.equal(pageOfCitySlug('wien', 'AT'), 'vienna');
  assert.deepEqual(cityPageElsewhere('Wien'), { countryCode: 'AT', slug: 'vienna' });
  assert.equal(cityPageElsewhere('Vienna'), null, 'the page slug is its own');
  assert.equal(cityPageElsewhere('Springfield'), null);
});
