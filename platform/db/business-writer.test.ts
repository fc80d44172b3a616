import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, test } from 'vitest';
import { JsonText, type BusinessRow } from '../../common/business.ts';
import { slugSuffixFor } from '../../common/slug.ts';
import { createTestContext, type TestContext } from '../testing/context.ts';
import { writeBusinessBatch, type WriteMode, type WriteOutcome } from './business-writer.ts';
import { createPool, withTransaction, type Pool } from './pool.ts';

function buildBusiness(overrides: Partial<BusinessRow> = {}): BusinessRow {
  return {
    placeId: 'ChIJ-default',
    name: 'Corner Bakery',
    type: 'Bakery',
    category: 'Bakery',
    subtypes: ['Bakery', 'Cafe'],
    fullAddress: 'Bahnhofstrasse 1, 8001 Zürich, Switzerland',
    street: 'Bahnhofstrasse 1',
    city: 'Zürich',
    postalCode: '8001',
    state: 'Zürich',
    country: 'Switzerland',
    countryCode: 'CH',
    phone: '+41 44 123 45 67',
    latitude: 47.3769,
    longitude: 8.5417,
    rating: 4.6,
    reviewCount: 123,
    reviewsLink: 'https://www.google.com/maps/place/?q=place_id:ChIJ-default',
    photo: null,
    logo: null,
    locatedIn: null,
    workingHours: { Monday: '8AM-12PM,1-6PM', Sunday: 'Closed' },
    about: { 'Service options': { 'Dine-in': true, Takeout: false } },
    verified: true,
    website: 'https://bakery.example',
    url: null,
    businessStatus: 'OPERATIONAL',
    ...overrides,
  };
}

const HOSTILE = [
  `O'Brien's "Best" Café`,
  'tab\there\tand\ttabs',
  'line one\nline two\r\nline three',
  'back\\slash \\N \\t \\\\ end\\',
  'emoji 🍕🏳️‍🌈 and 👨‍👩‍👧',
  'Кофейня «Уют»',
  '北京烤鸭店 · 老字号',
  'commas, {braces}, "NULL", NULL',
  'x'.repeat(20_000),
];

let context: TestContext;
let pool: Pool;

beforeAll(async () => {
  context = await createTestContext();
  pool = createPool(context.config.databaseUrl!, { max: 4 });
});

afterAll(async () => {
  await pool.end();
  await context.close();
});

beforeEach(async () => {
  await pool.query('TRUNCATE businesses, slug_redirects RESTART IDENTITY; TRUNCATE search_outbox RESTART IDENTITY');
});

const write = (rows: BusinessRow[], mode: WriteMode = 'upsert', source = 'test'): Promise<WriteOutcome> =>
  withTransaction(pool, (client) => writeBusinessBatch(client, rows, { mode, source }));

const outboxIds = async (): Promise<number[]> =>
  (await pool.query<{ business_id: number }>(`SELECT business_id FROM search_outbox WHERE op = 'upsert' ORDER BY id`)).rows.map((row) => row.business_id);

const idsOf = async (placeIds: string[]): Promise<number[]> =>
  (await pool.query<{ id: number }>('SELECT id FROM businesses WHERE place_id = ANY($1) ORDER BY id', [placeIds])).rows.map((row) => row.id);

