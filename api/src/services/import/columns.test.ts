import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { DATA_COLUMN_NAMES } from '../../../../platform/db/business-writer.ts';
import { mapColumns } from './columns.ts';
import { uniqueHeaders } from './source-rows.ts';
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

describe('headers in the languages admins write them', () => {
  const fieldsOf = (headers: string[]) => Object.fromEntries(Object.entries(mapColumns(headers).sources).map(([field, names]) => [field, names![0]]));

  test('Turkish (the admin panel\'s language), with its dotted and dotless i', () => {
    assert.deepEqual(fieldsOf(['İşletme Adı', 'Adres', 'Telefon', 'Şehir', 'Ülke', 'Kategori', 'Puan', 'Yorum Sayısı', 'Enlem', 'Boylam', 'Web Sitesi', 'Posta Kodu']), {
      name: 'İşletme Adı', fullAddress: 'Adres', phone: 'Telefon', city: 'Şehir', country: 'Ülke', category: 'Kategori', rating: 'Puan',
      reviews: 'Yorum Sayısı', latitude: 'Enlem', longitude: 'Boylam', website: 'Web Sitesi', postalCode: 'Posta Kodu',
    });
  });

  test('German, French and Spanish', () => {
    assert.deepEqual(fieldsOf(['Firmenname', 'Straße', 'PLZ', 'Ort', 'Telefon', 'Webseite', 'Kategorie', 'Land']), {
      name: 'Firmenname', street: 'Straße', postalCode: 'PLZ', city: 'Ort', phone: 'Telefon', website: 'Webseite', category: 'Kategorie', country: 'Land',
    });
    assert.deepEqual(fieldsOf(['Nom', 'Adresse', 'Ville', 'Code postal', 'Téléphone', 'Pays']), {
      name: 'Nom', fullAddress: 'Adresse', city: 'Ville', postalCode: 'Code postal', phone: 'Téléphone', country: 'Pays',
    });
    assert.deepEqual(fieldsOf(['Nombre', 'Dirección', 'Ciudad', 'Teléfono', 'País']), {
      name: 'Nombre', fullAddress: 'Dirección', city: 'Ciudad', phone: 'Teléfono', country: 'País',
    });
  });

  test('an English name column wins over another language\'s', () => {
    assert.equal(mapColumns(['Firma', 'Name', 'City']).sources.name?.[0], 'Name');
  });
});

describe('a column given twice', () => {
  test('is read as one (the first with a value) and named in the report; a header only differing in case is the same column', () => {
    const mapping = mapColumns(uniqueHeaders(['name', 'phone', 'city', 'name', 'Phone', 'notes', 'notes']));
    assert.deepEqual(mapping.sources.name, ['name', 'name\u00a0#2']);
    assert.deepEqual(mapping.sources.phone, ['phone', 'Phone']);
    assert.deepEqual(mapping.map(['', '', 'Oslo', 'Second Name', '+47 22 00 00 00', 'x', 'y']).name, 'Second Name');
    assert.deepEqual(mapping.map(['First', '+1 555 0100', 'Oslo', 'Second', '+47 22 00 00 00', '', '']).phone, '+1 555 0100');
    // Columns no field reads ("notes") are not worth a word.
    assert.deepEqual(mapping.notes, [
      'Column "name" appears 2 times: each row takes the first of them that has a value.',
      'Column "phone" appears 2 times: each row takes the first of them that has a value.',
    ]);
    // Outscraper's phone_1, phone_2 are other columns (often other numbers), not repeats of phone.
    const outscraper = mapColumns(uniqueHeaders(['name', 'phone', 'phone_1', 'phone_2']));
    assert.deepEqual([outscraper.sources.phone, outscraper.notes], [['phone'], []]);
  });
});
