import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { Advertisements, PublicSiteSettings } from '../../../../common/api/public.ts';
import { requestPublicCachePurge } from '../../services/public/data-version.ts';
import { startTestApi } from '../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('site settings and advertisements (public)', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    await api.pool.query(`
      INSERT INTO site_settings (key, value) VALUES
        ('head_tags', '<meta name="verify" content="1">'), ('facebook_pixel', '<script>fbq()</script>'),
        ('footer_tags', '<p>footer</p>'), ('analytics_code', '<script>gtag()</script>'), ('admin_note', 'not for visitors')`);
    await api.pool.query(`INSERT INTO advertisement_codes (slot, html) VALUES ('ad1', '<div>ad one</div>'), ('ad5', '<div>home</div>'), ('ad3', '')`);
  });
  afterAll(async () => api?.close());

  test('GET /api/site-settings returns only the four injectable snippets', async () => {
    const response = await api.request('/api/site-settings');
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.deepEqual(body, {
      head_tags: '<meta name="verify" content="1">',
      facebook_pixel: '<script>fbq()</script>',
      footer_tags: '<p>footer</p>',
      analytics_code: '<script>gtag()</script>',
    });
    PublicSiteSettings.parse(body);
    assert.ok(!JSON.stringify(body).includes('not for visitors'), 'a setting that is not a snippet stays private');
  });

  test('GET /api/advertisements maps slot keys to HTML, skipping empty slots', async () => {
    const ads = Advertisements.parse(await (await api.request('/api/advertisements')).json());
    assert.deepEqual(ads, { ad1: '<div>ad one</div>', ad5: '<div>home</div>' });
  });

  test('a saved ad shows within about a second (the cache follows the table)', async () => {
    await Advertisements.parse(await (await api.request('/api/advertisements')).json());
    await api.pool.query(`UPDATE advertisement_codes SET html = '<div>new</div>', updated_at = now() WHERE slot = 'ad1'`);
    await sleep(1600); // the data version is re-read in the background every second
    const ads = Advertisements.parse(await (await api.request('/api/advertisements')).json());
    assert.equal(ads.ad1, '<div>new</div>');
  });

  test('requestPublicCachePurge (admin clear-cache) makes every replica rebuild its answers', async () => {
    const before = await api.request('/api/site-settings');
    const etagBefore = before.headers.get('last-modified');
    await sleep(1000);
    await requestPublicCachePurge(api.pool);
    await sleep(1600); // the data version is re-read in the background every second
    const after = await api.request('/api/site-settings');
    assert.notEqual(after.headers.get('last-modified'), etagBefore, 'rebuilt after the purge');
  });
});
