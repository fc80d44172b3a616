import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { DeleteAllBusinessesResponse, DeleteTestDataResponse, FixSlugsResponse, ReauthResponse } from '../../../../../common/api/admin.ts';
import { isCurrentBusinessSlug } from '../../../../../common/slug.ts';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { indexUid } from '../../../../../platform/search/client.ts';
import { SESSION_COOKIE } from '../../../middleware/session.ts';
import { fixSlugs } from '../../../services/admin/fix-slugs.ts';
import { buildBusiness, seedDirectory } from '../../../services/public/testing/public-fixtures.ts';
import { cookieHeaderFrom, startAdminTestApi, TEST_ADMIN } from '../../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startAdminTestApi>>;

describe('destructive global actions', () => {
  let api: Api;
  let cookie: string;

  beforeAll(async () => {
    api = await startAdminTestApi({
      seed: async ({ config, pool }) => {
        // Real businesses (source 'test') and demo ones, as the seed writes them.
        await seedDirectory({ config, pool, rows: [buildBusiness({ placeId: 'real-1', name: 'Real Bakery' }), buildBusiness({ placeId: 'real-2', name: 'Real Cafe', category: 'Cafe' })] });
        await withTransaction(pool, (client) =>
          writeBusinessBatch(client, ['demo-1', 'demo-2', 'demo-3'].map((placeId) => buildBusiness({ placeId, name: `Demo ${placeId}` })), { mode: 'upsert', source: 'demo' }),
        );
      },
    });
    cookie = api.cookie;
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: string, path: string, withCookie = cookie, body?: unknown) =>
    api.request(path, {
      method,
      headers: { origin: api.origin, cookie: withCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The session cookie as the browser would hold it `minutes` after the password was entered (signed as the server signs it). */
  function cookieSignedInAgo(minutes: number | null): string {
    const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)![1];
    const session = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
    if (minutes === null) delete session.signedInAt;
    else session.signedInAt = Date.now() - minutes * 60_000;
    const aged = Buffer.from(JSON.stringify(session)).toString('base64');
    const signature = createHmac('sha1', api.config.sessionSecret!)
      .update(`${SESSION_COOKIE}=${aged}`)
      .digest('base64')
      .replace(/\/|\+|=/g, (char) => ({ '/': '_', '+': '-', '=': '' })[char]!);
    return `${SESSION_COOKIE}=${aged}; ${SESSION_COOKIE}.sig=${signature}`;
  }

  const count = async (sql: string, params: unknown[] = []) => (await api.pool.query<{ n: number }>(sql, params)).rows[0].n;
  const auditRows = (action: string) =>
    api.pool.query<{ admin_user_id: number | null; details: Record<string, unknown>; ip: string | null }>('SELECT admin_user_id, details, ip FROM audit_logs WHERE action = $1 ORDER BY id', [action]).then((result) => result.rows);
  const publicTotal = async () => ((await (await api.request('/api/businesses')).json()) as { totalCount: number }).totalCount;
  const slugOf = async (placeId: string) => (await api.pool.query<{ slug: string }>('SELECT slug FROM businesses WHERE place_id = $1', [placeId])).rows[0]?.slug;

  async function uploadCsv(csv: string, fields: Record<string, string> = {}) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', new Blob([csv]), 'file.csv');
    return api.request('/api/upload-excel-batch', { method: 'POST', headers: { origin: api.origin, cookie }, body });
  }

  test('each action needs an admin session and an allowed Origin', async () => {
    for (const [method, path] of [['DELETE', '/api/admin/businesses'], ['DELETE', '/api/admin/test-data'], ['POST', '/api/admin/fix-slugs'], ['POST', '/api/admin/reauth']]) {
      assert.equal((await call(method, path, '')).status, 401, `${method} ${path} without a session`);
      const foreign = await api.request(path, { method, headers: { origin: 'https://evil.example', cookie } });
      assert.equal(foreign.status, 403, `${method} ${path} from a foreign origin`);
    }
    assert.equal(await count('SELECT count(*)::int AS n FROM businesses'), 5, 'nothing was deleted');
  });

  test('a sign-in older than 10 minutes is refused with reauth_required until the password is entered again', async () => {
    const stale = cookieSignedInAgo(11);
    for (const [method, path] of [['DELETE', '/api/admin/businesses'], ['DELETE', '/api/admin/test-data'], ['POST', '/api/admin/fix-slugs']]) {
      const refused = await call(method, path, stale);
      assert.equal(refused.status, 403, `${method} ${path}`);
      const body = (await refused.json()) as { error: string; message: string };
      assert.equal(body.error, 'reauth_required');
      assert.match(body.message, /password again/);
    }
    assert.equal(await count('SELECT count(*)::int AS n FROM businesses'), 5, 'nothing was deleted');
    // The rest of the admin API still works with that session: only destructive actions ask again.
    assert.equal((await call('GET', '/api/admin/me', stale)).status, 200);

    const wrong = await call('POST', '/api/admin/reauth', stale, { password: 'not it' });
    assert.equal(wrong.status, 401);
    assert.equal(((await wrong.json()) as { message: string }).message, 'The password is incorrect');
    assert.equal(wrong.headers.getSetCookie().length, 0, 'a wrong password refreshes nothing');
    assert.equal((await call('POST', '/api/admin/fix-slugs', stale)).status, 403);
    assert.equal((await call('POST', '/api/admin/reauth', stale, {})).status, 400, 'the password is required');

    const confirmed = await call('POST', '/api/admin/reauth', stale, { password: TEST_ADMIN.password });
    assert.equal(confirmed.status, 200);
    const answer = ReauthResponse.parse(await confirmed.json());
    assert.equal(answer.success, true);
    const validFor = Date.parse(answer.validUntil) - Date.now();
    assert.ok(validFor > 9 * 60_000 && validFor <= 10 * 60_000, `valid for ${validFor} ms`);
    const refreshed = cookieHeaderFrom(confirmed);
    assert.equal((await call('POST', '/api/admin/fix-slugs', refreshed)).status, 200, 'the refreshed session may act');

    // A session from before the sign-in time was recorded counts as old.
    assert.equal((await call('POST', '/api/admin/fix-slugs', cookieSignedInAgo(null))).status, 403);
    // Nine minutes after a sign-in is still recent enough.
    assert.equal((await call('POST', '/api/admin/fix-slugs', cookieSignedInAgo(9))).status, 200);

    const [failed] = await auditRows('admin.reauth_failed');
    assert.equal(failed.details.username, TEST_ADMIN.username);
    assert.ok(failed.ip, 'the IP is recorded');
    assert.equal((await auditRows('admin.reauth')).length, 1);
  });

  test('wrong passwords at reauth count toward the sign-in limiter', async () => {
    // Nine more failures for this admin from this IP: with the one above, sign-in's limit of 10 per IP and username.
    for (let n = 0; n < 9; n++) assert.equal((await call('POST', '/api/admin/reauth', cookie, { password: `wrong ${n}` })).status, 401);
    const throttled = await call('POST', '/api/admin/reauth', cookie, { password: TEST_ADMIN.password });
    assert.equal(throttled.status, 429, 'even the right password is refused now');
    assert.ok(Number(throttled.headers.get('retry-after')) > 0);
    assert.equal((await api.postJson('/api/admin/login', TEST_ADMIN)).status, 429, 'sign-in from that IP is limited too');
  });

  test('DELETE /api/admin/test-data deletes the demo businesses no import changed, and the public site follows', async () => {
    // An import that updates demo-2 makes it real data.
    const imported = await uploadCsv('name,place_id,city,country_code\nDemo Two Really Ours,demo-2,Berlin,DE\n');
    assert.equal(imported.status, 200, await imported.clone().text());
    assert.match((await api.pool.query<{ source: string }>(`SELECT source FROM businesses WHERE place_id = 'demo-2'`)).rows[0].source, /^import:/);
    const demoOneSlug = await slugOf('demo-1');
    assert.equal((await api.request(`/api/businesses/${demoOneSlug}`)).status, 200);

    const response = await call('DELETE', '/api/admin/test-data');
    assert.equal(response.status, 200);
    const body = DeleteTestDataResponse.parse(await response.json());
    assert.equal(body.success, true);
    assert.equal(body.deletedCount, 2);
    assert.equal(body.published, true);
    assert.match(body.message, /Deleted 2 demo businesses/);

    const { rows } = await api.pool.query<{ place_id: string }>('SELECT place_id FROM businesses ORDER BY place_id');
    assert.deepEqual(rows.map((row) => row.place_id), ['demo-2', 'real-1', 'real-2']);
    // Read your writes: the public API no longer has them, and its total counts what is left.
    assert.equal((await api.request(`/api/businesses/${demoOneSlug}`)).status, 404);
    assert.equal(await publicTotal(), 3);
    const search = await api.meili.index(indexUid(api.config.meiliIndexPrefix, 'businesses')).search('', { filter: 'slug = ' + JSON.stringify(demoOneSlug) });
    assert.equal(search.hits.length, 0);

    const [audit] = await auditRows('businesses.delete_test_data');
    assert.equal(audit.details.deletedCount, 2);
    assert.ok(audit.admin_user_id);

    const again = DeleteTestDataResponse.parse(await (await call('DELETE', '/api/admin/test-data')).json());
    assert.equal(again.deletedCount, 0);
    assert.equal(again.message, 'There was no test data to delete.');
  });

  test('POST /api/admin/fix-slugs rewrites slugs that break the rules; the old address 301-redirects', async () => {
    await api.pool.query(
      `INSERT INTO businesses (name, slug, city, place_id) VALUES
         ('Café Noir', 'Café-Noir-Berlin-a1b2c3', 'Berlin', 'fix-1'),
         ('Plain Old Page', 'plain-old-page', 'Berlin', 'fix-2'),
         ('Good One', 'good-one-berlin-zz9zz9', 'Berlin', 'fix-3')`,
    );
    const response = await call('POST', '/api/admin/fix-slugs');
    assert.equal(response.status, 200);
    const body = FixSlugsResponse.parse(await response.json());
    assert.deepEqual({ success: body.success, successCount: body.successCount, checkpointEnabled: body.checkpointEnabled, totalProcessed: body.totalProcessed, resumed: body.resumed, published: body.published },
      { success: true, successCount: 2, checkpointEnabled: true, totalProcessed: 6, resumed: false, published: true });
    assert.match(body.message, /6 businesses checked, 2 slugs rewritten/);

    assert.equal(await slugOf('fix-1'), 'cafe-noir-berlin-a1b2c3', 'the closest slug that follows the rules');
    const newSlug = await slugOf('fix-2');
    assert.ok(isCurrentBusinessSlug(newSlug), newSlug);
    assert.match(newSlug, /^plain-old-page-berlin-[a-z0-9]{6}$/);
    assert.equal(await slugOf('fix-3'), 'good-one-berlin-zz9zz9', 'a good slug is left alone');
    assert.equal(await count(`SELECT count(*)::int AS n FROM slug_redirects WHERE old_slug IN ('Café-Noir-Berlin-a1b2c3', 'plain-old-page')`), 2);

    // The old slug answers its business under the new slug as the one match: the page (frontend/src/routes.tsx)
    // turns exactly that into a 301 to /business/<new slug>. (The built site is not part of API tests.)
    const old = await api.request('/api/businesses/plain-old-page');
    assert.equal(old.status, 200);
    assert.deepEqual(((await old.json()) as { slug: string; slugMatches: number }), { ...((await (await api.request('/api/businesses/plain-old-page')).json()) as object), slug: newSlug, slugMatches: 1 });
    assert.equal((await api.request(`/api/businesses/${newSlug}`)).status, 200, 'search has the new slug');

    const audit = (await auditRows('businesses.fix_slugs')).at(-1)!;
    assert.equal(audit.details.successCount, 2);
    assert.deepEqual((audit.details.changes as Array<{ from: string }>).map((change) => change.from).sort(), ['Café-Noir-Berlin-a1b2c3', 'plain-old-page']);

    const again = FixSlugsResponse.parse(await (await call('POST', '/api/admin/fix-slugs')).json());
    assert.equal(again.successCount, 0);
    assert.match(again.message, /every slug already follows the rules/);
  });

  test('fix-slugs commits a checkpoint with each batch and a run cut off resumes after it', async () => {
    await api.pool.query(
      `INSERT INTO businesses (name, slug, city, place_id) VALUES
         ('Resume A', 'Resume A', 'Oslo', 'resume-a'), ('Resume B', 'Resume B', 'Oslo', 'resume-b'), ('Resume C', 'Resume C', 'Oslo', 'resume-c')`,
    );
    const ids = (await api.pool.query<{ id: number }>(`SELECT id FROM businesses WHERE place_id LIKE 'resume-%' ORDER BY id`)).rows.map((row) => row.id);
    const admin = (await api.pool.query<{ id: number }>('SELECT id FROM admin_users LIMIT 1')).rows[0].id;
    // A run that dies in its third batch (of one business each, from the first of these).
    await api.pool.query(`UPDATE maintenance_checkpoints SET after_id = $1, processed = 0, changed = 0, finished_at = NULL WHERE name = 'fix-slugs'`, [ids[0] - 1]);
    await assert.rejects(
      fixSlugs({ pool: api.pool, prisma: api.prisma, adminUserId: admin, ip: null, batchSize: 1, beforeCommit: async (_client, batch) => { if (batch === 3) throw new Error('process killed'); } }),
      /process killed/,
    );
    const checkpoint = (await api.pool.query<{ after_id: number; processed: number; changed: number; finished_at: Date | null }>(`SELECT after_id, processed, changed, finished_at FROM maintenance_checkpoints WHERE name = 'fix-slugs'`)).rows[0];
    assert.deepEqual(checkpoint, { after_id: ids[1], processed: 2, changed: 2, finished_at: null }, 'two batches committed, the third rolled back');
    assert.ok(isCurrentBusinessSlug(await slugOf('resume-a')));
    assert.equal(await slugOf('resume-c'), 'Resume C');

    // The next call resumes after the checkpoint instead of starting over.
    const body = FixSlugsResponse.parse(await (await call('POST', '/api/admin/fix-slugs')).json());
    assert.equal(body.resumed, true);
    assert.equal(body.successCount, 3, 'the two before the interruption and the one after');
    assert.equal(body.totalProcessed, 3);
    assert.match(body.message, /continuing a run that was interrupted/);
    assert.ok(isCurrentBusinessSlug(await slugOf('resume-c')));
    assert.equal((await api.pool.query(`SELECT finished_at FROM maintenance_checkpoints WHERE name = 'fix-slugs'`)).rows[0].finished_at instanceof Date, true);
    assert.equal(await count(`SELECT count(*)::int AS n FROM slug_redirects WHERE old_slug LIKE 'Resume %'`), 3);
  });

  test('imports can hold new businesses for review: upload fields and the CLI flag; updates keep their approval', async () => {
    const held = await uploadCsv('name,place_id,city,country_code\nHeld Bakery,held-1,Berlin,DE\nReal Bakery Renamed,real-1,Berlin,DE\n', { holdForReview: 'true' });
    assert.equal(held.status, 200, await held.clone().text());
    const approval = async (placeId: string) => (await api.pool.query<{ is_approved: boolean }>('SELECT is_approved FROM businesses WHERE place_id = $1', [placeId])).rows[0]?.is_approved;
    assert.equal(await approval('held-1'), false, 'a new business is held');
    assert.equal(await approval('real-1'), true, 'an updated one keeps its approval');
    assert.equal((await api.pool.query(`SELECT name FROM businesses WHERE place_id = 'real-1'`)).rows[0].name, 'Real Bakery Renamed');

    const other = await uploadCsv('name,place_id,city,country_code\nHeld Two,held-2,Berlin,DE\n', { publish: 'false' });
    assert.equal(other.status, 200);
    assert.equal(await approval('held-2'), false);
    const published = await uploadCsv('name,place_id,city,country_code\nShown Now,shown-1,Berlin,DE\n');
    assert.equal(published.status, 200);
    assert.equal(await approval('shown-1'), true, 'imports publish by default');
    const contradiction = await uploadCsv('name,place_id\nX,x-1\n', { holdForReview: 'true', publish: 'true' });
    assert.equal(contradiction.status, 400);
    assert.equal(((await contradiction.json()) as { details: Array<{ field: string }> }).details[0].field, 'publish');

    // Invisible to visitors: no page, and not in the business sitemap; the approved ones are.
    const heldSlug = await slugOf('held-1');
    assert.equal((await api.request(`/api/businesses/${heldSlug}`)).status, 404);
    const sitemap = await (await api.request('/sitemaps/businesses/page-1.xml')).text();
    assert.ok(sitemap.includes(await slugOf('shown-1')), 'an approved business is listed');
    assert.ok(!sitemap.includes(heldSlug), 'a held business is not');
    assert.ok(!sitemap.includes(await slugOf('held-2')));
  });

  test('npm run import -- --hold-for-review holds the new businesses', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { execFile } = await import('node:child_process');
    const dir = await mkdtemp(path.join(tmpdir(), 'hold-cli-'));
    try {
      const file = path.join(dir, 'held.csv');
      await writeFile(file, 'name,place_id,city,country_code\nCli Held,cli-held-1,Berlin,DE\nReal Cafe,real-2,Berlin,DE\n');
      const root = path.resolve(import.meta.dirname, '../../../../..');
      const output = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file, '--hold-for-review'], { cwd: root, env: { ...process.env, DATABASE_URL: api.config.databaseUrl } }, (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
        ),
      );
      assert.match(output, /new businesses held for review/);
      const { rows } = await api.pool.query<{ place_id: string; is_approved: boolean }>(`SELECT place_id, is_approved FROM businesses WHERE place_id IN ('cli-held-1', 'real-2') ORDER BY place_id`);
      assert.deepEqual(rows, [{ place_id: 'cli-held-1', is_approved: false }, { place_id: 'real-2', is_approved: true }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('DELETE /api/admin/businesses deletes every business; search and the public counts read 0 when it returns', async () => {
    const before = await count('SELECT count(*)::int AS n FROM businesses');
    assert.ok(before > 5);
    assert.ok((await publicTotal()) > 0);
    const response = await call('DELETE', '/api/admin/businesses');
    assert.equal(response.status, 200);
    const body = DeleteAllBusinessesResponse.parse(await response.json());
    assert.deepEqual(body, { success: true, message: `Deleted all ${before} businesses.`, deletedCount: before, published: true });

    assert.equal(await count('SELECT count(*)::int AS n FROM businesses'), 0);
    assert.equal(await count('SELECT count(*)::int AS n FROM slug_redirects'), 0, 'the redirects went with their businesses');
    assert.equal(await publicTotal(), 0, 'the public total reads 0 right away');
    const home = (await (await api.request('/api/homepage-data')).json()) as { totals: { businesses: number; categories: number } };
    assert.deepEqual({ businesses: home.totals.businesses, categories: home.totals.categories }, { businesses: 0, categories: 0 });
    const stats = await api.meili.index(indexUid(api.config.meiliIndexPrefix, 'businesses')).getStats();
    assert.equal(stats.numberOfDocuments, 0);
    assert.equal((await api.request('/api/businesses/plain-old-page')).status, 404, 'an old redirect no longer answers');

    const [audit] = await auditRows('businesses.delete_all');
    assert.equal(audit.details.deletedCount, before);

    // New businesses get new ids: an old id never names a new business.
    const again = DeleteAllBusinessesResponse.parse(await (await call('DELETE', '/api/admin/businesses')).json());
    assert.equal(again.deletedCount, 0);
    assert.equal(again.message, 'There were no businesses to delete.');
  });
});
