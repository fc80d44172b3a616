/**
 * /admin/businesses, finding businesses (admin-side §2, §4): live summary cards, name search by the start
 * of a word, the category combobox over every category (not only the first 20), the approval filter,
 * sort buttons (the active key toggles, a new key starts ascending), 20 per page, all in the URL (reload
 * and back keep it), the empty state, phone and desktop layouts, and a session that ends mid-use.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { BusinessRow } from '../../../common/business.ts';
import { withTransaction } from '../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../platform/db/business-writer.ts';
import { buildBusiness } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';
import { auditNow, EXPECTED_REFUSALS, overflowsSideways, queryOf, rowNames, waitForRows } from './businesses-helpers.ts';

/** 24 small categories (one business each) besides the big ones: the one sought, "Yoga studio", sorts last of all. */
const SMALL_CATEGORIES = [
  'Accountant', 'Art gallery', 'Barber shop', 'Book store', 'Butcher', 'Car wash', 'Dentist', 'Florist', 'Gym', 'Hardware store',
  'Ice cream shop', 'Jeweler', 'Laundromat', 'Library', 'Museum', 'Optician', 'Pharmacy', 'Pet store', 'Plumber', 'Tailor',
  'Toy store', 'Veterinarian', 'Wine bar', 'Yoga studio',
];
const HELD = ['Held Noodle Bar', 'Held Tea Room'];

function directory(): BusinessRow[] {
  const rows: BusinessRow[] = [
    buildBusiness({ name: 'Starbucks Reserve', category: 'Cafe', rating: 4.1, reviewCount: 900 }),
    buildBusiness({ name: 'Blue Bottle Coffee', category: 'Cafe', rating: 4.6, reviewCount: 300 }),
    buildBusiness({ name: 'Aardvark Books', category: 'Cafe', rating: 3.2, reviewCount: 12 }),
    buildBusiness({ name: 'Zephyr Tea', category: 'Cafe', rating: 4.9, reviewCount: 1 }),
    ...HELD.map((name) => buildBusiness({ name, category: 'Restaurant', rating: 4, reviewCount: 3 })),
  ];
  SMALL_CATEGORIES.forEach((category, index) => rows.push(buildBusiness({ name: category === 'Yoga studio' ? 'Lotus Yoga' : `${category} ${index}`, category, rating: 3, reviewCount: index })));
  for (let n = 0; n < 30; n++) rows.push(buildBusiness({ name: `Bakery Number ${n}`, category: 'Bakery', rating: (n % 5) + 0.5, reviewCount: n }));
  return rows;
}