describe('writeBusinessBatch', () => {
  test('upsert inserts new rows, updates changed ones and leaves identical ones alone', async () => {
    const rows = [1, 2, 3].map((n) => buildBusiness({ placeId: `P${n}`, name: `Shop ${n}` }));
    assert.deepEqual(await write(rows), { inserted: 3, updated: 0, unchanged: 0, skipped: [], duplicatesInBatch: 0, slugRetries: 0, existing: 0, existingByContent: 0 });
    const inserted = await outboxIds();
    assert.deepEqual(inserted, await idsOf(['P1', 'P2', 'P3']));

    const { rows: [before] } = await pool.query('SELECT created_at, updated_at, source FROM businesses WHERE place_id = $1', ['P2']);
    const changed = [rows[0], { ...rows[1], rating: 3.9, subtypes: ['Bakery'] }, buildBusiness({ placeId: 'P4', name: 'Shop 4' })];
    const outcome = await write(changed, 'upsert', 'second-import');
    assert.deepEqual([outcome.inserted, outcome.updated, outcome.unchanged, outcome.skipped.length], [1, 1, 1, 0]);

    const { rows: [afterRow] } = await pool.query('SELECT rating, subtypes, created_at, updated_at, source FROM businesses WHERE place_id = $1', ['P2']);
    assert.equal(afterRow.rating, 3.9);
    assert.deepEqual(afterRow.subtypes, ['Bakery']);
    assert.deepEqual(afterRow.created_at, before.created_at);
    assert.equal(afterRow.source, 'test', 'an update keeps the source of the import that created the row');
    assert.ok(afterRow.updated_at > before.updated_at);
    const { rows: [fresh] } = await pool.query('SELECT source FROM businesses WHERE place_id = $1', ['P4']);
    assert.equal(fresh.source, 'second-import');

    // The outbox gained exactly the changed and the new business, not the unchanged one.
    const added = (await outboxIds()).slice(inserted.length);
    assert.deepEqual(added.sort((a, b) => a - b), await idsOf(['P2', 'P4']));
  });

  test('a re-run of the same batch changes nothing and adds no outbox rows', async () => {
    const rows = Array.from({ length: 50 }, (_, n) => buildBusiness({ placeId: `R${n}`, name: `Row ${n}`, rating: n % 2 ? null : 4.5, about: n % 3 ? 'plain text about' : null }));
    await write(rows);
    const outboxBefore = (await outboxIds()).length;
    const { rows: [stamp] } = await pool.query('SELECT max(updated_at) AS latest FROM businesses');
    const again = await write(rows);
    assert.deepEqual([again.inserted, again.updated, again.unchanged], [0, 0, 50]);
    assert.equal((await outboxIds()).length, outboxBefore);
    const { rows: [stampAfter] } = await pool.query('SELECT max(updated_at) AS latest FROM businesses');
    assert.deepEqual(stampAfter.latest, stamp.latest);
  });

  test('working hours keep the order of the file, and the same JSON spaced or ordered otherwise is no change', async () => {
    const week = { Monday: '9AM-5PM', Tuesday: '9AM-5PM', Wednesday: 'Closed', Saturday: '10AM-2PM', Sunday: 'Closed' };
    const rows = [buildBusiness({ placeId: 'W1', workingHours: week })];
    await write(rows);
    const { rows: [stored] } = await pool.query(`SELECT working_hours FROM businesses WHERE place_id = 'W1'`);
    assert.deepEqual(Object.keys(stored.working_hours), Object.keys(week), 'the days as the file gave them (jsonb sorted them by length)');

    // A row stored before the json migration reads back as jsonb wrote it: other key order, other spacing.
    await pool.query(`UPDATE businesses SET working_hours = working_hours::jsonb::json, about = about::jsonb::json WHERE place_id = 'W1'`);
    const { rows: [rewritten] } = await pool.query(`SELECT working_hours::text AS text FROM businesses WHERE place_id = 'W1'`);
    assert.notEqual(rewritten.text, JSON.stringify(week));
    const outboxBefore = (await outboxIds()).length;
    assert.deepEqual(await write(rows).then((outcome) => [outcome.updated, outcome.unchanged]), [0, 1]);
    assert.equal((await outboxIds()).length, outboxBefore);
    assert.equal((await write([{ ...rows[0], workingHours: { ...week, Sunday: '11AM-3PM' } }])).updated, 1);
  });

  test('a place_id with a NUL byte is stored without it and found again on the next write', async () => {
    const first = await write([buildBusiness({ placeId: 'NUL\u0000ID', name: 'Nul Cafe' })]);
    assert.equal(first.inserted, 1);
    const again = await write([buildBusiness({ placeId: 'NUL\u0000ID', name: 'Nul Cafe Renamed' })]);
    assert.deepEqual([again.existing, again.updated, again.inserted], [1, 1, 0]);
    const { rows } = await pool.query("SELECT name FROM businesses WHERE place_id = 'NULID'");
    assert.deepEqual(rows.map((row) => row.name), ['Nul Cafe Renamed']);
  });

  test('the slug stays the same when a re-import renames the business', async () => {
    await write([buildBusiness({ placeId: 'S1', name: 'Old Name', city: 'Bern' })]);
    const { rows: [first] } = await pool.query('SELECT slug FROM businesses WHERE place_id = $1', ['S1']);
    assert.equal(first.slug, `old-name-bern-${slugSuffixFor('S1')}`);
    const outcome = await write([buildBusiness({ placeId: 'S1', name: 'New Name', city: 'Basel' })]);
    assert.equal(outcome.updated, 1);
    const { rows: [second] } = await pool.query('SELECT slug, name, city, city_slug FROM businesses WHERE place_id = $1', ['S1']);
    assert.equal(second.slug, first.slug);
    assert.deepEqual([second.name, second.city, second.city_slug], ['New Name', 'Basel', 'basel']);
  });

  test('insert mode skips existing place_ids with reason "exists" and their index', async () => {
    await write([buildBusiness({ placeId: 'I1', name: 'Kept' })]);
    const outcome = await write(
      [buildBusiness({ placeId: 'I2', name: 'New' }), buildBusiness({ placeId: 'I1', name: 'Would overwrite' })],
      'insert',
    );
    assert.equal(outcome.inserted, 1);
    assert.deepEqual(outcome.skipped, [{ index: 1, placeId: 'I1', name: 'Would overwrite', reason: 'exists' }]);
    const { rows } = await pool.query('SELECT name FROM businesses WHERE place_id = $1', ['I1']);
    assert.equal(rows[0].name, 'Kept');
  });

  test('a skipped row is named exactly as its file named it, whatever characters the name holds', async () => {
    const rows = HOSTILE.map((name, n) => buildBusiness({ placeId: `H${n}`, name, city: n % 2 ? name : null }));
    await write(rows);
    const outcome = await write(rows, 'insert');
    assert.deepEqual(outcome.skipped.map((row) => row.name), HOSTILE);
    const missing = await write(HOSTILE.map((name, n) => buildBusiness({ placeId: `M${n}`, name })), 'update');
    assert.deepEqual(missing.skipped.map((row) => [row.placeId, row.name]), HOSTILE.map((name, n) => [`M${n}`, name]));
  });

  test('update mode changes only matched rows and reports the rest as "no_match"', async () => {
    await write([buildBusiness({ placeId: 'U1', name: 'One' }), buildBusiness({ placeId: 'U2', name: 'Two' })]);
    const outcome = await write(
      [
        buildBusiness({ placeId: 'U1', name: 'One renamed' }),
        buildBusiness({ placeId: 'U9', name: 'Unknown' }),
        buildBusiness({ placeId: null, name: 'No id' }),
        buildBusiness({ placeId: 'U2', name: 'Two' }),
      ],
      'update',
    );
    assert.deepEqual([outcome.inserted, outcome.updated, outcome.unchanged], [0, 1, 1]);
    assert.deepEqual(outcome.skipped, [
      { index: 1, placeId: 'U9', name: 'Unknown', reason: 'no_match' },
      { index: 2, placeId: null, name: 'No id', reason: 'no_match' },
    ]);
    const { rows } = await pool.query('SELECT place_id, name FROM businesses ORDER BY place_id');
    assert.deepEqual(rows, [{ place_id: 'U1', name: 'One renamed' }, { place_id: 'U2', name: 'Two' }]);
  });

  test('duplicate place_ids inside one batch: the last occurrence wins', async () => {
    const outcome = await write([
      buildBusiness({ placeId: 'D1', name: 'First' }),
      buildBusiness({ placeId: 'D2', name: 'Other' }),
      buildBusiness({ placeId: 'D1', name: 'Last' }),
    ]);
    assert.deepEqual([outcome.inserted, outcome.updated, outcome.unchanged, outcome.duplicatesInBatch], [2, 0, 0, 1]);
    const { rows } = await pool.query('SELECT name FROM businesses WHERE place_id = $1', ['D1']);
    assert.deepEqual(rows, [{ name: 'Last' }]);
  });

  test('rows without place_id are always inserted, even with identical name and city', async () => {
    const row = buildBusiness({ placeId: null, name: 'Nameless Twin', city: 'Geneva' });
    const first = await write([row, row, row]);
    const second = await write([row], 'insert');
    assert.equal(first.inserted, 3);
    assert.equal(second.inserted, 1);
    const { rows } = await pool.query(`SELECT slug FROM businesses WHERE name = 'Nameless Twin'`);
    assert.equal(rows.length, 4);
    assert.equal(new Set(rows.map((r) => r.slug)).size, 4);
    for (const { slug } of rows) assert.match(slug, /^nameless-twin-geneva-[a-z0-9]{6}$/);
  });

  test('a new slug that is already taken gets a new suffix instead of failing the batch', async () => {
    await write([buildBusiness({ placeId: 'C1', name: 'Clash' })]);
    // Take the slug the next row would get, under another place_id.
    const stolen = `other-zurich-${slugSuffixFor('C2')}`;
    await pool.query(`UPDATE businesses SET slug = $1 WHERE place_id = 'C1'`, [stolen]);
    const outcome = await write([buildBusiness({ placeId: 'C2', name: 'Other' }), buildBusiness({ placeId: 'C3', name: 'Third' })]);
    assert.equal(outcome.inserted, 2);
    assert.equal(outcome.slugRetries, 1);
    const { rows } = await pool.query(`SELECT slug FROM businesses WHERE place_id = 'C2'`);
    assert.notEqual(rows[0].slug, stolen);
    assert.match(rows[0].slug, /^other-zurich-[a-z0-9]{6}$/);
  });

const cut = (text: string, length: number) => Array.from(text).slice(0, length).join('');

  test('hostile strings, JSON and arrays round-trip byte for byte', async () => {
    const rows = HOSTILE.map((text, n) =>
      buildBusiness({
        placeId: `H${n}`,
        name: text,
        street: text,
        city: cut(text, 100),
        subtypes: [text, 'plain', '', 'a,b', '"quoted"', 'back\\slash', '{x}', 'NULL'],
        workingHours: { Monday: text, Tuesday: 'Open 24 hours' },
        about: n % 2 ? text : { [cut(text, 50)]: { [cut(text, 20)]: true, other: text } },
      }),
    );
    assert.equal((await write(rows)).inserted, HOSTILE.length);
    const { rows: stored } = await pool.query('SELECT place_id, name, street, subtypes, working_hours, about FROM businesses ORDER BY id');
    stored.forEach((row, n) => {
      assert.equal(row.name, rows[n].name);
      assert.equal(Buffer.compare(Buffer.from(row.street), Buffer.from(rows[n].street!)), 0);
      assert.deepEqual(row.subtypes, rows[n].subtypes);
      assert.deepEqual(row.working_hours, rows[n].workingHours);
      assert.deepEqual(row.about, rows[n].about);
    });
    // And a re-run sees them as unchanged (equal values compare equal after the round trip).
    assert.equal((await write(rows)).unchanged, HOSTILE.length);
  });

  test('a NUL character is dropped and a half emoji becomes U+FFFD instead of failing the batch', async () => {
    const halfEmoji = '🍕'.slice(0, 1);
    const outcome = await write([
      buildBusiness({ placeId: 'N1', name: 'Null\u0000Byte', about: { group: { 'a\u0000b': 'c\u0000d' } } }),
      buildBusiness({ placeId: 'N2', name: `Pizza ${halfEmoji}`, about: { [`x${halfEmoji}`]: { y: halfEmoji } }, workingHours: { Monday: halfEmoji } }),
    ]);
    assert.equal(outcome.inserted, 2);
    const { rows } = await pool.query(`SELECT name, about, working_hours FROM businesses ORDER BY place_id`);
    assert.equal(rows[0].name, 'NullByte');
    assert.deepEqual(rows[0].about, { group: { ab: 'cd' } });
    assert.equal(rows[1].name, 'Pizza \uFFFD');
    assert.deepEqual(rows[1].about, { 'x\uFFFD': { y: '\uFFFD' } });
    assert.deepEqual(rows[1].working_hours, { Monday: '\uFFFD' });
  });

  test('a place_id committed by a concurrent writer after the lookup is updated, not a failed batch', async () => {
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      assert.equal((await writeBusinessBatch(first, [buildBusiness({ placeId: 'R1', name: 'Race first' })], { mode: 'upsert', source: 'a' })).inserted, 1);
      // The second writer cannot see the uncommitted row, so its direct COPY waits on the unique index...
      const racing = writeBusinessBatch(second, [buildBusiness({ placeId: 'R1', name: 'Race second' }), buildBusiness({ placeId: 'R2' })], { mode: 'upsert', source: 'b' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.query('COMMIT');
      // ...and, refused once the first commits, falls back to the upsert path for the whole batch.
      const outcome = await racing;
      await second.query('COMMIT');
      assert.deepEqual([outcome.inserted, outcome.updated], [1, 1]);
    } finally {
      first.release();
      second.release();
    }
    const { rows } = await pool.query('SELECT place_id, name, source FROM businesses ORDER BY place_id');
    assert.deepEqual(rows, [
      { place_id: 'R1', name: 'Race second', source: 'a' },
      { place_id: 'R2', name: 'Corner Bakery', source: 'b' },
    ]);
  });

  test('JSON text handed over with a row is stored as that JSON, minus what jsonb cannot hold', async () => {
    await write([
      buildBusiness({ placeId: 'J1', about: new JsonText('{ "g" : { "x" : true } }'), workingHours: new JsonText('{"Monday":"a\\tb\\u0000"}') }),
    ]);
    const { rows } = await pool.query(`SELECT about, working_hours FROM businesses WHERE place_id = 'J1'`);
    assert.deepEqual(rows[0].about, { g: { x: true } });
    assert.deepEqual(rows[0].working_hours, { Monday: 'a\tb' });
  });

  test('outside a transaction it refuses instead of silently writing nothing', async () => {
    const client = await pool.connect();
    try {
      await assert.rejects(writeBusinessBatch(client, [buildBusiness({ placeId: 'X1' })], { mode: 'upsert', source: 'x' }), /inside a transaction/);
    } finally {
      client.release();
    }
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM businesses');
    assert.equal(rows[0].n, 0);
  });

  test('several batches in one transaction and an empty batch', async () => {
    const outcomes = await withTransaction(pool, async (client) => [
      await writeBusinessBatch(client, [buildBusiness({ placeId: 'T1' })], { mode: 'upsert', source: 'x' }),
      await writeBusinessBatch(client, [], { mode: 'upsert', source: 'x' }),
      await writeBusinessBatch(client, [buildBusiness({ placeId: 'T2' })], { mode: 'upsert', source: 'x' }),
    ]);
    assert.deepEqual(outcomes.map((outcome) => outcome.inserted), [1, 0, 1]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM businesses');
    assert.equal(rows[0].n, 2);
  });

  test('a demo row that an import changes becomes the import\'s; other rows keep the source that created them', async () => {
    await write([buildBusiness({ placeId: 'D1', name: 'Demo 1' }), buildBusiness({ placeId: 'D2', name: 'Demo 2' }), buildBusiness({ placeId: 'D3', name: 'Demo 3' })], 'upsert', 'demo');
    await write([buildBusiness({ placeId: 'D1', name: 'Demo 1 for real' })], 'upsert', 'import:a');
    await withTransaction(pool, (client) => writeBusinessBatch(client, [buildBusiness({ placeId: 'D2', name: 'Demo 2 for real' })], { mode: 'update', source: 'import:b', columns: ['name'] }));
    await write([buildBusiness({ placeId: 'D1', name: 'Demo 1 again' })], 'upsert', 'import:c');
    const { rows } = await pool.query<{ place_id: string; source: string }>(`SELECT place_id, source FROM businesses WHERE place_id LIKE 'D%' ORDER BY place_id`);
    assert.deepEqual(rows, [
      { place_id: 'D1', source: 'import:a' },
      { place_id: 'D2', source: 'import:b' },
      { place_id: 'D3', source: 'demo' },
    ]);
  });

  test('isApproved: false writes new rows held for review; existing rows keep their approval', async () => {
    await write([buildBusiness({ placeId: 'A1', name: 'Approved' })]);
    for (const mode of ['upsert', 'insert'] as const) {
      await withTransaction(pool, (client) =>
        writeBusinessBatch(client, [buildBusiness({ placeId: 'A1', name: 'Approved, renamed' }), buildBusiness({ placeId: `H-${mode}`, name: 'Held' })], { mode, source: 'import:h', isApproved: false }),
      );
    }
    const { rows } = await pool.query<{ place_id: string; is_approved: boolean }>(`SELECT place_id, is_approved FROM businesses ORDER BY place_id`);
    assert.deepEqual(rows, [
      { place_id: 'A1', is_approved: true },
      { place_id: 'H-insert', is_approved: false },
      { place_id: 'H-upsert', is_approved: false },
    ]);
  });
});
