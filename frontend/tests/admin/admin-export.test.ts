/**
 * The CSV export dialog in chromium on the real API and PostgreSQL (issue 26), opened from the businesses
 * screen's header: the 27 fields with the spec's four ticked, export disabled with none, country codes
 * fetched only once the dialog opens, the category checklist and its search ('Kategori bulunamadı.'),
 * the custom range needing both dates; the file downloaded by the browser (a download event, never read
 * by the page), saved and parsed: BOM, header, rows equal to the database's count for the filter, the
 * spec's file name; 'Dışa aktarma başarılı' and the dialog closed; 'Dışa aktarma hatası' in the dialog
 * when refused (a session that ended, every export slot taken), with no download started.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { EXPORT_FIELDS } from '../../../common/api/admin.ts';
import { MAX_CONCURRENT_EXPORTS } from '../../../api/src/services/admin/export-businesses-csv.ts';
import { buildBusiness } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { insertManyBusinesses } from '../../../indexer/src/test/factories.ts';
import { withTransaction } from '../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../platform/db/business-writer.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';
import { parseCsv } from './csv.ts';

const COMMA_CATEGORY = 'Bäckerei, Konditorei';

describe('admin panel: CSV export dialog', () => {
  let admin: AdminInBrowser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'admin-export-test-'));
    admin = await openAdminInBrowser({
      seed: async (api) => {
        const rows = [
          ...Array.from({ length: 12 }, (_, n) => buildBusiness({ placeId: `de-bakery-${n}`, name: `Berliner Bäckerei ${n}`, category: 'Bakery', countryCode: 'DE', country: 'Germany' })),
          ...Array.from({ length: 5 }, (_, n) => buildBusiness({ placeId: `de-dentist-${n}`, name: `Zahnarzt ${n}`, category: 'Dentist', countryCode: 'DE', country: 'Germany' })),
          ...Array.from({ length: 3 }, (_, n) => buildBusiness({ placeId: `de-konditorei-${n}`, name: `Konditorei "Süß" ${n}`, category: COMMA_CATEGORY, countryCode: 'DE', country: 'Germany' })),
          ...Array.from({ length: 8 }, (_, n) => buildBusiness({ placeId: `fr-cafe-${n}`, name: `Café de Paris ${n}`, category: 'Cafe', countryCode: 'FR', country: 'France', city: 'Paris' })),
        ];
        await withTransaction(api.pool, (client) => writeBusinessBatch(client, rows, { mode: 'upsert', source: 'test' }));
        // Four made in January 2026, for the custom range.
        await api.pool.query(`UPDATE businesses SET created_at = '2026-01-15T12:00:00Z' WHERE place_id IN ('de-bakery-0', 'de-bakery-1', 'fr-cafe-0', 'de-dentist-0')`);
      },
      // The refused export this file provokes (signed out) is logged by chromium as a failed resource.
      expectedConsole: [/status of 401/, /status of 429/],
    });
    await admin.signIn();
  }, 90_000);
  afterAll(async () => {
    await admin?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function openDialog(page: Page) {
    await page.getByRole('button', { name: 'CSV Dışa Aktar' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV Dışa Aktar' });
    await dialog.waitFor();
    return dialog;
  }

  async function download(page: Page, click: () => Promise<void>, timeout = 30_000) {
    const [file] = await Promise.all([page.waitForEvent('download', { timeout }), click()]);
    const saved = path.join(dir, file.suggestedFilename());
    await file.saveAs(saved);
    return { name: file.suggestedFilename(), text: await readFile(saved, 'utf8') };
  }

  test('fields, countries fetched on opening, category search, custom range needing both dates', async () => {
    const page = await admin.open('/admin/businesses');
    const countryCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/country-codes') countryCalls.push(request.url());
    });
    await page.getByRole('heading', { name: 'İşletme Yönetimi', level: 1 }).waitFor();
    assert.equal(countryCalls.length, 0, 'no country codes before the dialog opens');
    const dialog = await openDialog(page);
    const country = dialog.getByLabel('Ülke', { exact: true });
    await country.locator('option[value="DE"]').waitFor({ state: 'attached' });
    assert.deepEqual(await country.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)), ['all', 'DE', 'FR']);
    assert.equal(countryCalls.length, 1);

    const fieldBoxes = dialog.locator('input[name="fields"]');
    assert.equal(await fieldBoxes.count(), 27);
    const checked = await fieldBoxes.evaluateAll((boxes) => boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => (box as HTMLInputElement).value));
    assert.deepEqual(checked, ['name', 'type', 'full_address', 'phone']);
    const exportButton = dialog.getByRole('button', { name: 'Dışa Aktar', exact: true });
    assert.equal(await exportButton.isDisabled(), false);
    await dialog.getByRole('button', { name: 'Hiçbirini seçme' }).click();
    assert.equal(await exportButton.isDisabled(), true, 'disabled with no field');
    await dialog.getByText('En az bir alan seçin.').waitFor();
    await dialog.getByRole('button', { name: 'Tümünü seç' }).click();
    assert.equal(await dialog.getByTestId('export-field-count').textContent(), '27/27 alan seçili');

    // Categories: the list, a search that narrows it, one that finds nothing.
    const list = dialog.getByTestId('export-category-list');
    await list.waitFor();
    assert.equal(await list.locator('input').count(), 4);
    const search = dialog.getByLabel('Kategori ara');
    await search.fill('dent');
    assert.deepEqual((await list.locator('label').allTextContents()).map((text) => text.replace(/\s*\(\d+\)$/, '')), ['Dentist']);
    await search.fill('zzzz');
    const none = dialog.getByTestId('export-no-category');
    await none.getByText('Kategori bulunamadı.').waitFor();
    await none.getByText('"zzzz" ile eşleşen kategori yok.').waitFor();

    // Custom range: both dates needed.
    await dialog.getByLabel('Tarih aralığı').selectOption('custom');
    assert.equal(await exportButton.isDisabled(), true);
    await dialog.getByText('Özel aralık için başlangıç ve bitiş tarihlerinin ikisi de gerekli.').waitFor();
    await dialog.getByLabel('Başlangıç tarihi').fill('2026-01-01');
    assert.equal(await exportButton.isDisabled(), true, 'only the start');
    await dialog.getByLabel('Bitiş tarihi').fill('2026-01-31');
    assert.equal(await exportButton.isDisabled(), false);

    for (const viewport of ADMIN_VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(widths.scroll <= widths.client, `no horizontal overflow at ${viewport.width}`);
      await page.screenshot({ path: screenshotPath('/admin/businesses/export-dialog', viewport) });
    }
    // Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
    await page.close();
  }, 90_000);

  test('a country and two categories (one holding a comma): downloaded by the browser, parsed, counted against the database', async () => {
    const page = await admin.open('/admin/businesses');
    const dialog = await openDialog(page);
    await dialog.locator('input[name="fields"][value="place_id"]').check();
    await dialog.locator('input[name="fields"][value="category"]').check();
    await dialog.getByLabel('Ülke', { exact: true }).locator('option[value="DE"]').waitFor({ state: 'attached' });
    await dialog.getByLabel('Ülke', { exact: true }).selectOption('DE');
    const list = dialog.getByTestId('export-category-list');
    await list.getByLabel(/^Bakery/).check();
    await list.getByLabel(/^Bäckerei, Konditorei/).check();
    assert.equal(await dialog.getByTestId('export-category-count').textContent(), '2 kategori seçili');
    const file = await download(page, () => dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click());
    assert.match(file.name, /^businesses_DE_2categories_\d{8}-\d{6}\.csv$/);
    assert.ok(file.text.startsWith('\uFEFF'), 'a BOM');
    const [header, ...rows] = parseCsv(file.text.slice(1));
    assert.deepEqual(header, ['name', 'category', 'type', 'full_address', 'phone', 'place_id']);
    const db = await admin.api.pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM businesses WHERE country_code = 'DE' AND category IN ('Bakery', $1)`, [COMMA_CATEGORY]);
    assert.equal(rows.length, db.rows[0]!.count);
    assert.equal(rows.length, 15);
    assert.ok(rows.some((row) => row[1] === COMMA_CATEGORY && row[0]!.startsWith('Konditorei "Süß"')), 'quotes and commas intact');
    // The dialog closed once the download started, and said so.
    await dialog.waitFor({ state: 'hidden' });
    assert.match((await page.getByTestId('toast').textContent()) ?? '', /^Dışa aktarma başarılı/);

    // A custom range: January 2026 in the browser's time zone.
    const again = await openDialog(page);
    await again.getByLabel('Tarih aralığı').selectOption('custom');
    await again.getByLabel('Başlangıç tarihi').fill('2026-01-01');
    await again.getByLabel('Bitiş tarihi').fill('2026-01-31');
    const ranged = await download(page, () => again.getByRole('button', { name: 'Dışa Aktar', exact: true }).click());
    assert.match(ranged.name, /^businesses_all_2026-01-01_2026-01-31_\d{8}-\d{6}\.csv$/);
    const [rangedHeader, ...rangedRows] = parseCsv(ranged.text.slice(1));
    assert.deepEqual(rangedHeader, ['name', 'type', 'full_address', 'phone']);
    assert.equal(rangedRows.length, 4);
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
    await page.close();
  }, 90_000);

  test('every export slot taken (429): the dialog says so in Turkish with the server\'s message, starts no download, and exports once a slot is free', async () => {
    // Three exports that stay open: enough rows that the server waits on a reader who never reads (as the API's own test holds them).
    await insertManyBusinesses(admin.api.pool, 60_000, 'held');
    const cookie = (await admin.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const controllers = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => new AbortController());
    const held = await Promise.all(controllers.map((controller) => admin.api.request(`/api/admin/export-csv?fields=${EXPORT_FIELDS.join(',')}`, { headers: { cookie }, signal: controller.signal })));
    try {
      for (const response of held) assert.equal(response.status, 200);
      const page = await admin.open('/admin/businesses');
      const dialog = await openDialog(page);
      let downloads = 0;
      page.on('download', () => downloads++);
      await dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click();
      const error = dialog.getByTestId('export-error');
      await error.waitFor();
      const text = (await error.textContent()) ?? '';
      assert.match(text, /^Dışa aktarma hatası/);
      assert.match(text, /Şu anda çok fazla dışa aktarma çalışıyor; indirme başlatılmadı\. Biri bitince \(yaklaşık 30 saniye sonra\) yeniden deneyin\./);
      assert.match(text, new RegExp(`429: ${MAX_CONCURRENT_EXPORTS} exports are already running`), "the server's own line");
      assert.equal(await dialog.isVisible(), true, 'the dialog stays open');
      assert.equal(downloads, 0, 'no download started');
      await page.screenshot({ path: screenshotPath('/admin/businesses/export-refused', ADMIN_VIEWPORTS[1]) });

      // One finishes: the same dialog exports, the message goes, the dialog closes.
      controllers[0]!.abort();
      await held[0]!.body?.cancel().catch(() => undefined);
      await admin.api.pool.query("DELETE FROM businesses WHERE name LIKE 'held %'");
      await dialog.getByLabel('Ülke', { exact: true }).locator('option[value="FR"]').waitFor({ state: 'attached' });
      await dialog.getByLabel('Ülke', { exact: true }).selectOption('FR');
      // The slot is released once the server sees the reader gone.
      const deadline = Date.now() + 20_000;
      const probe = async () => (await admin.api.request('/api/admin/export-csv?fields=name', { method: 'HEAD', headers: { cookie } })).status;
      while ((await probe()) === 429 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(await probe(), 200, 'a slot is free');
      const file = await download(page, () => dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click());
      assert.equal(parseCsv(file.text.slice(1)).length - 1, 8, 'the French rows');
      await dialog.waitFor({ state: 'hidden' });
      assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
      await page.close();
    } finally {
      for (const controller of controllers) controller.abort();
      await admin.api.pool.query("DELETE FROM businesses WHERE name LIKE 'held %'");
    }
  }, 120_000);

  test('a refused export says "Dışa aktarma hatası" with the reason and starts no download', async () => {
    const page = await admin.open('/admin/businesses');
    const dialog = await openDialog(page);
    await dialog.getByTestId('export-category-list').waitFor();
    let downloads = 0;
    page.on('download', () => downloads++);
    // The session ends behind the page's back.
    await admin.context.clearCookies();
    await dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click();
    const error = dialog.getByTestId('export-error');
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /^Dışa aktarma hatası/);
    assert.match((await error.textContent()) ?? '', /Oturumunuz sona erdi\. Lütfen tekrar giriş yapın\./);
    assert.match((await error.textContent()) ?? '', /401: /);
    assert.equal(await dialog.isVisible(), true, 'the dialog stays open');
    assert.equal(downloads, 0);
    admin.problems.splice(0);
    await page.close();
  }, 60_000);
});
