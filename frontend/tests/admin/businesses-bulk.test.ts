/**
 * /admin/businesses, actions on many businesses (admin-side §2, §5, §8; DESIGN §5a): bulk "select all N
 * matching" with the count the admin saw (a changed count is refused clearly) and bulk by ids; fix slugs
 * and delete test data (a confirmation each); delete all (two confirmations, then the password prompt
 * when the sign-in is older than 10 minutes); each with the spec's failure message.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { BusinessRow } from '../../../common/business.ts';
import { withTransaction } from '../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../platform/db/business-writer.ts';
import { buildBusiness } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { TEST_ADMIN } from '../../../api/src/test/api-harness.ts';
import { openAdminInBrowser, type AdminInBrowser } from './admin-browser.ts';
import { ageSession, answerConfirm, EXPECTED_REFUSALS, queryOf, rowOf, slugOf, toast, waitForPublicStatus } from './businesses-helpers.ts';

const KIOSKS = 25;

function directory(): BusinessRow[] {
  const rows: BusinessRow[] = [buildBusiness({ name: 'Real Bakery', category: 'Bakery' })];
  for (let n = 0; n < KIOSKS; n++) rows.push(buildBusiness({ name: `Kiosk ${String(n).padStart(2, '0')}`, category: 'Kiosk' }));
  return rows;
}

const failWith = (message: string) => ({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message }) });

describe('admin businesses: bulk and global actions', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async ({ pool }) => {
        await withTransaction(pool, (client) => writeBusinessBatch(client, directory(), { mode: 'upsert', source: 'test' }));
        await withTransaction(pool, (client) => writeBusinessBatch(client, [1, 2, 3].map((n) => buildBusiness({ placeId: `demo-${n}`, name: `Demo Place ${n}`, category: 'Demo' })), { mode: 'upsert', source: 'demo' }));
        // A slug that breaks the slug rules (as an old import wrote them).
        await pool.query(`INSERT INTO businesses (name, slug, city, place_id) VALUES ('Plain Old Page', 'plain-old-page', 'Berlin', 'fix-2')`);
        await pool.query(`UPDATE businesses SET is_approved = false WHERE category = 'Kiosk'`);
      },
      expectedConsole: EXPECTED_REFUSALS,
    });
    await admin.signIn();
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(() => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
  });

  test('bulk: "select all N matching" approves every match with the count seen; a changed count is refused clearly', async () => {
    const someKiosk = await slugOf(admin, 'Kiosk 24');
    await waitForPublicStatus(admin, `/business/${someKiosk}`, 404);
    const page = await admin.open('/admin/businesses?category=Kiosk&sortBy=name&sortOrder=asc');
    await page.getByTestId('page-status').getByText(`Sayfa 1 / 2 · ${KIOSKS} işletme`).waitFor({ timeout: 20_000 });
    // Nothing selected: no bulk bar, so an empty selection cannot be sent.
    assert.equal(await page.getByTestId('bulk-bar').count(), 0);
    // Two rows by their own checkboxes, then the page, then everything matching.
    await page.getByRole('checkbox', { name: 'Kiosk 00 işletmesini seç' }).check();
    await page.getByRole('checkbox', { name: 'Kiosk 01 işletmesini seç' }).check();
    await page.getByTestId('bulk-bar').getByText('2 işletme seçili').waitFor();
    await page.getByRole('checkbox', { name: 'Bu sayfadaki tüm işletmeleri seç' }).check();
    await page.getByTestId('bulk-bar').getByText('20 işletme seçili').waitFor();

    // Meanwhile another Kiosk arrives (an import elsewhere): the count the admin saw is no longer true.
    await withTransaction(admin.api.pool, (client) => writeBusinessBatch(client, [buildBusiness({ name: 'Kiosk Late', category: 'Kiosk' })], { mode: 'upsert', source: 'test', isApproved: false }));
    await page.getByRole('button', { name: `Bu filtreye uyan ${KIOSKS} işletmenin tümünü seç` }).click();
    await page.getByTestId('bulk-bar').getByText(`Bu filtreye uyan ${KIOSKS} işletmenin tümü seçili`).waitFor();
    let sent: unknown = null;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/businesses/bulk')) sent = request.postDataJSON();
    });
    await page.getByRole('button', { name: 'Seçilenleri onayla' }).click();
    assert.match(await answerConfirm(page, 'Evet'), new RegExp(`${KIOSKS} işletme onaylansın mı`));
    const refused = await toast(page, 'Liste değişti: hiçbir şey yapılmadı');
    assert.match(refused.description, /now matches 26 businesses, not 25/);
    assert.deepEqual(sent, { action: 'approve', filter: { category: 'Kiosk', approval: 'all' }, expectedCount: KIOSKS });
    // The list is refreshed (26 now) and the selection is gone.
    await page.getByTestId('page-status').getByText('26 işletme').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('bulk-bar').count(), 0);
    assert.equal((await admin.api.pool.query(`SELECT 1 FROM businesses WHERE category = 'Kiosk' AND is_approved`)).rows.length, 0, 'nothing was changed');

    await page.getByRole('checkbox', { name: 'Bu sayfadaki tüm işletmeleri seç' }).check();
    await page.getByRole('button', { name: 'Bu filtreye uyan 26 işletmenin tümünü seç' }).click();
    await page.getByRole('button', { name: 'Seçilenleri onayla' }).click();
    await answerConfirm(page, 'Evet');
    await toast(page, '26 işletme değişti (26 seçili)');
    assert.equal((await admin.api.pool.query(`SELECT 1 FROM businesses WHERE category = 'Kiosk' AND NOT is_approved`)).rows.length, 0);
    await waitForPublicStatus(admin, `/business/${someKiosk}`, 200);
    for (const row of await page.getByTestId('business-row').all()) await row.getByRole('button', { name: 'Approved', exact: true }).waitFor({ timeout: 20_000 });
    assert.equal(queryOf(page).category, 'Kiosk');

    // Selected ids: two rows held back again, by id.
    await page.getByRole('checkbox', { name: 'Kiosk 00 işletmesini seç' }).check();
    await page.getByRole('checkbox', { name: 'Kiosk 01 işletmesini seç' }).check();
    await page.getByRole('button', { name: 'Seçilenlerin onayını kaldır' }).click();
    await toast(page, '2 işletme değişti (2 seçili)');
    const ids = (await admin.api.pool.query<{ id: number }>(`SELECT id FROM businesses WHERE name IN ('Kiosk 00', 'Kiosk 01') ORDER BY id`)).rows.map((row) => row.id);
    assert.deepEqual((sent as { ids?: number[] } | null)?.ids?.sort((a, b) => a - b), ids);
    await rowOf(page, 'Kiosk 00').getByRole('button', { name: 'Approve', exact: true }).waitFor({ timeout: 20_000 });
    await page.close();
  });
  test('fix slugs and delete test data: a confirmation each, what they did in a toast, the spec message on failure', async () => {
    const page = await admin.open('/admin/businesses');
    await page.getByTestId('business-row').first().waitFor({ timeout: 20_000 });

    await page.route('**/api/admin/fix-slugs', (route) => route.fulfill(failWith('checkpoint locked')));
    await page.getByRole('button', { name: "URL'leri Düzelt" }).click();
    await answerConfirm(page, 'Evet');
    assert.equal((await toast(page, "URL'ler düzeltilemedi")).description, 'checkpoint locked');
    await page.unroute('**/api/admin/fix-slugs');
    await page.getByRole('button', { name: "URL'leri Düzelt" }).click();
    await answerConfirm(page, 'Evet');
    const fixed = await toast(page, /^1 URL düzeltildi \(\d+ işletme incelendi\)$/);
    // In the panel's language (the server's message is English): the old addresses keep working.
    assert.match(fixed.description, /^Eski adresler yeni adreslere yönlendirilir\./);
    assert.match(await slugOf(admin, 'Plain Old Page'), /^plain-old-page-berlin-[a-z0-9]{6}$/);

    await page.route('**/api/admin/test-data', (route) => route.fulfill(failWith('busy')));
    await page.getByRole('button', { name: 'Test Verilerini Sil' }).click();
    await answerConfirm(page, 'Sil');
    assert.equal((await toast(page, 'Test verileri silinemedi')).description, 'busy');
    await page.unroute('**/api/admin/test-data');
    // Cancelled: nothing is sent.
    await page.getByRole('button', { name: 'Test Verilerini Sil' }).click();
    await answerConfirm(page, 'İptal');
    assert.equal((await admin.api.pool.query(`SELECT 1 FROM businesses WHERE source = 'demo'`)).rows.length, 3);
    await page.getByRole('button', { name: 'Test Verilerini Sil' }).click();
    await answerConfirm(page, 'Sil');
    const deleted = await toast(page, '3 test işletmesi silindi');
    assert.match(deleted.description, /^İçe aktarılan işletmeler korundu\./);
    assert.equal((await admin.api.pool.query(`SELECT 1 FROM businesses WHERE source = 'demo'`)).rows.length, 0);
    await page.getByTestId('card-total').getByText(String(KIOSKS + 3)).waitFor({ timeout: 20_000 });
    await page.close();
  });

  test('delete all: two confirmations, the password prompt for a sign-in older than 10 minutes, then an empty directory', async () => {
    const page = await admin.open('/admin/businesses');
    await page.getByTestId('business-row').first().waitFor({ timeout: 20_000 });
    const total = (await admin.api.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
    assert.equal(total, KIOSKS + 3);

    // Refused by the API: the spec's message.
    await page.route('**/api/admin/businesses', (route) => (route.request().method() === 'DELETE' ? route.fulfill(failWith('lock timeout')) : route.continue()));
    await page.getByRole('button', { name: 'Tümünü Sil' }).click();
    assert.match(await answerConfirm(page, 'Tümünü Sil'), new RegExp(`${total} işletmenin tümü silinsin mi`));
    await answerConfirm(page, 'Evet, tümünü sil');
    assert.equal((await toast(page, 'Failed to delete businesses')).description, 'lock timeout');
    await page.unroute('**/api/admin/businesses');

    // Cancelling the second confirmation sends nothing.
    await page.getByRole('button', { name: 'Tümünü Sil' }).click();
    await answerConfirm(page, 'Tümünü Sil');
    await answerConfirm(page, 'İptal');

    // The password was entered more than 10 minutes ago: the API answers reauth_required, the panel asks for it.
    await ageSession(admin, 11);
    let deletes = 0;
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/admin/businesses') deletes += 1;
    });
    await page.getByRole('button', { name: 'Tümünü Sil' }).click();
    await answerConfirm(page, 'Tümünü Sil');
    await answerConfirm(page, 'Evet, tümünü sil');
    const prompt = page.getByTestId('reauth-dialog');
    await prompt.getByLabel('Şifre').waitFor({ timeout: 20_000 });
    assert.equal((await admin.api.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n, total, 'nothing deleted before the password');
    await prompt.getByLabel('Şifre').fill('not the password');
    await prompt.getByRole('button', { name: 'Onayla' }).click();
    await prompt.getByText('Şifre yanlış.').waitFor();
    await prompt.getByLabel('Şifre').fill(TEST_ADMIN.password);
    await prompt.getByRole('button', { name: 'Onayla' }).click();
    const done = await toast(page, `${total} işletme silindi`);
    assert.match(done.description, /^Veritabanından ve aramadan kaldırıldılar\./, "what was done, in the panel's language");
    assert.equal(deletes, 2, 'refused once, then sent again after the password');
    await page.getByTestId('businesses-empty').getByText('İşletme bulunamadı').waitFor({ timeout: 20_000 });
    await page.getByTestId('card-total').getByText('0', { exact: true }).waitFor({ timeout: 20_000 });
    assert.equal((await admin.api.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n, 0);
    const publicList = (await (await admin.api.request('/api/businesses')).json()) as { totalCount: number };
    assert.equal(publicList.totalCount, 0);
    await page.close();
  });
});
