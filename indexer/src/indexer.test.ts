import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createPool, type Pool } from '../../platform/db/pool.ts';
import { indexUid } from '../../platform/search/client.ts';
import { STATE_KEYS } from '../../platform/search/settings.ts';
import { getIndexerStatus } from '../../platform/search/status.ts';
import { createTestContext, type TestContext } from '../../platform/testing/context.ts';
import { categoryDocumentId, cityDocumentId, type CategoryDocument, type CityDocument, type CountryDocument, type HomeDocument } from '../../common/search-documents.ts';
import { createLogger } from '../../platform/log.ts';
import { runIndexer, type IndexerHandle } from './indexer.ts';
import { drainOutbox } from './jobs/drain-outbox.ts';
import { createRuntime } from './runtime.ts';
import { insertBusinesses, insertManyBusinesses } from './test/factories.ts';
import { waitFor } from './test/wait.ts';
import { verifyIndexes } from './verify.ts';

// Generous waits: test servers share two cores with other suites, where one Meilisearch task can take
// seconds. The idle-system lag (p50/p95) is measured by bench/indexer.bench.ts.
const VISIBLE_MS = 45_000;

describe('indexer (in-process, real PostgreSQL + Meilisearch)', () => {
  let context: TestContext;
  let pool: Pool;
  let indexer: IndexerHandle;
  const uid = (kind: Parameters<typeof indexUid>[1]) => indexUid(context.indexPrefix, kind);
  const search = (q: string, filter?: string) => context.meili.index(uid('businesses')).search(q, { filter, limit: 20 });

  beforeAll(async () => {
    context = await createTestContext({ INDEXER_POLL_MS: '200', INDEXER_BATCH_SIZE: '1000' });
    pool = createPool(context.config.databaseUrl!);
    indexer = runIndexer({ config: context.config, aggregateDebounceMs: 100 });
    await indexer.ready;
  });

  afterAll(async () => {
    await indexer?.stop();
    await pool?.end();
    await context?.close();
  });

  test('the first start builds every index under the prefix, with the deliberate settings', async () => {
    assert.equal(indexer.role(), 'leader');
    const settings = await context.meili.index(uid('businesses')).getSettings();
    assert.ok(!settings.searchableAttributes?.includes('phone'), 'phone is not searchable');
    assert.ok(settings.filterableAttributes?.some((attribute) => attribute === 'categorySlug'));
    assert.ok((settings.pagination?.maxTotalHits ?? 0) >= 2_000, 'page 100 of 20 is reachable');
    assert.deepEqual(settings.typoTolerance?.disableOnAttributes, ['postalCode']);
    const home = await context.meili.index(uid('home')).getDocument<HomeDocument>('home');
    assert.equal(home.totals.businesses, 0);
  });

  test('create, update and delete reach search', async () => {
    const [id] = await insertBusinesses(pool, [{ name: 'Zebra Espresso Bar', category: 'Coffee Shop', city: 'Hamburg' }]);
    const created = await waitFor('the new business in search', async () => (await search('zebra espresso')).hits.find((hit) => hit.id === id), VISIBLE_MS);
    assert.equal(created.categorySlug, 'coffee-shop');
    assert.equal(created.country, 'Germany');
    assert.equal(created.letter, 'Z');
    assert.deepEqual(created._geo, { lat: 52.52, lng: 13.405 });
    assert.deepEqual(created.geoCells, ['u3', 'u33', 'u33d', 'u33dc', 'u33dc0', 'u33dc0c']);

    await pool.query(`UPDATE businesses SET name = 'Quokka Roastery', is_approved = false WHERE id = $1`, [id]);
    const updated = await waitFor('the renamed business', async () => (await search('quokka')).hits.find((hit) => hit.id === id), VISIBLE_MS);
    assert.equal(updated.isApproved, false);
    assert.equal(updated.name, 'Quokka Roastery');

    await pool.query('DELETE FROM businesses WHERE id = $1', [id]);
    await waitFor('the deleted business to leave search', async () => (await search('quokka')).hits.length === 0, VISIBLE_MS);
  });

  test('a business without coordinates has no _geo and is still indexed', async () => {
    const [id] = await insertBusinesses(pool, [{ name: 'Nowhere Bakery', latitude: null, longitude: null }]);
    const doc = await waitFor('the business', async () => (await search('nowhere bakery')).hits.find((hit) => hit.id === id), VISIBLE_MS);
    assert.equal(doc._geo, undefined);
    assert.equal(doc.latitude, null);
    await pool.query('DELETE FROM businesses WHERE id = $1', [id]);
    await waitFor('the deletion', async () => (await search('nowhere bakery')).hits.length === 0, VISIBLE_MS);
  });

  test('aggregates match a SQL recount, with real country codes on top cities', async () => {
    await insertBusinesses(pool, [
      { name: 'A1', category: 'Dentist', city: 'Paris', countryCode: 'FR' },
      { name: 'A2', category: 'Dentist', city: 'Paris', countryCode: 'FR' },
      { name: 'A3', category: 'Dentist', city: 'Lyon', countryCode: 'FR' },
      { name: 'A4', category: 'Dentist', city: 'Berlin', countryCode: 'DE' },
      { name: 'A5', category: 'Bakery', city: 'Paris', countryCode: 'FR' },
      { name: 'A6', category: 'Bakery', city: 'Paris', countryCode: 'FR', isApproved: false },
      { name: 'A7', category: 'Кафе', city: 'Москва', countryCode: 'RU' },
    ]);
    const clean = () => waitFor('every aggregate to match a SQL recount (verify clean)', async () => {
      const result = await verifyIndexes({ pool, meili: context.meili, prefix: context.indexPrefix });
      return result.differences.length === 0 ? result : null;
    }, VISIBLE_MS, 200);
    await clean();
    const dentist = await context.meili.index(uid('categories')).getDocument<CategoryDocument>(categoryDocumentId('dentist'));
    assert.equal(dentist.count, 4);
    assert.equal(dentist.averageRating, 4.5);
    assert.equal(dentist.countryCount, 2);
    assert.deepEqual(dentist.topCountries.map((entry) => [entry.countryCode, entry.count]), [['FR', 3], ['DE', 1]]);

    const sql = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM businesses WHERE is_approved AND country_code = 'FR'`);
    const france = await context.meili.index(uid('countries')).getDocument<CountryDocument>('FR');
    assert.equal(france.businessCount, sql.rows[0].n);
    assert.equal(france.cityCount, 2);
    assert.equal(france.categoryCount, 2);
    assert.equal(france.slug, 'france');
    assert.deepEqual(france.topCities[0], { city: 'Paris', citySlug: 'paris', countryCode: 'FR', count: 3 });

    const paris = await context.meili.index(uid('cities')).getDocument<CityDocument>(cityDocumentId('FR', 'paris'));
    assert.equal(paris.businessCount, 3, 'the unapproved bakery is not counted');
    assert.equal(paris.categoryCount, 2);
    // Москва has the page of Moscow, its English name (common/city-names.ts), and keeps its own name.
    const moscow = await context.meili.index(uid('cities')).getDocument<CityDocument>(cityDocumentId('RU', 'moscow'));
    assert.deepEqual([moscow.city, moscow.letter], ['Москва', '#']);
    const cafe = await context.meili.index(uid('categories')).getDocument<CategoryDocument>(categoryDocumentId('кафе'));
    assert.equal(cafe.category, 'Кафе');

    const home = await context.meili.index(uid('home')).getDocument<HomeDocument>('home');
    assert.deepEqual(home.topCities.find((city) => city.city === 'Paris'), { city: 'Paris', citySlug: 'paris', countryCode: 'FR', count: 3 });
    assert.equal(home.popularSearches[0].slug, 'dentist');
    assert.equal(home.totals.businesses, 6);
    assert.equal(home.totals.allBusinesses, 7);
    const letters = await context.meili.index(uid('categories')).search('', { filter: 'letter = "D"', sort: ['count:desc'] });
    assert.deepEqual(letters.hits.map((hit) => hit.slug), ['dentist']);

    // Moving the last Berlin dentist away removes Berlin's dentist count and Germany from the category.
    await pool.query(`UPDATE businesses SET city = 'Lyon', city_slug = 'lyon', country_code = 'FR', country = 'France' WHERE name = 'A4'`);
    await waitFor('Germany to leave the dentist top countries', async () => {
      const doc = await context.meili.index(uid('categories')).getDocument<CategoryDocument>(categoryDocumentId('dentist'));
      return doc.countryCount === 1;
    }, VISIBLE_MS);
    const report = await clean();
    assert.equal(report.counts.categories.postgres, report.counts.categories.meilisearch);
  });

  test("a city's names in its country are one city page; the same name elsewhere is its own", async () => {
    const ids = await insertBusinesses(pool, [
      { name: 'Šapica', category: 'Pet groomer', city: 'Beograd', countryCode: 'RS' },
      { name: 'Kafana Beograd', category: 'Restaurant', city: 'Beograd', countryCode: 'RS' },
      { name: 'Happy Paws', category: 'Pet groomer', city: 'Belgrade', countryCode: 'RS' },
      { name: 'Balkan Grill Beograd', category: 'Restaurant', city: 'Beograd', countryCode: 'DE' },
    ]);
    const cities = context.meili.index(uid('cities'));
    const belgrade = await waitFor('one Belgrade of three businesses', async () => {
      const doc = await cities.getDocument<CityDocument>(cityDocumentId('RS', 'belgrade')).catch(() => null);
      return doc?.businessCount === 3 ? doc : null;
    }, VISIBLE_MS);
    // Named as most of its businesses name it; its categories counted together.
    assert.equal(belgrade.city, 'Beograd');
    assert.deepEqual(belgrade.otherNames, ['Belgrade', 'Београд'], 'searchable: a typo of either finds it');
    assert.equal(belgrade.categoryCount, 2);
    const serbia = await cities.search('', { filter: 'countryCode = "RS"' });
    assert.deepEqual(serbia.hits.map((hit) => hit.citySlug), ['belgrade'], 'no second page under the other name');
    const { hits } = await search('', `id IN [${ids.join(', ')}]`);
    assert.deepEqual(hits.map((hit) => [hit.name, hit.citySlug]).sort(), [['Balkan Grill Beograd', 'beograd'], ['Happy Paws', 'belgrade'], ['Kafana Beograd', 'belgrade'], ['Šapica', 'belgrade']]);
    assert.equal((await cities.getDocument<CityDocument>(cityDocumentId('DE', 'beograd'))).businessCount, 1, 'a Beograd in Germany is no Belgrade');
    const country = await context.meili.index(uid('countries')).getDocument<CountryDocument>('RS');
    assert.deepEqual([country.cityCount, country.topCities], [1, [{ city: 'Beograd', citySlug: 'belgrade', countryCode: 'RS', count: 3 }]]);

    await pool.query('DELETE FROM businesses WHERE id = ANY($1::int[])', [ids]);
    await waitFor('Belgrade gone', async () => (await cities.getDocument<CityDocument>(cityDocumentId('RS', 'belgrade')).catch(() => null)) === null, VISIBLE_MS);
  });

  test('an edit that moves no count skips the recount; an edit of a featured business reaches the home page', async () => {
    // Featured = the 12 best rated; these low-rated ones are not among them.
    const shops = await insertBusinesses(pool, Array.from({ length: 14 }, (_, i) => ({ name: `Quiet Shop ${i}`, category: 'Ironmonger', city: 'Graz', countryCode: 'AT', rating: i === 0 ? 5 : 1 })));
    const homeDoc = () => context.meili.index(uid('home')).getDocument<HomeDocument>('home');
    const recountedAt = async () => (await pool.query<{ at: string }>(`SELECT value->>'computedAt' AS at FROM indexer_state WHERE key = $1`, [STATE_KEYS.aggregates(context.indexPrefix)])).rows[0]?.at;
    // Each aggregate kind is its own Meilisearch task: wait for the category count and the home page both.
    const featured = await waitFor('the new businesses counted and the 5-star shop featured', async () => {
      const doc = await context.meili.index(uid('categories')).getDocument<CategoryDocument>(categoryDocumentId('ironmonger')).catch(() => null);
      const ids = new Set((await homeDoc()).featured.map((business) => business.id));
      return doc?.count === 14 && ids.has(shops[0]) ? ids : null;
    }, VISIBLE_MS);
    const plain = shops.find((id) => !featured.has(id))!;
    // Let every pending recount finish (the time of the last one holds still for 1.5 s), then edit.
    const before = await waitFor('the aggregates to settle', async () => {
      const at = await recountedAt();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return at === (await recountedAt()) ? at : null;
    }, VISIBLE_MS);

    await pool.query(`UPDATE businesses SET name = 'Quiet Shop Renamed', phone = '+43 1 000' WHERE id = $1`, [plain]);
    await waitFor('the rename in search', async () => (await search('renamed')).hits.some((hit) => hit.id === plain), VISIBLE_MS);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(await recountedAt(), before, 'a rename of a business nobody features triggers no GROUP BY over every business');

    await pool.query(`UPDATE businesses SET name = 'Quiet Shop Star' WHERE id = $1`, [shops[0]]);
    await waitFor('the featured business renamed on the home page', async () => (await homeDoc()).featured.some((business) => business.id === shops[0] && business.name === 'Quiet Shop Star'), VISIBLE_MS);

    await pool.query(`UPDATE businesses SET category = 'Locksmith', category_slug = 'locksmith' WHERE id = $1`, [plain]);
    await waitFor('the category change counted', async () => {
      const doc = await context.meili.index(uid('categories')).getDocument<CategoryDocument>(categoryDocumentId('ironmonger'));
      return doc.count === 13;
    }, VISIBLE_MS);
    await pool.query('DELETE FROM businesses WHERE id = ANY($1::int[])', [shops]);
    await waitFor('the deletions counted', async () => (await context.meili.index(uid('categories')).getDocument(categoryDocumentId('ironmonger')).catch(() => null)) === null, VISIBLE_MS);
  });

  test('verify notices a document that differs from PostgreSQL', async () => {
    const [id] = await insertBusinesses(pool, [{ name: 'Tampered Cafe' }]);
    await waitFor('the business', async () => (await search('tampered')).hits.length === 1, VISIBLE_MS);
    const task = await context.meili.index(uid('businesses')).updateDocuments([{ id, name: 'Wrong Name' }]);
    await context.meili.tasks.waitForTask(task.taskUid, { timeout: VISIBLE_MS });
    const report = await verifyIndexes({ pool, meili: context.meili, prefix: context.indexPrefix, sampleSize: 10_000 });
    assert.ok(report.differences.some((line) => line.includes(`businesses/${id}.name`)), report.differences.join('\n'));
    await pool.query('UPDATE businesses SET name = name WHERE id = $1', [id]); // a no-op update re-indexes it
    await waitFor('the repaired document', async () => (await search('tampered')).hits[0]?.name === 'Tampered Cafe', VISIBLE_MS);
  });

  test('a backlog of many batches drains whole, and a change committed late under a lower outbox id is not left behind', async () => {
    // An open transaction takes the lower outbox id and commits only after a larger bulk insert is in search.
    const late = await pool.connect();
    try {
      await late.query('BEGIN');
      const [lateId] = await insertBusinesses(late, [{ name: 'Tardy Tearoom' }]);
      const before = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
      // 20 batches of INDEXER_BATCH_SIZE 1,000: more than the 16 the drain keeps in flight.
      await insertManyBusinesses(pool, 20_000, 'backlog');
      await waitFor('the backlog in search', async () => (await context.meili.index(uid('businesses')).getStats()).numberOfDocuments === before + 20_000, VISIBLE_MS, 100);
      assert.equal((await search('tardy tearoom')).hits.length, 0, 'the uncommitted business is not indexed');
      await late.query('COMMIT');
      await waitFor('the late business in search', async () => (await search('tardy tearoom')).hits.some((hit) => hit.id === lateId), VISIBLE_MS);
    } finally {
      late.release();
    }
    await waitFor('an empty outbox', async () => (await getIndexerStatus({ pool, meili: context.meili, prefix: context.indexPrefix })).outbox.depth === 0, VISIBLE_MS, 100);
  });

  test('reads during a full rebuild never fail nor see a partial index, and changes made meanwhile survive the swap', async () => {
    await insertManyBusinesses(pool, 4_000);
    const expected = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
    await waitFor('the bulk insert in search', async () => (await context.meili.index(uid('businesses')).getStats()).numberOfDocuments === expected, VISIBLE_MS, 100);
    await waitFor('the bulk insert in the aggregates', async () => (await context.meili.index(uid('home')).getDocument<HomeDocument>('home')).totals.allBusinesses === expected, VISIBLE_MS, 100);

    let reads = 0;
    const seen = new Set<number>();
    const failures: string[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          const result = await context.meili.index(uid('businesses')).search('', { limit: 0, filter: 'isApproved = true OR isApproved = false' });
          seen.add(result.estimatedTotalHits ?? -1);
          const categories = await context.meili.index(uid('categories')).search('', { limit: 100 });
          if (categories.hits.length === 0) failures.push('categories index empty');
          reads++;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    })();
    const requestedAt = new Date().toISOString();
    const rebuild = indexer.requestFullRebuild('test');
    // The status describes the rebuild under way, not the last one finished.
    const running = await waitFor('the status of the running rebuild', async () => {
      const { fullRebuild } = await getIndexerStatus({ pool, meili: context.meili, prefix: context.indexPrefix });
      return fullRebuild?.running ? fullRebuild : null;
    }, VISIBLE_MS, 20);
    assert.equal(running.reason, 'test');
    assert.ok(running.startedAt! >= requestedAt, `${running.startedAt} is this rebuild's start`);
    assert.equal(running.finishedAt, null);
    // A change committed while the rebuild runs must be in the new index after the swap.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [lateId] = await insertBusinesses(pool, [{ name: 'Latecomer Lounge' }]);
    const result = await rebuild;
    await waitFor('the late business after the swap', async () => (await search('latecomer')).hits.some((hit) => hit.id === lateId), VISIBLE_MS);
    reading = false;
    await reader;
    assert.deepEqual(failures, [], 'no read failed');
    assert.ok(reads > 3, `reads happened during the rebuild (${reads})`);
    assert.ok([...seen].every((n) => n === expected || n === expected + 1), `every read saw the whole index: ${[...seen].join(',')}`);
    assert.ok(result.documents.businesses >= expected);
    const leftovers = (await context.meili.getRawIndexes({ limit: 1000 })).results.filter((index) => index.uid.startsWith(context.indexPrefix) && index.uid.includes('__'));
    assert.deepEqual(leftovers.map((index) => index.uid), [], 'temporary indexes are deleted after the swap');

    const status = await getIndexerStatus({ pool, meili: context.meili, prefix: context.indexPrefix });
    assert.equal(status.fullRebuild?.running, false);
    assert.ok(status.fullRebuild?.durationMs && status.fullRebuild.durationMs > 0);
    assert.equal(status.indexes.businesses.settingsVersion.upToDate, true);
    assert.equal(status.indexes.businesses.documents, expected + 1);
    assert.ok(status.leader?.pid);
  });

  test('TRUNCATE empties the index and the aggregates; rows written after it in the same commit stay', async () => {
    const client = await pool.connect();
    let kept: number;
    try {
      // One commit: an insert the truncate makes moot, the truncate, an insert after it (one outbox read).
      await client.query('BEGIN');
      await insertBusinesses(client, [{ name: 'Doomed Deli' }]);
      await client.query('TRUNCATE businesses, slug_redirects');
      [kept] = await insertBusinesses(client, [{ name: 'Phoenix Pantry' }]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await waitFor('only the business inserted after the truncate in the index', async () => {
      const { hits } = await context.meili.index(uid('businesses')).search('', { limit: 5 });
      return hits.length === 1 && hits[0].id === kept;
    }, VISIBLE_MS);
    await waitFor('aggregates of that one business', async () => (await context.meili.index(uid('home')).getDocument<HomeDocument>('home')).totals.allBusinesses === 1, VISIBLE_MS);

    await pool.query('TRUNCATE businesses, slug_redirects');
    await waitFor('an empty businesses index', async () => (await context.meili.index(uid('businesses')).getStats()).numberOfDocuments === 0, VISIBLE_MS);
    await waitFor('empty aggregates', async () => (await context.meili.index(uid('home')).getDocument<HomeDocument>('home')).totals.allBusinesses === 0, VISIBLE_MS);
    const status = await getIndexerStatus({ pool, meili: context.meili, prefix: context.indexPrefix });
    assert.equal(status.outbox.depth, 0);
  });
});

describe('indexer first start over a filled outbox', () => {
  test('the start-up build covers the rows already in the outbox: they are not drained a second time', async () => {
    const context = await createTestContext({ INDEXER_POLL_MS: '200', INDEXER_BATCH_SIZE: '1000' });
    const pool = createPool(context.config.databaseUrl!);
    let indexer: IndexerHandle | undefined;
    try {
      // As after the demo seed or an import made while no indexer ran.
      await insertManyBusinesses(pool, 5_000, 'seeded');
      const depth = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM search_outbox')).rows[0].n;
      assert.equal(await depth(), 5_000);
      indexer = runIndexer({ config: context.config, aggregateDebounceMs: 100 });
      await indexer.ready;
      const readyAt = new Date().toISOString();
      assert.equal(await depth(), 0, 'the outbox is empty once the build is live');
      const businesses = context.meili.index(indexUid(context.indexPrefix, 'businesses'));
      assert.equal((await businesses.getStats()).numberOfDocuments, 5_000);
      // Nothing was sent to the live index after the build (the drain had nothing left to send). The swap
      // renames the build's own tasks to the live uid, hence "enqueued after ready".
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { results } = await context.meili.tasks.getTasks({ indexUids: [businesses.uid], types: ['documentAdditionOrUpdate'], afterEnqueuedAt: readyAt });
      assert.deepEqual(results, []);
    } finally {
      await indexer?.stop();
      await pool.end();
      await context.close();
    }
  });
});

describe('a drain that lost the leadership', () => {
  test('sends nothing once its signal is aborted: a truncate it was about to apply does not clear the index', async () => {
    const context = await createTestContext();
    const pool = createPool(context.config.databaseUrl!);
    try {
      const index = context.meili.index(indexUid(context.indexPrefix, 'businesses'));
      await context.meili.tasks.waitForTask((await context.meili.createIndex(index.uid, { primaryKey: 'id' })).taskUid);
      await context.meili.tasks.waitForTask((await index.addDocuments([{ id: 1, name: 'Indexed by the new leader' }])).taskUid);
      await pool.query('TRUNCATE businesses, slug_redirects'); // a 'truncate' outbox row
      const runtime = createRuntime(() => undefined);
      const leadership = new AbortController();
      // The drain reads the row, then waits for the write lock (held here, as by a rebuild's swap).
      let release!: () => void;
      const held = runtime.writeLock.run(() => new Promise<void>((resolve) => (release = resolve)));
      const drained = drainOutbox({ config: context.config, pool, meili: context.meili, prefix: context.indexPrefix, log: createLogger('test'), runtime, signal: leadership.signal });
      await new Promise((resolve) => setTimeout(resolve, 500));
      leadership.abort(); // the lock connection dropped: another indexer leads now
      release();
      await held;
      assert.equal(await drained, 0);
      assert.equal((await index.getStats()).numberOfDocuments, 1, 'the index was not cleared');
      const { rows } = await pool.query<{ op: string }>('SELECT op FROM search_outbox');
      assert.deepEqual(rows.map((row) => row.op), ['truncate'], 'the row is left for the new leader');
    } finally {
      await pool.end();
      await context.close();
    }
  });
});
