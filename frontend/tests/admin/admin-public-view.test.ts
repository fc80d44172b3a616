/**
 * A public page seen by a signed-in admin (DESIGN §5a, §7), in chromium on the real site: rendered for
 * the admin without the operator's head/pixel/footer markup (no third-party script runs with the admin's
 * cookie; admins are not counted in the operator's analytics), never cached, and with a placeholder where
 * an ad slot is empty. The same page for a visitor carries the markup and shows no placeholder.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { buildBusiness, seedDirectory } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { openAdminInBrowser, type AdminInBrowser } from './admin-browser.ts';

describe('public pages for a signed-in admin', () => {
  let admin: AdminInBrowser;
  let slug: string;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async (api) => {
        await api.pool.query(`INSERT INTO site_settings (key, value) VALUES
          ('head_tags', '<meta name="operator-head" content="1">'),
          ('analytics_code', '<script>window.__analyticsRan = true</script>'),
          ('facebook_pixel', '<script>window.__pixelRan = true</script>'),
          ('footer_tags', '<div id="operator-footer">footer</div>')`);
        await api.pool.query(`INSERT INTO advertisement_codes (slot, html) VALUES ('ad2', '<p>Hero advert</p>')`);
        await seedDirectory({ config: api.config, pool: api.pool, rows: [buildBusiness({ placeId: 'viewer-cafe', name: 'Viewer Cafe' })] });
      },
    });
    ({ rows: [{ slug }] } = await admin.api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'viewer-cafe'`));
  });
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(async () => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors or hydration errors');
    await admin.context.clearCookies();
  });

  test('over HTTP: a visitor gets the markup and a cacheable page; the admin neither, and every page varies by cookie', async () => {
    const visitor = await admin.api.request(`/business/${slug}`);
    assert.equal(visitor.status, 200);
    // Kept by browsers until the minute is out at most (the page cache's entries, for Open Now).
    assert.match(visitor.headers.get('cache-control') ?? '', /^public, max-age=([1-9]|[1-5]\d|60)$/);
    assert.match(visitor.headers.get('vary') ?? '', /Cookie/);
    const visitorHtml = await visitor.text();
    for (const marker of ['operator-head', '__analyticsRan', '__pixelRan', 'operator-footer']) assert.ok(visitorHtml.includes(marker), `a visitor's page carries ${marker}`);
    assert.ok(!visitorHtml.includes('data-viewer="admin"'));

    const signedIn = await admin.api.request(`/business/${slug}`, { headers: { cookie: admin.api.cookie } });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.headers.get('cache-control'), 'private, no-store');
    assert.match(signedIn.headers.get('vary') ?? '', /Cookie/);
    const adminHtml = await signedIn.text();
    for (const marker of ['operator-head', '__analyticsRan', '__pixelRan', 'operator-footer']) assert.ok(!adminHtml.includes(marker), `the admin's page carries no ${marker}`);
    assert.match(adminHtml, /<html lang="en" data-viewer="admin">/);
    // A cookie that is not a valid signed session is a visitor's.
    const forged = await admin.api.request(`/business/${slug}`, { headers: { cookie: 'dir_session=eyJhZG1pbklkIjoxfQ==' } });
    assert.ok((await forged.text()).includes('operator-head'));
  });

  test('in the browser: the admin sees placeholders for the empty ad slots and no operator script runs', async () => {
    const visitorPage = await admin.open(`/business/${slug}`);
    assert.deepEqual(await visitorPage.locator('.ad-empty').count(), 0, 'a visitor sees no placeholder');
    assert.equal(await visitorPage.evaluate(() => Boolean((window as unknown as { __pixelRan?: boolean }).__pixelRan)), true, "the operator's pixel runs for a visitor");
    await visitorPage.close();

    await admin.signIn();
    const page = await admin.open(`/business/${slug}`);
    assert.deepEqual((await page.locator('.ad-empty').allTextContents()).map((text) => text.trim()), ['Advertisement ad1', 'Advertisement ad3', 'Advertisement ad4']);
    assert.equal(await page.locator('[data-ad-slot="ad2"] iframe').count(), 1, 'a slot with code shows its ad');
    const ran = await page.evaluate(() => {
      const flags = window as unknown as { __pixelRan?: boolean; __analyticsRan?: boolean };
      return [Boolean(flags.__pixelRan), Boolean(flags.__analyticsRan), Boolean(document.getElementById('operator-footer'))];
    });
    assert.deepEqual(ran, [false, false, false]);
    await page.close();
  });
});
