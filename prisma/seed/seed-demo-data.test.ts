import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createPool, type Pool } from '../../platform/db/pool.ts';
import { createTestContext, type TestContext } from '../../platform/testing/context.ts';
import { generateBusinesses } from './generate-businesses.ts';
import { seedDemoData } from './seed-demo-data.ts';

let context: TestContext;
let pool: Pool;

beforeAll(async () => {
  context = await createTestContext();
  pool = createPool(context.config.databaseUrl!, { max: 3 });
});

afterAll(async () => {
  await pool.end();
  await context.close();
});

describe('seedDemoData', () => {
  test('5,000 businesses load once; a second run adds none and rewrites only repeated rows', async () => {
    const generated = [...generateBusinesses({ count: 5000, seed: 5 })].length;
    const progress: number[] = [];
    const first = await seedDemoData({ pool, count: 5000, seed: 5, batchSize: 1000, onProgress: (written) => progress.push(written) });
    assert.equal(first.inserted, 5000);
    assert.ok(first.seconds > 0);
    assert.equal(progress.at(-1), generated);
    assert.deepEqual(progress, [...progress].sort((a, b) => a - b));

    const { rows: [stats] } = await pool.query(`
      SELECT count(*)::int AS total, count(DISTINCT slug)::int AS slugs, count(*) FILTER (WHERE source = 'demo')::int AS demo,
             count(DISTINCT country_code)::int AS countries, count(*) FILTER (WHERE category_slug IS NULL OR city_slug IS NULL)::int AS unslugged
      FROM businesses`);
    assert.deepEqual(stats, { total: 5000, slugs: 5000, demo: 5000, countries: stats.countries, unslugged: 0 });
    assert.ok(stats.countries >= 25);

    const { rows: [outbox] } = await pool.query(`SELECT count(DISTINCT business_id)::int AS ids FROM search_outbox`);
    assert.equal(outbox.ids, 5000, 'every business is queued for the search index');

    const fingerprint = async () =>
      (await pool.query(`SELECT md5(string_agg(concat_ws('|', place_id, slug, name, rating, review_count, phone, about::text, working_hours::text), ',' ORDER BY place_id)) AS sum FROM businesses`)).rows[0].sum;
    const before = await fingerprint();
    const second = await seedDemoData({ pool, count: 5000, seed: 5, batchSize: 700 });
    assert.equal(second.inserted, 0);
    // Only place ids that appear twice with different data in the stream can be rewritten.
    assert.ok(second.updated <= 2 * (generated - 5000), `${second.updated} updated on the re-run`);
    const { rows: [again] } = await pool.query('SELECT count(*)::int AS total FROM businesses');
    assert.equal(again.total, 5000);
    assert.equal(await fingerprint(), before, 'the re-run leaves the same data behind');
  });
});