describe('admin businesses: finding businesses', () => {
  let admin: AdminInBrowser;
  let counts: { total: number; approved: number; categories: number };

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async ({ pool }) => {
        await withTransaction(pool, (client) => writeBusinessBatch(client, directory(), { mode: 'upsert', source: 'test' }));
        await pool.query('UPDATE businesses SET is_approved = false WHERE name = ANY($1)', [HELD]);
      },
      expectedConsole: EXPECTED_REFUSALS,
    });
    const { rows } = await admin.api.pool.query<{ total: number; approved: number; categories: number }>(
      'SELECT count(*)::int AS total, count(*) FILTER (WHERE is_approved)::int AS approved, count(DISTINCT category)::int AS categories FROM businesses',
    );
    counts = rows[0];
    await admin.signIn();
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(() => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
  });

  test('cards are live, search finds by the start of a word, pages and filters live in the URL and survive a reload', async () => {
    assert.equal(counts.total, 60);
    assert.ok(counts.categories > 20, 'more categories than the seed dropdown showed');
    const page = await admin.open('/admin/businesses');
    await page.getByTestId('business-row').first().waitFor();
    // The four cards: the real counts (approved is not 85% of the total), this page's rows, the categories.
    const card = async (id: string) => (await page.getByTestId(id).locator('.admin-tile-value').textContent())?.trim();
    await page.getByTestId('card-total').getByText('60').waitFor();
    assert.equal(await card('card-approved'), String(counts.approved));
    assert.equal(counts.approved, 58);
    assert.equal(await card('card-page'), '20');
    assert.equal(await card('card-categories'), String(counts.categories));
    assert.equal(await page.getByTestId('business-row').count(), 20, '20 per page');
    assert.match((await page.getByTestId('page-status').textContent()) ?? '', /Sayfa 1 \/ 3/);

    // Held rows show 'Approve', approved ones a green 'Approved' on a red-tinted row (the spec's styles).
    await page.getByLabel('Onay durumu').selectOption('pending');
    await page.waitForURL((url) => url.searchParams.get('approval') === 'pending');
    await page.getByTestId('page-status').getByText('Sayfa 1 / 1 · 2 işletme').waitFor({ timeout: 20_000 });
    assert.deepEqual((await rowNames(page)).sort(), [...HELD].sort());
    for (const row of await page.getByTestId('business-row').all()) {
      assert.equal((await row.getByRole('button', { name: /^Approve/ }).textContent())?.trim(), 'Approve');
      assert.equal(await row.getAttribute('class'), 'biz-row-pending');
    }
    await page.getByLabel('Onay durumu').selectOption('all');
    await page.waitForURL((url) => !url.searchParams.has('approval'));
    await page.getByTestId('business-row').nth(19).waitFor();
    const approvedRow = page.getByTestId('business-row').filter({ hasText: 'Starbucks Reserve' });
    const bakeryRow = page.getByTestId('business-row').first();
    assert.equal(await bakeryRow.getAttribute('class'), 'biz-row-approved');
    assert.equal((await bakeryRow.getByRole('button', { name: 'Approved' }).getAttribute('class'))?.includes('admin-button-success'), true);
    assert.equal(await approvedRow.count(), 0, 'Starbucks is not on the first page (newest first)');

    // Search by the start of a word: "Starb" finds Starbucks, and the page goes back to 1.
    await page.getByRole('button', { name: 'Sonraki' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByLabel('İşletme adı ara').fill('Starb');
    await page.waitForURL((url) => url.searchParams.get('filter') === 'Starb');
    assert.equal(queryOf(page).page, undefined, 'a new search starts at page 1');
    await waitForRows(page, ['Starbucks Reserve']);
    const slugLink = page.getByTestId('business-row').getByRole('link');
    assert.match((await slugLink.getAttribute('href')) ?? '', /^\/business\/starbucks-reserve/);
    assert.equal(await slugLink.getAttribute('target'), '_blank');
    // Nothing matches: the spec's empty state.
    await page.getByLabel('İşletme adı ara').fill('Qwertyuiop');
    await page.getByTestId('businesses-empty').getByText('İşletme bulunamadı').waitFor({ timeout: 20_000 });
    await page.getByLabel('İşletme adı ara').fill('Bakery');
    await page.waitForURL((url) => url.searchParams.get('filter') === 'Bakery');
    await page.getByTestId('page-status').getByText('Sayfa 1 / 2 · 30 işletme').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sonraki' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByTestId('page-status').getByText('Sayfa 2 / 2').waitFor();
    assert.equal(await page.getByTestId('business-row').count(), 10);

    // Reload: the same list, the search box filled, the same page.
    await page.reload();
    await page.waitForSelector('html[data-admin-ready="true"]');
    await page.getByTestId('page-status').getByText('Sayfa 2 / 2').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByLabel('İşletme adı ara').inputValue(), 'Bakery');
    assert.equal(await page.getByTestId('business-row').count(), 10);
    // Back: page 1 of the same search.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'Bakery' && !url.searchParams.has('page'));
    await page.getByTestId('page-status').getByText('Sayfa 1 / 2').waitFor();
    // The top bar's 'Ara...' box goes to ?filter=<text>; the list's own box takes the text over.
    await page.getByRole('searchbox', { name: 'İşletme ara' }).fill('Blue');
    await page.getByRole('searchbox', { name: 'İşletme ara' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/businesses' && url.search === '?filter=Blue');
    await waitForRows(page, ['Blue Bottle Coffee']);
    assert.equal(await page.getByLabel('İşletme adı ara').inputValue(), 'Blue');
    await page.close();
  });

  test('the category combobox offers every category and narrows as you type; the choice resets the page', async () => {
    const page = await admin.open('/admin/businesses?page=3');
    await page.getByTestId('page-status').getByText('Sayfa 3 / 3').waitFor({ timeout: 20_000 });
    const combobox = page.getByRole('combobox', { name: 'Kategori' });
    await combobox.click();
    const listbox = page.getByRole('listbox', { name: 'Kategori' });
    await listbox.waitFor();
    // "All categories" plus the first 20 (spec §2); typing searches them all.
    assert.equal(await listbox.getByRole('option').count(), 20 + 1);
    assert.deepEqual(await auditNow(page), [], 'the open category list passes the audit');
    await combobox.fill('yog');
    await listbox.getByRole('option', { name: /^Yoga studio/ }).waitFor();
    assert.equal(await listbox.getByRole('option').count(), 2, 'all categories + Yoga studio');
    // Keyboard: the first match is active; Enter picks it.
    await combobox.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('category') === 'Yoga studio');
    assert.equal(queryOf(page).page, undefined, 'a new category starts at page 1');
    await waitForRows(page, ['Lotus Yoga']);
    assert.equal(await combobox.inputValue(), 'Yoga studio');
    await page.reload();
    await waitForRows(page, ['Lotus Yoga']);
    // Cleared: every category again.
    await page.getByRole('button', { name: 'Kategori filtresini kaldır' }).click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await page.getByTestId('page-status').getByText('Sayfa 1 / 3').waitFor({ timeout: 20_000 });
    // The country filter: its list loads when the control is reached (spec §7), then filters by code.
    const country = page.getByLabel('Ülke', { exact: true });
    await country.focus();
    await country.locator('option[value="DE"]').waitFor({ state: 'attached', timeout: 20_000 });
    assert.equal((await country.locator('option[value="DE"]').textContent())?.trim(), 'Almanya (DE)');
    await country.selectOption('DE');
    await page.waitForURL((url) => url.searchParams.get('countryCode') === 'DE');
    await page.getByTestId('page-status').getByText('60 işletme').waitFor({ timeout: 20_000 });
    await page.close();
  });

  test('keyboard: Tab from the open category list closes it and goes on to the approval filter', async () => {
    const page = await admin.open('/admin/businesses');
    await page.getByTestId('business-row').first().waitFor({ timeout: 20_000 });
    const combobox = page.getByRole('combobox', { name: 'Kategori' });
    await combobox.focus();
    const listbox = page.getByRole('listbox', { name: 'Kategori' });
    await listbox.waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), await page.getByLabel('Onay durumu').getAttribute('id'), 'one Tab reaches the next control');
    await listbox.waitFor({ state: 'hidden' });
    await page.close();
  });

  test('a new search is one history entry: Back returns to the page the search started from', async () => {
    const page = await admin.open('/admin/businesses');
    await page.getByTestId('page-status').getByText('Sayfa 1 / 3').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sonraki' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Sonraki' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByTestId('page-status').getByText('Sayfa 3 / 3').waitFor({ timeout: 20_000 });
    // Typed key by key: later keystrokes of the same search replace its entry.
    await page.getByLabel('İşletme adı ara').pressSequentially('ca', { delay: 50 });
    await page.waitForURL((url) => url.searchParams.get('filter') === 'ca');
    await page.getByLabel('İşletme adı ara').pressSequentially('f', { delay: 50 });
    await page.waitForURL((url) => url.searchParams.get('filter') === 'caf');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '3' && !url.searchParams.has('filter'));
    await page.getByTestId('page-status').getByText('Sayfa 3 / 3').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByLabel('İşletme adı ara').inputValue(), '');
    await page.close();
  });

  test('export dialog: the first 20 categories before a search, countries by name as in the list filter, the filters lined up', async () => {
    const page = await admin.open('/admin/businesses');
    await page.getByRole('button', { name: 'CSV Dışa Aktar' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV Dışa Aktar' });
    const list = dialog.getByTestId('export-category-list');
    await list.waitFor({ timeout: 20_000 });
    assert.equal(await list.locator('input').count(), 20);
    assert.equal(await dialog.getByTestId('export-category-more').textContent(), `${counts.categories} kategoriden ilk 20 gösteriliyor; diğerleri için arayın.`);
    await dialog.getByLabel('Kategori ara').fill('yog');
    assert.deepEqual((await list.locator('label').allTextContents()).map((text) => text.replace(/\s*\(\d+\)$/, '')), ['Yoga studio']);
    const country = dialog.getByLabel('Ülke', { exact: true });
    await country.locator('option[value="DE"]').waitFor({ state: 'attached', timeout: 20_000 });
    assert.equal((await country.locator('option[value="DE"]').textContent())?.trim(), 'Almanya (DE) · 60');
    // The three selects keep their natural height and share a top, the date range's hint below its own select.
    const boxes = await Promise.all(['Ülke', 'Onay durumu', 'Tarih aralığı'].map((label) => dialog.getByLabel(label, { exact: true }).boundingBox()));
    const heights = boxes.map((box) => Math.round(box?.height ?? 0));
    const tops = boxes.map((box) => Math.round(box?.y ?? 0));
    assert.deepEqual(heights, [heights[2], heights[2], heights[2]], `heights ${heights.join(', ')}`);
    assert.ok(heights[2] < 45, `natural height: ${heights[2]}`);
    assert.deepEqual(tops, [tops[0], tops[0], tops[0]], `tops ${tops.join(', ')}`);
    await page.keyboard.press('Escape');
    await page.close();
  });

  test('sort buttons: a new key starts ascending, the active key toggles; the order is in the URL', async () => {
    const page = await admin.open('/admin/businesses');
    await page.getByTestId('business-row').nth(19).waitFor({ timeout: 20_000 });
    const sortButton = (name: string) => page.getByRole('group', { name: 'Sırala' }).getByRole('button', { name: new RegExp(`^${name}`) });
    // Default: newest first (createdAt, the active key).
    assert.equal(await sortButton('Eklenme tarihi').getAttribute('aria-pressed'), 'true');
    await sortButton('Ad').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'name' && url.searchParams.get('sortOrder') === 'asc');
    await page.getByTestId('business-row').first().getByText('Aardvark Books').waitFor({ timeout: 20_000 });
    assert.equal(await sortButton('Ad').getAttribute('aria-pressed'), 'true');
    await sortButton('Ad').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'name' && url.searchParams.get('sortOrder') === 'desc');
    await page.getByTestId('business-row').first().getByText('Zephyr Tea').waitFor({ timeout: 20_000 });
    // A new key starts ascending: the fewest reviews first.
    await sortButton('Yorum sayısı').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'reviewCount' && url.searchParams.get('sortOrder') === 'asc');
    await page.getByTestId('business-row').first().locator('td:nth-child(6)').getByText('0', { exact: true }).waitFor({ timeout: 20_000 });
    await sortButton('Puan').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'rating' && url.searchParams.get('sortOrder') === 'asc');
    await sortButton('Puan').click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'desc');
    await page.getByTestId('business-row').first().getByText('Zephyr Tea').waitFor({ timeout: 20_000 });
    await page.reload();
    await page.getByTestId('business-row').first().getByText('Zephyr Tea').waitFor({ timeout: 20_000 });
    assert.equal(await sortButton('Puan').getAttribute('aria-pressed'), 'true');
    await page.close();
  });

  test('phone and desktop: no sideways overflow (the table scrolls in its frame); screenshots', async () => {
    for (const viewport of ADMIN_VIEWPORTS) {
      const page = await admin.open('/admin/businesses', viewport);
      await page.getByTestId('business-row').nth(19).waitFor({ timeout: 20_000 });
      await page.getByTestId('card-total').getByText('60').waitFor();
      assert.equal(await overflowsSideways(page), false, `${viewport.name}: the page does not scroll sideways`);
      await page.screenshot({ path: screenshotPath('/admin/businesses', viewport), fullPage: true });
      await page.close();
    }
  });

  test('a session that ends mid-use goes to the sign-in with the way back to this list', async () => {
    const page = await admin.open('/admin/businesses?filter=Bakery');
    await page.getByTestId('page-status').getByText('Sayfa 1 / 2').waitFor({ timeout: 20_000 });
    await admin.context.clearCookies();
    await page.getByRole('button', { name: 'Sonraki' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login', { timeout: 20_000 });
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    assert.ok(next.startsWith('/admin/businesses?'), next);
    assert.equal(new URLSearchParams(next.split('?')[1]).get('filter'), 'Bakery');
    admin.problems.splice(0);
    await page.close();
  });
});
