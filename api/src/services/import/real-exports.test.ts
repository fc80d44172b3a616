/**
 * Every real export in ../shared/data (relative to the repo root; present in CI) imported end to end with
 * exact counts. Skipped when the folder is absent. See ../shared/data/README.md for what each file holds.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createPool, type Pool } from '../../../../platform/db/pool.ts';
import { createPrisma, type Prisma } from '../../../../platform/db/prisma.ts';
import { createTestContext, type TestContext } from '../../../../platform/testing/context.ts';
import { importFile } from './import-file.ts';

const DATA = path.resolve(import.meta.dirname, '../../../../../shared/data');
const present = existsSync(DATA);

interface Expected {
  file: string;
  type: string;
  total: number;
  accepted: number;
  rejected: number;
  excelDuplicates: number;
  withPlaceId: number;
  columns: number;
  /** Spot checks on one stored business. */
  sample?: { where: string; expect: Record<string, unknown> };
}

const FILES: Expected[] = [
  { file: 'outscraper-samples/Stefan-SEO__restaurants-in-zurich/Outscraper-20250307150536s9c_restaurants.csv', type: 'csv', total: 797, accepted: 797, rejected: 0, excelDuplicates: 0, withPlaceId: 797, columns: 23 },
  { file: 'outscraper-samples/Zsiecinski__qc-restaurants/Outscraper-20250306082041s8b.xlsx', type: 'xlsx', total: 183, accepted: 183, rejected: 0, excelDuplicates: 0, withPlaceId: 183, columns: 23,
    sample: { where: "place_id = 'ChIJF-QFxyO3lzMRwgmAAXwC56A'", expect: { name: 'Falafel Yo! SM North Annex', postal_code: null, country_code: 'PH', rating: 4.8, review_count: 35, verified: false } } },
  { file: 'outscraper-samples/dogsbreeder__wikipets/Outscraper-20250422201418xs4e_pet_store_+44.csv', type: 'csv', total: 745, accepted: 745, rejected: 0, excelDuplicates: 0, withPlaceId: 745, columns: 14 },
  { file: 'outscraper-samples/Manikanta-Goud__gym_project-e1/Outscraper-20260306142950s9d_gym.csv', type: 'csv', total: 500, accepted: 500, rejected: 0, excelDuplicates: 0, withPlaceId: 500, columns: 23 },
  { file: 'outscraper-samples/Treacherously__drekt-platform/Outscraper-20260323153146s5e_warehouse_+6.json', type: 'json', total: 583, accepted: 500, rejected: 0, excelDuplicates: 83, withPlaceId: 583, columns: 23 },
  { file: 'outscraper-samples/JunyuMa1997__Decontextualizing-Ratings/Outscraper.xlsx', type: 'xlsx', total: 3786, accepted: 3786, rejected: 0, excelDuplicates: 0, withPlaceId: 3786, columns: 23,
    sample: { where: "place_id = 'ChIJiZbYbebHxokRj5CanFjHpeY'", expect: { name: 'The Chilly Banana', city: 'Philadelphia', country_code: 'US', rating: 4.9, review_count: 87, verified: true } } },
  { file: 'outscraper-samples/steven4354__website-email-finder/outscraper.csv', type: 'csv', total: 500, accepted: 500, rejected: 0, excelDuplicates: 0, withPlaceId: 500, columns: 23 },
  { file: 'outscraper-samples/psilva8__Hair-Restoration/Outscraper-20250416234932s92_hair_transplant.xlsx', type: 'xlsx', total: 179, accepted: 179, rejected: 0, excelDuplicates: 0, withPlaceId: 179, columns: 23 },
  { file: 'outscraper-samples/greekfreek12__atlas/Outscraper-20251210025614xxl87_plumber - Sheet1 (2).csv', type: 'csv', total: 98, accepted: 98, rejected: 0, excelDuplicates: 0, withPlaceId: 98, columns: 23 },
  { file: 'outscraper-samples/pchlada__judo-near-me/Outscraper-20250228190440xs1c_judo_club__1.xlsx', type: 'xlsx', total: 14, accepted: 14, rejected: 0, excelDuplicates: 0, withPlaceId: 14, columns: 23,
    sample: { where: "place_id = 'ChIJn2UP5keGj4ARKq0iUbOn8X4'", expect: { name: '510 Judo', postal_code: '94577', country_code: 'US', rating: 5, verified: true } } },
  { file: 'other-gmaps-scrapers/gosom__google-maps-scraper/results.csv', type: 'csv', total: 125, accepted: 118, rejected: 0, excelDuplicates: 7, withPlaceId: 125, columns: 18 },
  { file: 'openstreetmap/geonook__Dadaocheng/osm_pois.csv', type: 'csv', total: 761, accepted: 619, rejected: 142, excelDuplicates: 0, withPlaceId: 619, columns: 14 },
  // No place_id: the 9 repeats are the same company listed again with the same address (keyed by content).
  { file: 'yellowpages-xls/ruevaughn__rubyscripts/businesses.xls', type: 'xls', total: 128, accepted: 119, rejected: 0, excelDuplicates: 9, withPlaceId: 0, columns: 4 },
];

