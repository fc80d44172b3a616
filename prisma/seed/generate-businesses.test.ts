import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'vitest';
import type { BusinessRow } from '../../common/business.ts';
import { distanceKm } from './business-address.ts';
import { generateBusinesses } from './generate-businesses.ts';
import { CATEGORIES } from './reference/categories.ts';
import { CITIES } from './reference/cities.ts';
import { CHAINS } from './reference/names.ts';
import { WEEKDAYS } from './working-hours.ts';

const SHARED_DATA = path.resolve(import.meta.dirname, '../../../shared/data');
const CITY_BY_KEY = new Map(CITIES.map((city) => [`${city.countryCode}|${city.name}`, city]));
const rows: BusinessRow[] = [...generateBusinesses({ count: 5000, seed: 11 })];
const share = (predicate: (row: BusinessRow) => boolean) => rows.filter(predicate).length / rows.length;

describe('generateBusinesses', () => {
  test('the same seed gives the same rows, another seed other rows', () => {
    const again = [...generateBusinesses({ count: 300, seed: 11 })];
    assert.deepEqual(again, rows.slice(0, again.length));
    const other = [...generateBusinesses({ count: 300, seed: 12 })];
    const ids = new Set(again.map((row) => row.placeId));
    assert.ok(other.filter((row) => ids.has(row.placeId)).length === 0);
    assert.notDeepEqual(other.map((row) => row.name), again.map((row) => row.name));
  });

  test('count is the number of distinct businesses; some rows repeat an earlier place_id, some with changed data', () => {
    const byId = new Map<string, BusinessRow[]>();
    for (const row of rows) byId.set(row.placeId!, [...(byId.get(row.placeId!) ?? []), row]);
    assert.equal(byId.size, 5000);
    const repeated = [...byId.values()].filter((group) => group.length > 1);
    assert.ok(repeated.length >= 50 && repeated.length <= 200, `${repeated.length} repeated place ids`);
    assert.ok(repeated.some((group) => JSON.stringify(group[0]) !== JSON.stringify(group[1])), 'some repeats carry changed data');
    assert.ok(repeated.some((group) => JSON.stringify(group[0]) === JSON.stringify(group[1])), 'some repeats are identical');
    for (const row of rows) assert.match(row.placeId!, /^ChIJ[A-Za-z0-9_-]{23}$/);
  });

  test('businesses sit in real cities of at least 25 countries, within a few km of the centre', () => {
    const countries = new Set(rows.map((row) => row.countryCode));
    assert.ok(countries.size >= 25, `${countries.size} countries`);
    for (const row of rows) {
      const city = CITY_BY_KEY.get(`${row.countryCode}|${row.city}`);
      assert.ok(city, `${row.city} (${row.countryCode}) is a reference city`);
      if (row.latitude === null) continue;
      const km = distanceKm({ latitude: row.latitude, longitude: row.longitude! }, city);
      assert.ok(km <= 25, `${row.name} is ${km.toFixed(1)} km from ${row.city}`);
    }
  });

  test('ratings are 0-5 with one decimal, skewed to 4-5, some "New"; review counts have a long tail', () => {
    for (const row of rows) {
      if (row.rating === null) {
        assert.equal(row.reviewCount, 0);
        continue;
      }
      assert.ok(row.rating >= 0 && row.rating <= 5, String(row.rating));
      assert.equal(Math.round(row.rating * 10) / 10, row.rating);
      assert.ok(Number.isInteger(row.reviewCount) && row.reviewCount > 0);
    }
    const rated = rows.filter((row) => row.rating !== null);
    assert.ok(rated.filter((row) => row.rating! >= 4).length / rated.length > 0.7);
    assert.ok(share((row) => row.rating === null) > 0.02);
    const counts = rated.map((row) => row.reviewCount).sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)];
    assert.ok(counts.at(-1)! > median * 50, `max ${counts.at(-1)} vs median ${median}`);
  });

  test('working hours name every weekday with Google-style ranges, split shifts, Closed or Open 24 hours', () => {
    const shift = String.raw`\d{1,2}(:\d{2})?(AM|PM)?-\d{1,2}(:\d{2})?(AM|PM)`;
    const pattern = new RegExp(`^(Closed|Open 24 hours|${shift}(,${shift})?)$`);
    const values = new Set<string>();
    for (const row of rows) {
      if (!row.workingHours) continue;
      assert.deepEqual(Object.keys(row.workingHours), [...WEEKDAYS]);
      for (const hours of Object.values(row.workingHours)) {
        assert.match(hours, pattern);
        values.add(hours);
      }
    }
    assert.ok(values.has('Closed') && values.has('Open 24 hours'));
    assert.ok([...values].some((hours) => hours.includes(',')), 'split shifts appear');
  });

  test('about is amenity groups of true/false features with occasional text values', () => {
    let texts = 0;
    for (const row of rows) {
      if (row.about === null) continue;
      assert.equal(typeof row.about, 'object');
      for (const [group, features] of Object.entries(row.about as Record<string, Record<string, unknown>>)) {
        assert.ok(group.length > 0 && Object.keys(features).length > 0);
        for (const value of Object.values(features)) {
          assert.ok(typeof value === 'boolean' || typeof value === 'string');
          if (typeof value === 'string') texts++;
        }
      }
    }
    assert.ok(texts > 0);
    assert.ok(rows.some((row) => typeof row.about === 'object' && (row.about as Record<string, Record<string, unknown>> | null)?.['Service options']?.['Dine-in'] !== undefined));
  });

  test('fields are missing about as often as in real exports', () => {
    const phone = share((row) => row.phone === null);
    const website = share((row) => row.website === null);
    const coordinates = share((row) => row.latitude === null);
    const hours = share((row) => row.workingHours === null);
    assert.ok(phone > 0.06 && phone < 0.14, `no phone ${phone}`);
    assert.ok(website > 0.22 && website < 0.42, `no website ${website}`);
    assert.ok(coordinates > 0.01 && coordinates < 0.06, `no coordinates ${coordinates}`);
    assert.ok(hours > 0.1 && hours < 0.2, `no hours ${hours}`);
    for (const row of rows) assert.equal(row.latitude === null, row.longitude === null);
  });

  test('names follow several templates, chains repeat across cities, some names use a native script', () => {
    assert.ok(rows.some((row) => /^\S+'s /.test(row.name)), 'possessive names');
    assert.ok(rows.some((row) => /^The /.test(row.name)), '"The ..." names');
    assert.ok(rows.some((row) => row.city && row.name.startsWith(`${row.city} `)), '"<City> <Category>" names');
    for (const script of ['Cyrillic', 'Han', 'Hangul', 'Greek', 'Arabic', 'Thai']) {
      assert.ok(rows.some((row) => new RegExp(`\\p{Script=${script}}`, 'u').test(row.name)), `${script} names`);
    }
    const chainCities = new Map<string, Set<string>>();
    for (const row of rows) {
      const chain = CHAINS.find((item) => row.name.startsWith(item.name));
      if (chain) chainCities.set(chain.name, (chainCities.get(chain.name) ?? new Set()).add(row.city!));
    }
    assert.ok([...chainCities.values()].some((cities) => cities.size >= 5), 'a chain has branches in many cities');
  });

  test('phones, postal codes and links follow each country', () => {
    const byCountry = (code: string) => rows.filter((row) => row.countryCode === code);
    for (const row of byCountry('CH')) if (row.phone) assert.match(row.phone, /^\+41 \d{2} \d{3} \d{2} \d{2}$/);
    for (const row of byCountry('US')) if (row.phone) assert.match(row.phone, /^\+1 \d{3}-\d{3}-\d{4}$/);
    for (const row of byCountry('US')) assert.match(row.fullAddress!, /, [A-Z]{2} \d{5}$/);
    for (const row of byCountry('DE')) assert.match(row.postalCode!, /^\d{5}$/);
    for (const row of byCountry('AE')) assert.equal(row.postalCode, null);
    for (const row of rows) {
      assert.equal(row.url, `https://www.google.com/maps/place/?q=place_id:${row.placeId}`);
      assert.ok(row.reviewsLink!.includes(`placeid=${row.placeId}`));
      assert.equal(row.subtypes[0], row.category);
      if (row.photo) assert.match(row.photo, /^https:\/\/picsum\.photos\/seed\/[\w-]+\/400\/300$/);
      if (row.website) assert.doesNotThrow(() => new URL(row.website!));
    }
  });

  test('rows stream one at a time: the first of ten million comes at once', () => {
    // Building the rows up front would take minutes and gigabytes here, failing the test by timeout or memory.
    const generator = generateBusinesses({ count: 10_000_000, seed: 3 });
    assert.equal(typeof generator.next, 'function');
    assert.ok(generator.next().value, 'the first row comes at once');
  });
});

