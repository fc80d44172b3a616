import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DATA_COLUMN_NAMES } from '../../../../platform/db/business-writer.ts';
import { mapColumns } from './columns.ts';
import { EXPORT_HEADER } from './testing/export-rows.ts';

describe('updatable columns: what an import may change in a business that exists', () => {
  test('a full Outscraper export may change every data column the writer has', () => {
    // Fails when the writer gains a column the mapping does not know about (it would never be updated).
    assert.deepEqual(mapColumns([...EXPORT_HEADER, 'site']).updatableColumns.sort(), [...DATA_COLUMN_NAMES].sort());
  });

  test('only the columns a file has, and those derived from them', () => {
    assert.deepEqual(mapColumns(['name', 'place_id', 'rating']).updatableColumns, ['name', 'rating']);
    // type and category come from subtypes; the country and its code from each other; slugs from their text.
    assert.deepEqual(mapColumns(['Name', 'Subtypes', 'Country', 'City']).updatableColumns.sort(),
      ['category', 'category_slug', 'city', 'city_slug', 'country', 'country_code', 'name', 'subtypes', 'type']);
  });

  test('coordinates only as a pair: one of them alone changes neither', () => {
    assert.deepEqual(mapColumns(['name', 'latitude']).updatableColumns, ['name']);
    assert.deepEqual(mapColumns(['name', 'lat', 'lng']).updatableColumns, ['name', 'latitude', 'longitude']);
  });

  test('a layout adapter counts as having the columns it fills (gosom: address parts from complete_address)', () => {
    const columns = mapColumns(['title', 'link', 'complete_address']).updatableColumns;
    for (const column of ['street', 'city', 'postal_code', 'state', 'country_code', 'country', 'url']) assert.ok(columns.includes(column), column);
    assert.ok(!columns.includes('phone'));
  });
});
