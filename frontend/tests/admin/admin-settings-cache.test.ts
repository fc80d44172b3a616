/**
 * /admin/settings in chromium on the real API, PostgreSQL and Meilisearch, second part (admin-side §4,
 * §8, §9): the cache clear (its failure; 'Cache temizlendi', then a reload 2 s later), the sitemap files
 * with their URL counts and regeneration, and screenshots at phone and desktop width. The snippet form
 * is in admin-settings.test.ts.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { SitemapsStatus } from '../../../common/api/admin.ts';
import { withTransaction } from '../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../platform/db/business-writer.ts';
import { buildBusiness } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';
import { editor, fillEditor } from './code-editor-helpers.ts';

const BUSINESSES = 3;

describe('admin panel: site settings, cache and sitemaps', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async (api) => {
        const rows = Array.from({ length: BUSINESSES }, (_, index) => buildBusiness({ name: `Settings Bakery ${index + 1}` }));
        await withTransaction(api.pool, (client) => writeBusinessBatch(client, rows, { mode: 'upsert', source: 'test' }));
      },
    });
    await admin.signIn();
    // The sign-in page's own "who am I" answered 401 before signing in: expected.
    admin.problems.splice(0);
  });
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(() => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
  });

  test('cache clear: a failure says "Cache temizleme hatası"; success says "Cache temizlendi", drops the client caches and reloads 2 s later', async () => {
    const page = await admin.open('/admin/settings');
    const button = page.getByRole('button', { name: 'Cache Temizle' });
    await button.waitFor();
    // Unsaved snippet edits would be lost in the reload: it asks first, and cancelling sends nothing.
    await fillEditor(editor(page, 'Footer Kodları'), '<div>unsaved</div>');
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/clear-cache') sent += 1;
    });
    await button.click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('kaydedilmemiş kod değişiklikleri kaybolacak').waitFor();
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(sent, 0);
    await page.getByRole('button', { name: 'Sıfırla' }).click();
    await page.getByText('Kaydedilmemiş değişiklikler var').waitFor({ state: 'detached' });

    await page.route('**/api/admin/clear-cache', (route) => route.abort('connectionrefused'));
    await button.click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Cache temizleme hatası').waitFor();
    await page.unroute('**/api/admin/clear-cache');
    admin.problems.splice(0);

    // A mark on this page's window: gone once the page has reloaded.
    await page.evaluate(() => {
      (window as unknown as Record<string, unknown>).__beforeReload = true;
    });
    const clicked = Date.now();
    await button.click();
    await toast.getByText('Cache temizlendi').waitFor();
    const toastSeen = Date.now();
    assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).__beforeReload), true, 'not reloaded while the toast shows');
    // The client caches are dropped at once: the panel's settings query is no longer held.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    const refetched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/admin/site-settings', { timeout: 20_000 });
    await reloaded;
    const elapsed = Date.now() - clicked;
    assert.ok(elapsed >= 1900, `reloaded ${elapsed} ms after the click (2 s expected)`);
    assert.ok(Date.now() - toastSeen >= 1000, 'the toast was seen before the reload');
    await refetched;
    await page.waitForSelector('html[data-admin-ready="true"]');
    assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).__beforeReload), undefined, 'a new page');
    await editor(page, 'Head Tag Kodları').waitFor();
    await page.close();
  });

  test('sitemap management lists the files with their URL counts; regenerate shows its result', async () => {
    const page = await admin.open('/admin/settings');
    const card = page.getByTestId('sitemaps');
    await card.locator('tr[data-sitemap="/sitemap.xml"]').waitFor();
    for (const file of ['/sitemap.xml', '/sitemaps/main.xml', '/sitemaps/categories.xml', '/sitemaps/countries.xml', '/sitemaps/cities.xml', '/sitemaps/businesses/page-1.xml']) {
      assert.equal(await card.locator(`tr[data-sitemap="${file}"]`).count(), 1, file);
    }
    assert.equal((await card.locator('tr[data-sitemap="/sitemaps/businesses/page-1.xml"] td').last().textContent())?.trim(), String(BUSINESSES));
    assert.equal((await page.getByTestId('sitemaps-regenerated-at').textContent())?.trim(), 'Henüz yok');

    await card.getByRole('button', { name: 'Yeniden Oluştur' }).click();
    const result = page.getByTestId('sitemaps-result');
    await result.waitFor();
    const status = (await (await admin.api.request('/api/admin/sitemaps', { headers: { cookie: admin.api.cookie } })).json()) as SitemapsStatus;
    assert.ok(status.lastRegeneratedAt, 'regenerated on the server');
    assert.ok(status.totalUrls >= BUSINESSES);
    const total = new Intl.NumberFormat('tr-TR').format(status.totalUrls);
    assert.equal((await result.textContent())?.trim(), `Site haritaları yeniden oluşturuldu: ${total} URL, ${status.files.length} dosya`);
    assert.equal((await page.getByTestId('sitemaps-total').textContent())?.trim(), total);
    assert.notEqual((await page.getByTestId('sitemaps-regenerated-at').textContent())?.trim(), 'Henüz yok');
    await page.getByTestId('toast').getByText('Site haritaları yeniden oluşturuldu').waitFor();
    await page.close();
  });

  test('screenshots at 390 and 1366 px, no horizontal overflow', async () => {
    for (const viewport of ADMIN_VIEWPORTS) {
      const page = await admin.open('/admin/settings', viewport);
      await editor(page, 'Head Tag Kodları').waitFor();
      await page.getByTestId('sitemaps').locator('tr[data-sitemap="/sitemap.xml"]').waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${viewport.name}: no horizontal overflow`);
      await page.screenshot({ path: screenshotPath('/admin/settings', viewport), fullPage: true });
      await page.close();
    }
  });
});