describe('reference data is plausible (checked against shared/data when present)', () => {
  const geonames = path.join(SHARED_DATA, 'geonames/ali-hv__geobank-data/cities15000.zip');
  const categories = path.join(SHARED_DATA, 'google-categories/fufunafu__Outscraper-DUPE/gmb-categories.json');

  // Both skipped when shared/data is absent.
  test.skipIf(!existsSync(geonames))('every reference city lies within 8 km of a GeoNames city of the same country', () => {
    const text = execFileSync('unzip', ['-p', geonames], { maxBuffer: 256 * 1024 * 1024 }).toString();
    const known = text.split('\n').filter(Boolean).map((line) => {
      const fields = line.split('\t');
      return { countryCode: fields[8], latitude: Number(fields[4]), longitude: Number(fields[5]) };
    });
    for (const city of CITIES) {
      const nearest = Math.min(...known.filter((item) => item.countryCode === city.countryCode).map((item) => distanceKm(item, city)));
      assert.ok(nearest <= 8, `${city.name} (${city.countryCode}) is ${nearest.toFixed(1)} km from any GeoNames city`);
    }
  });

  test.skipIf(!existsSync(categories))('categories and subtypes are Google Business Profile categories', () => {
    const google = new Set((JSON.parse(readFileSync(categories, 'utf8')) as string[]).map((name) => name.toLowerCase()));
    const primary = CATEGORIES.map((category) => category.name);
    const subtypes = [...new Set(CATEGORIES.flatMap((category) => category.subtypes))];
    const known = (names: string[]) => names.filter((name) => google.has(name.toLowerCase())).length / names.length;
    assert.ok(primary.length >= 120, `${primary.length} categories`);
    assert.ok(known(primary) >= 0.95, `primary categories known: ${known(primary)}`);
    assert.ok(known(subtypes) >= 0.85, `subtypes known: ${known(subtypes)}`);
  });
});
