import assert from 'node:assert/strict';
import { test } from 'node:test';
import { otherCityNames } from './city-names.ts';
import { citySlug } from './slug.ts';

test('a name finds its group, whatever the spelling', () => {
  assert.deepEqual(otherCityNames('Tokio').sort(), ['tokio', 'tokyo', citySlug('東京')].sort());
  assert.ok(otherCityNames('nyc').includes('new-york'));
  assert.ok(otherCityNames('台北市').includes('taipei'));
  assert.deepEqual(otherCityNames('Springfield'), []);
  // München and Munich: one group, its two slugs.
  assert.deepEqual(otherCityNames('MÜNCHEN'), ['munich', 'munchen']);
});
