import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ClearCacheResponse, SITE_SETTING_MAX_BYTES, SiteSettings, SiteSettingsSaved } from '../../../../../common/api/admin.ts';
import { PublicSiteSettings } from '../../../../../common/api/public.ts';
import { startTestApi } from '../../../test/api-harness.ts';
import { ensureFrontendBuild } from '../../../test/site-helpers.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

interface AuditRow {
  action: string;
  admin_user_id: number | null;
  entity: string | null;
  details: { changes?: Record<string, { from: unknown; to: unknown }> } | null;
  ip: string | null;
}

describe('admin site settings and cache clear', () => {
  let api: Api;
  let cookie: string;
  let adminId: number;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => api.postJson(path, body, { cookie, ...headers });
  const auditRows = async (action: string): Promise<AuditRow[]> =>
    (await api.pool.query<AuditRow>('SELECT action, admin_user_id, entity, details, ip FROM audit_logs WHERE action = $1 ORDER BY id', [action])).rows;
  const publicSettings = async () => PublicSiteSettings.parse(await (await api.request('/api/site-settings')).json());

  beforeAll(async () => {
    // The home page is rendered by the built site, as in production.
    await ensureFrontendBuild();
    api = await startTestApi();
    cookie = await api.signIn();
    adminId = (await api.pool.query<{ id: number }>(`SELECT id FROM admin_users WHERE username = 'admin'`)).rows[0].id;
  });
  afterAll(async () => api?.close());

  test('without a session every call is refused, and a write from a foreign Origin is refused even with one', async () => {
    assert.equal((await api.request('/api/admin/site-settings')).status, 401);
    assert.equal((await api.postJson('/api/admin/site-settings', { head_tags: 'x' })).status, 401);
    assert.equal((await api.postJson('/api/admin/clear-cache', {})).status, 401);
    const foreign = await post('/api/admin/site-settings', { head_tags: '<script>steal()</script>' }, { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal((await post('/api/admin/clear-cache', {}, { origin: 'https://evil.example' })).status, 403);
    assert.deepEqual(await auditRows('site_settings.update'), [], 'nothing was saved');
    assert.equal((await publicSettings()).head_tags, '');
  });

  test('GET answers the four texts, empty before the first save', async () => {
    const response = await api.request('/api/admin/site-settings', { headers: { cookie } });
    assert.equal(response.status, 200);
    assert.deepEqual(SiteSettings.parse(await response.json()), { head_tags: '', footer_tags: '', analytics_code: '', facebook_pixel: '' });
  });

  test('a save is stored, audited with its field diff, and the next public page carries it (analytics code last in the head)', async () => {
    // Cache the public answer and a page first: the save must make both fresh, not wait for them to expire.
    // A page that needs no search data: this file builds no indexes, and a page whose data could not be
    // loaded (the home page here) is a 503.
    assert.equal((await publicSettings()).analytics_code, '');
    assert.equal((await api.request('/privacy-policy')).status, 200);

    const values = {
      head_tags: '<meta name="site-verification" content="abc">',
      footer_tags: '<div id="footer-snippet">Ünlü footer</div>',
      analytics_code: '<script id="analytics-snippet">window.dataLayer = [];</script>',
      facebook_pixel: '<noscript id="pixel-snippet">pixel</noscript>',
    };
    const response = await post('/api/admin/site-settings', values);
    assert.equal(response.status, 200);
    const saved = SiteSettingsSaved.parse(await response.json());
    assert.deepEqual(saved.settings, values);
    assert.deepEqual(saved.changedFields.sort(), ['analytics_code', 'facebook_pixel', 'footer_tags', 'head_tags']);

    assert.deepEqual(SiteSettings.parse(await (await api.request('/api/admin/site-settings', { headers: { cookie } })).json()), values);

    const [audit] = await auditRows('site_settings.update');
    assert.equal(audit.admin_user_id, adminId);
    assert.equal(audit.entity, 'site_settings');
    assert.ok(audit.ip, 'the client IP is recorded');
    assert.deepEqual(audit.details?.changes?.analytics_code, { from: '', to: values.analytics_code });
    assert.deepEqual(audit.details?.changes?.footer_tags, { from: '', to: values.footer_tags });

    // No waiting: the save purged the public cache.
    assert.deepEqual(await publicSettings(), values);
    const html = await (await api.request('/privacy-policy')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(head.includes(values.head_tags), 'head_tags in the head');
    assert.ok(head.trimEnd().endsWith(values.analytics_code), 'the analytics code is the last thing in the head');
    assert.ok(html.slice(html.indexOf('<body>') + '<body>'.length).trimStart().startsWith(values.facebook_pixel), 'the pixel opens the body');
    assert.ok(html.slice(0, html.indexOf('</body>')).trimEnd().endsWith(values.footer_tags), 'the footer closes the body');
  });

  test('a field left out keeps its value; a save that changes nothing writes no audit row', async () => {
    const before = await auditRows('site_settings.update');
    const response = await post('/api/admin/site-settings', { footer_tags: '<p>new footer</p>' });
    const saved = SiteSettingsSaved.parse(await response.json());
    assert.deepEqual(saved.changedFields, ['footer_tags']);
    assert.equal(saved.settings.footer_tags, '<p>new footer</p>');
    assert.equal(saved.settings.analytics_code, '<script id="analytics-snippet">window.dataLayer = [];</script>', 'untouched');
    const rows = await auditRows('site_settings.update');
    assert.equal(rows.length, before.length + 1);
    assert.deepEqual(rows.at(-1)!.details?.changes, { footer_tags: { from: '<div id="footer-snippet">Ünlü footer</div>', to: '<p>new footer</p>' } });

    const again = SiteSettingsSaved.parse(await (await post('/api/admin/site-settings', { footer_tags: '<p>new footer</p>' })).json());
    assert.deepEqual(again.changedFields, []);
    assert.equal((await auditRows('site_settings.update')).length, before.length + 1);

    // Clearing a snippet is a change like any other.
    const cleared = SiteSettingsSaved.parse(await (await post('/api/admin/site-settings', { head_tags: '' })).json());
    assert.deepEqual(cleared.changedFields, ['head_tags']);
    assert.equal((await publicSettings()).head_tags, '');
  });

  test('bad input is a 400 naming the field; nothing is saved', async () => {
    const notText = await post('/api/admin/site-settings', { head_tags: 42 });
    assert.equal(notText.status, 400);
    const body = await notText.json();
    assert.equal(body.error, 'bad_request');
    assert.equal(body.message, 'Invalid body: "head_tags" must be text.');
    assert.deepEqual(body.details, [{ field: 'head_tags', message: 'must be text' }]);

    const unknown = await post('/api/admin/site-settings', { head_tag: '<meta>' });
    assert.equal(unknown.status, 400);
    assert.match((await unknown.json()).message, /head_tag/);

    const notObject = await post('/api/admin/site-settings', ['head_tags']);
    assert.equal(notObject.status, 400);
    assert.equal((await publicSettings()).head_tags, '');
  });

  test('a snippet over 100 KB (UTF-8 bytes) is a 413 naming it; exactly 100 KB is saved', async () => {
    // 'ş' is two bytes in UTF-8: 51,200 characters are exactly 100 KB.
    const exactly = 'ş'.repeat(SITE_SETTING_MAX_BYTES / 2);
    const tooLarge = await post('/api/admin/site-settings', { head_tags: '<meta>', analytics_code: `${exactly}x` });
    assert.equal(tooLarge.status, 413);
    const body = await tooLarge.json();
    assert.equal(body.error, 'payload_too_large');
    assert.match(body.message, /"analytics_code" is 102,401 bytes; a site setting holds at most 102,400 bytes \(100 KB\)/);
    assert.equal(body.details[0].field, 'analytics_code');
    assert.notEqual((await publicSettings()).head_tags, '<meta>', 'a refused save stores none of its fields');

    const fits = await post('/api/admin/site-settings', { analytics_code: exactly });
    assert.equal(fits.status, 200);
    assert.equal(SiteSettingsSaved.parse(await fits.json()).settings.analytics_code, exactly);
  });

  test('clear-cache makes a cached public answer fresh at once, and is audited', async () => {
    const cached = await publicSettings();
    // A change the caches cannot notice by themselves (updated_at untouched): only a purge shows it.
    await api.pool.query(`UPDATE site_settings SET value = '<p>changed behind the cache</p>' WHERE key = 'footer_tags'`);
    assert.deepEqual(await publicSettings(), cached, 'still the cached answer');

    const cacheRowBefore = (await api.pool.query(`SELECT value FROM indexer_state WHERE key = 'cache_cleared_at'`)).rows[0]?.value ?? null;
    const response = await post('/api/admin/clear-cache', {});
    assert.equal(response.status, 200);
    assert.deepEqual(ClearCacheResponse.parse(await response.json()).success, true);

    assert.equal((await publicSettings()).footer_tags, '<p>changed behind the cache</p>');
    const cacheRowAfter = (await api.pool.query(`SELECT value FROM indexer_state WHERE key = 'cache_cleared_at'`)).rows[0]?.value;
    assert.notEqual(cacheRowAfter, cacheRowBefore, 'the row every other API process watches moved');
    const [audit] = await auditRows('cache.clear');
    assert.equal(audit.admin_user_id, adminId);
  });
});