// Skipped when the shared data folder is not present.
describe.skipIf(!present)('real exports from ../shared/data', () => {
  let ctx: TestContext;
  let pool: Pool;
  let prisma: Prisma;
  beforeAll(async () => {
    ctx = await createTestContext();
    pool = createPool(ctx.config.databaseUrl!);
    prisma = createPrisma(ctx.config.databaseUrl!);
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await pool.end();
    await ctx.close();
  });

  for (const expected of FILES) {
    test(`${path.basename(expected.file)}: ${expected.accepted} accepted, ${expected.rejected} rejected, ${expected.excelDuplicates} duplicates`, async () => {
      const filePath = path.join(DATA, expected.file);
      const { status, result, jobId } = await importFile({ pool, prisma, path: filePath, fileName: path.basename(filePath) });
      assert.equal(status, 'completed', result.message);
      assert.equal(result.fileType, expected.type);
      assert.equal(result.totalRows, expected.total);
      assert.equal(result.successCount, expected.accepted);
      assert.equal(result.results.inserted, expected.accepted);
      assert.equal(result.errorCount, expected.rejected);
      assert.equal(result.skippedCount, expected.excelDuplicates);
      assert.equal(result.duplicateAnalysis.excelDuplicateCount, expected.excelDuplicates);
      assert.equal(result.duplicateAnalysis.recordsWithPlaceId, expected.withPlaceId);
      assert.equal(result.duplicateAnalysis.databaseDuplicateCount, 0);
      assert.equal(result.columnExtraction.extractedCount, expected.columns);
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses WHERE source = $1', [`import:${jobId}`]);
      assert.equal(rows[0].n, expected.accepted);
      // Every stored point is a valid pair (one bad _geo would fail a whole Meilisearch batch).
      const geo = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM businesses WHERE source = $1 AND ((latitude IS NULL) <> (longitude IS NULL) OR latitude NOT BETWEEN -90 AND 90 OR longitude NOT BETWEEN -180 AND 180)',
        [`import:${jobId}`],
      );
      assert.equal(geo.rows[0].n, 0);
      if (expected.sample) {
        const keys = Object.keys(expected.sample.expect);
        const { rows: [row] } = await pool.query(`SELECT ${keys.join(', ')} FROM businesses WHERE ${expected.sample.where}`);
        assert.deepEqual(row, expected.sample.expect);
      }
    });
  }

  test('Yellow Pages (no place_id): a company listed again with the same address, in its sheet or another, is one business', async () => {
    const report = await prisma.uploadReport.findFirstOrThrow({ where: { fileName: 'businesses.xls' } });
    const { duplicateAnalysis } = report.report as { duplicateAnalysis: { excelDuplicateRecords: Array<{ sheet: string; row: number; name: string; placeId: string | null; firstRow: number; firstSheet?: string }> } };
    const repeats = duplicateAnalysis.excelDuplicateRecords.map(({ sheet, row, name, placeId, firstRow, firstSheet }) => `${sheet.split(' ')[1]} ${row} ${name} ${placeId} ${firstSheet?.split(' ')[1]} ${firstRow}`);
    assert.ok(repeats.includes('Glass 32 Safelite Auto Glass null Glass 9'), repeats.join('\n'));
    // Listed under two categories (a sheet each): the first sheet's row wins, and the report names that sheet.
    assert.ok(repeats.includes('Diagnostic 6 Honest 1 Sunset Llc null Glass 27'), repeats.join('\n'));
    assert.equal((await pool.query("SELECT count(*)::int AS n FROM businesses WHERE full_address LIKE '%,'")).rows[0].n, 0, 'no address keeps the trailing comma of the scrape');
    // The notes count the businesses written, not the repeats skipped (128 rows, 119 businesses).
    // No country column, but a US state's code and a ZIP code: the United States (15 rows have neither).
    assert.match((report.report as { message: string }).message, / 104 rows had no country of their own; it was read from a US state and ZIP code \(104 rows\)\. 15 rows have no country /);
    assert.deepEqual((await pool.query("SELECT state, country_code, count(*)::int AS n FROM businesses WHERE place_id LIKE 'content:%' GROUP BY 1, 2 ORDER BY 1, 2")).rows, [
      { state: 'AZ', country_code: 'US', n: 2 },
      { state: 'NV', country_code: 'US', n: 13 },
      { state: 'UT', country_code: 'US', n: 89 },
      { state: null, country_code: null, n: 15 },
    ]);
    // Safelite: three addresses and five rows without one (rows 9 and 31-34), which are one listing.
    const { rows } = await pool.query("SELECT count(*)::int AS n, count(full_address)::int AS addressed FROM businesses WHERE name = 'Safelite Auto Glass'");
    assert.deepEqual(rows[0], { n: 4, addressed: 3 });
  });

  test('every file imported a second time adds nothing and changes nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n, max(updated_at) AS changed FROM businesses')).rows[0];
    for (const expected of FILES) {
      const filePath = path.join(DATA, expected.file);
      const { result } = await importFile({ pool, prisma, path: filePath, fileName: path.basename(filePath) });
      assert.deepEqual([result.results.inserted, result.results.updated, result.results.unchanged], [0, 0, expected.accepted], `${expected.file}: ${result.message}`);
    }
    assert.deepEqual((await pool.query('SELECT count(*)::int AS n, max(updated_at) AS changed FROM businesses')).rows[0], before);
  });

  test('the Zurich export with one row pasted in from a Windows-1252 file: the other rows keep their accents, nothing stored is rewritten', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mixed-encoding-'));
    try {
      const zurich = await readFile(path.join(DATA, FILES[0].file));
      const header = zurich.subarray(0, zurich.indexOf(0x0a)).toString().split(',');
      const stray = header.map((column) => (column === 'name' ? 'Stray Byte Café' : column === 'place_id' ? 'ChIJ-stray-byte' : column === 'city' ? 'Zürich' : ''));
      const file = path.join(dir, 'zurich-plus-stray.csv');
      await writeFile(file, Buffer.concat([zurich, zurich.at(-1) === 0x0a ? Buffer.alloc(0) : Buffer.from('\n'), Buffer.from(stray.join(','), 'latin1'), Buffer.from('\n')]));
      const { result } = await importFile({ pool, prisma, path: file, fileName: 'zurich-plus-stray.csv' });
      assert.deepEqual([result.results.inserted, result.results.updated, result.results.unchanged], [1, 0, FILES[0].accepted], result.message);
      assert.match(result.message, /The file mixes text encodings: 1 line is not all UTF-8 \(line \d+\); the bytes in it that are not UTF-8 were read as Windows-1252/);
      const { rows } = await pool.query("SELECT name, city FROM businesses WHERE place_id = 'ChIJ-stray-byte' OR name LIKE '%Ã%' OR city LIKE '%Ã%'");
      assert.deepEqual(rows, [{ name: 'Stray Byte Café', city: 'Zürich' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('OSM: literal N/A names are rejected with their row, ids and hours come from the OSM columns', async () => {
    const report = await prisma.uploadReport.findFirstOrThrow({ where: { fileName: 'osm_pois.csv' } });
    const errors = (report.report as { errors: string[] }).errors;
    assert.equal(errors.length, 142);
    assert.ok(errors.every((line) => /^Row \d+: name is "N\/A", which stands for no name$/.test(line)), errors[0]);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'osm:%' AND working_hours IS NOT NULL");
    assert.ok(rows[0].n > 50, `OSM opening_hours parsed for ${rows[0].n} rows`);
    // addr:full is the address as written; the parts stay in their own columns.
    const { rows: school } = await pool.query("SELECT full_address, street, postal_code, city FROM businesses WHERE place_id = 'osm:relation/214375'");
    assert.deepEqual(school, [{ full_address: '103301臺北市大同區西寧北路32號', street: '西寧北路 32', postal_code: '103301', city: '臺北市' }]);
    // shop=yes, historic=yes: a shop, a historic site; never a category called "Yes".
    const { rows: kinds } = await pool.query("SELECT place_id, category FROM businesses WHERE place_id IN ('osm:node/10076726200', 'osm:way/462960436') OR (place_id LIKE 'osm:%' AND category ILIKE 'yes') ORDER BY 1");
    assert.deepEqual(kinds, [{ place_id: 'osm:node/10076726200', category: 'Shop' }, { place_id: 'osm:way/462960436', category: 'Historic site' }]);
  });

  test('gosom: place_id from the Maps link, name from title, hours from open_hours', async () => {
    const { rows } = await pool.query("SELECT count(*)::int AS n, count(working_hours)::int AS hours FROM businesses WHERE place_id LIKE 'ChIJ%' AND country_code = 'CY'");
    assert.equal(rows[0].n, 118);
    assert.ok(rows[0].hours >= 100);
  });

  test('files without country columns: the pet stores are in Belgrade, Serbia (address, phone), the OSM places in Taiwan (addr:country)', async () => {
    const pets = await prisma.uploadReport.findFirstOrThrow({ where: { fileName: path.basename(FILES[2].file) } });
    const { rows: serbia } = await pool.query("SELECT count(*)::int AS n, count(*) FILTER (WHERE city IN ('Beograd', 'Belgrade', 'Novi Beograd'))::int AS belgrade FROM businesses WHERE country_code = 'RS'");
    // 684 of the 745 have a +381 number (one more has +7: Russia); 60 have no phone at all.
    assert.deepEqual(serbia[0], { n: 684, belgrade: 594 }); // 594: one address ends "Belgrade, county"
    const message = (pets.report as { message: string }).message;
    assert.match(message, / 692 rows had no city of their own; it was read from the end of their address\. 685 rows had no country of their own; it was read from the phone number's country code \(685 rows\)\. 60 rows have no country /);
    // 415 accepted rows carry addr:country=TW; 6 more have a +886 phone number.
    const { rows: taiwan } = await pool.query("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'osm:%' AND country_code = 'TW'");
    assert.equal(taiwan[0].n, 421);
  });

  test("categories are Google's types: the Zurich export's search words ('restaurants') and German names make no categories of their own", async () => {
    const { rows } = await pool.query(`SELECT category, count(*)::int AS n FROM businesses WHERE city = 'Zürich' AND place_id LIKE 'ChIJ%' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3`);
    assert.deepEqual(rows, [{ category: 'Restaurant', n: 115 }, { category: 'Italian restaurant', n: 88 }, { category: 'Swiss restaurant', n: 50 }]);
    const { rows: split } = await pool.query(`SELECT count(*)::int AS n FROM businesses WHERE country_code = 'CH' AND category IN ('restaurants', 'cafes', 'bars', 'Schweizerisches Restaurant')`);
    assert.equal(split[0].n, 0);
  });

  test('business_status: the places an export marks closed are stored closed (the page says so)', async () => {
    const { rows } = await pool.query(`SELECT business_status AS status, count(*)::int AS n FROM businesses WHERE city = 'Philadelphia' GROUP BY 1 ORDER BY 1`);
    assert.deepEqual(rows, [
      { status: 'CLOSED_PERMANENTLY', n: 22 },
      { status: 'CLOSED_TEMPORARILY', n: 166 },
      { status: 'OPERATIONAL', n: 3508 },
    ]);
    const { rows: bomb } = await pool.query(`SELECT business_status FROM businesses WHERE name = 'Bomb Bomb Bar B Que Grill'`);
    assert.deepEqual(bomb, [{ business_status: 'CLOSED_PERMANENTLY' }]);
  });

  test('re-importing a real export is idempotent', async () => {
    const filePath = path.join(DATA, FILES[0].file);
    const { result } = await importFile({ pool, prisma, path: filePath, fileName: 'again.csv' });
    assert.equal(result.results.inserted, 0);
    assert.equal(result.results.updated, 0);
    assert.equal(result.results.unchanged, 797);
    assert.equal(result.duplicateAnalysis.databaseDuplicateCount, 797);
    assert.equal(result.duplicateAnalysis.databaseDuplicateRate, 100);
  });
});
