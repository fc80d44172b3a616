/**
 * /admin/businesses, changing businesses (admin-side §2, §8): approve and unapprove seen in the list and on
 * the public site (a held business is a 404 to visitors), the edit form with the server's field error and
 * then a valid phone seen on the public page, a new slug, delete one (confirm) gone from the list and the
 * site, and the spec's failure messages. Bulk and global actions: businesses-bulk.test.ts.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { BusinessRow } from '../../../common/business.ts';
import { withTransaction } from '../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../platform/db/business-writer.ts';
import { buildBusiness } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';
import { answerConfirm, auditNow, EXPECTED_REFUSALS, rowOf, slugOf, toast, waitForPublicStatus, waitForRows } from './businesses-helpers.ts';

function directory(): BusinessRow[] {
  const rows: BusinessRow[] = [
    buildBusiness({ name: 'Held Bistro', category: 'Restaurant' }),
    buildBusiness({ name: 'Phone Shop', category: 'Electronics store', phone: '+49 30 1111111' }),
    buildBusiness({ name: 'Doomed Diner', category: 'Restaurant' }),
    buildBusiness({ name: 'Sturdy Cafe', category: 'Cafe' }),
  ];
  return rows;
}

describe('admin businesses: approving, editing, deleting', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async ({ pool }) => {
        await withTransaction(pool, (client) => writeBusinessBatch(client, directory(), { mode: 'upsert', source: 'test' }));
        await pool.query(`UPDATE businesses SET is_approved = false WHERE name = 'Held Bistro'`);
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

  test('approve and unapprove: the row and the public page follow; a failed toggle says so', async () => {
    const slug = await slugOf(admin, 'Held Bistro');
    await waitForPublicStatus(admin, `/business/${slug}`, 404);
    const page = await admin.open('/admin/businesses?filter=Held');
    const row = rowOf(page, 'Held Bistro');
    await row.waitFor({ timeout: 20_000 });
    assert.equal(await row.getAttribute('class'), 'biz-row-pending');
    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(page, 'Held Bistro onaylandı');
    await row.getByRole('button', { name: 'Approved', exact: true }).waitFor();
    assert.equal(await row.getAttribute('class'), 'biz-row-approved');
    await waitForPublicStatus(admin, `/business/${slug}`, 200);
    const card = page.getByTestId('card-approved').locator('.admin-tile-value');
    await page.getByTestId('card-approved').getByText('0 onay bekliyor').waitFor({ timeout: 20_000 });
    assert.equal((await card.textContent())?.trim(), '4', 'the approved count is refreshed after the write');

    await row.getByRole('button', { name: 'Approved', exact: true }).click();
    await toast(page, 'Held Bistro artık onay bekliyor');
    await row.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await waitForPublicStatus(admin, `/business/${slug}`, 404);

    // The API refuses: the spec's message, and the row stays as it was.
    await page.route('**/api/admin/businesses/*/toggle-approval', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'database unavailable' }) }));
    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    const failed = await toast(page, 'Failed to update business approval status.');
    assert.equal(failed.description, 'database unavailable');
    await row.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await page.unroute('**/api/admin/businesses/*/toggle-approval');
    await page.close();
  });

  test('edit: a bad phone shows the server field error beside the field; a valid one reaches the public page', async () => {
    const slug = await slugOf(admin, 'Phone Shop');
    for (const viewport of [ADMIN_VIEWPORTS[0], ADMIN_VIEWPORTS[1]]) {
      const page = await admin.open('/admin/businesses?filter=Phone', viewport);
      await rowOf(page, 'Phone Shop').waitFor({ timeout: 20_000 });
      await rowOf(page, 'Phone Shop').getByRole('button', { name: 'Phone Shop işletmesini düzenle' }).click();
      const dialog = page.getByTestId('edit-business-dialog');
      const phone = dialog.getByLabel('Telefon', { exact: true });
      await phone.waitFor({ timeout: 20_000 });
      assert.equal(await phone.inputValue(), '+49 30 1111111');
      assert.equal(await dialog.getByLabel('Ad', { exact: true }).inputValue(), 'Phone Shop');
      await phone.fill('call us maybe');
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      const error = dialog.locator('#biz-edit-phone-error');
      await error.waitFor({ timeout: 20_000 });
      assert.equal((await error.textContent())?.trim(), 'phone "call us maybe" is not a phone number');
      assert.equal(await phone.getAttribute('aria-invalid'), 'true');
      await toast(page, 'Kayıt hatası');
      // The server's message beside the field (the form scrolled to it).
      await page.screenshot({ path: screenshotPath('/admin/businesses/edit', viewport), fullPage: false });
      assert.deepEqual(await auditNow(page), [], `the edit form with an error passes the audit at ${viewport.width} px`);
      // A number the form itself refuses, before any request.
      await dialog.getByLabel('Puan', { exact: true }).fill('abc');
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await dialog.locator('#biz-edit-rating-error').getByText('Bir sayı olmalı').waitFor();
      if (viewport.name === 'phone') {
        await dialog.getByRole('button', { name: 'Vazgeç' }).click();
        await page.close();
        continue;
      }
      await dialog.getByLabel('Puan', { exact: true }).fill('4.5');
      await phone.fill('+49 30 7654321');
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await toast(page, 'İşletme kaydedildi');
      await dialog.getByLabel('Telefon', { exact: true }).waitFor({ state: 'detached' });
      await page.close();
    }
    const { rows } = await admin.api.pool.query<{ phone: string; slug: string }>(`SELECT phone, slug FROM businesses WHERE name = 'Phone Shop'`);
    assert.deepEqual(rows, [{ phone: '+49 30 7654321', slug }], 'only the phone changed (rating 4.5 was already stored)');
    const html = await (await admin.api.request(`/business/${slug}`)).text();
    assert.ok(html.includes('+49 30 7654321'), 'the public page shows the new phone');
    assert.ok(!html.includes('+49 30 1111111'));
  });

  test('edit: every mistake is shown at once, each under its own input; inputs in a row keep one height and one top', async () => {
    const page = await admin.open('/admin/businesses?filter=Sturdy');
    await rowOf(page, 'Sturdy Cafe').waitFor({ timeout: 20_000 });
    await rowOf(page, 'Sturdy Cafe').getByRole('button', { name: 'Sturdy Cafe işletmesini düzenle' }).click();
    const dialog = page.getByTestId('edit-business-dialog');
    const name = dialog.getByLabel('Ad', { exact: true });
    await name.waitFor({ timeout: 20_000 });
    const slug = dialog.getByLabel('Slug', { exact: true });
    const sameRow = async () => {
      const [a, b] = [await name.boundingBox(), await slug.boundingBox()];
      assert.ok(a && b);
      assert.equal(Math.round(a.y), Math.round(b.y), 'one top');
      assert.equal(Math.round(a.height), Math.round(b.height), `one height: Ad ${a.height}, Slug ${b.height}`);
      assert.ok(a.height < 45, `natural height: ${a.height}`);
    };
    await sameRow();

    await name.fill('');
    await dialog.getByLabel('Puan', { exact: true }).fill('7');
    await dialog.getByLabel('Enlem', { exact: true }).fill('91');
    await dialog.getByLabel('Boylam', { exact: true }).fill('10');
    await dialog.getByLabel('Ülke kodu', { exact: true }).fill('XX');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    const errors = {
      name: 'Ad boş olamaz',
      rating: 'Puan 0 ile 5 arasında olmalı',
      latitude: 'Enlem -90 ile 90 arasında olmalı',
      countryCode: 'ISO 3166-1 ülke kodu olmalı (ör. TR)',
    };
    for (const [field, text] of Object.entries(errors)) {
      await dialog.locator(`#biz-edit-${field}-error`).getByText(text, { exact: true }).waitFor({ timeout: 5_000 });
    }
    await sameRow();
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    const { rows } = await admin.api.pool.query<{ name: string }>(`SELECT name FROM businesses WHERE name = 'Sturdy Cafe'`);
    assert.equal(rows.length, 1, 'nothing saved');
    await page.close();
  });

  test('edit with a new slug: the API makes it and the old address redirects', async () => {
    const oldSlug = await slugOf(admin, 'Sturdy Cafe');
    const page = await admin.open('/admin/businesses?filter=Sturdy');
    await rowOf(page, 'Sturdy Cafe').getByRole('button', { name: /düzenle/ }).click();
    const dialog = page.getByTestId('edit-business-dialog');
    await dialog.getByLabel('Ad', { exact: true }).waitFor({ timeout: 20_000 });
    await dialog.getByLabel('Ad', { exact: true }).fill('Sturdy Coffee');
    await dialog.getByLabel(/Yeni slug oluştur/).check();
    assert.equal(await dialog.getByLabel('Slug', { exact: true }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast(page, 'İşletme kaydedildi');
    await rowOf(page, 'Sturdy Coffee').waitFor({ timeout: 20_000 }).catch(async () => {
      // The list kept ?filter=Sturdy: the renamed business still matches.
      throw new Error('renamed business not shown');
    });
    const newSlug = await slugOf(admin, 'Sturdy Coffee');
    assert.notEqual(newSlug, oldSlug);
    assert.match(newSlug, /^sturdy-coffee/);
    assert.match((await rowOf(page, 'Sturdy Coffee').getByRole('link').getAttribute('href')) ?? '', new RegExp(`/business/${newSlug}$`));
    await waitForPublicStatus(admin, `/business/${oldSlug}`, 301);
    await page.close();
  });

  test('delete one: a confirmation first, then gone from the list and the public site; a failure shows "Error"', async () => {
    const slug = await slugOf(admin, 'Doomed Diner');
    await waitForPublicStatus(admin, `/business/${slug}`, 200);
    const page = await admin.open('/admin/businesses?category=Restaurant');
    await waitForRows(page, ['Doomed Diner', 'Held Bistro']);
    // Refused by the API: 'Error' with the server's message, and the row stays.
    await page.route('**/api/businesses/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'disk full' }) }) : route.continue(),
    );
    await rowOf(page, 'Doomed Diner').getByRole('button', { name: 'Doomed Diner işletmesini sil' }).click();
    assert.match(await answerConfirm(page, 'Sil'), /Doomed Diner/);
    const failed = await toast(page, /^Error$/);
    assert.equal(failed.description, 'disk full');
    await page.unroute('**/api/businesses/*');
    // Cancelled: nothing happens.
    await rowOf(page, 'Doomed Diner').getByRole('button', { name: 'Doomed Diner işletmesini sil' }).click();
    await answerConfirm(page, 'İptal');
    await waitForRows(page, ['Doomed Diner', 'Held Bistro']);
    await rowOf(page, 'Doomed Diner').getByRole('button', { name: 'Doomed Diner işletmesini sil' }).click();
    await answerConfirm(page, 'Sil');
    const deleted = await toast(page, 'İşletme silindi');
    // In the panel's language, naming the business (the server's message is English).
    assert.match(deleted.description, /^"Doomed Diner" silindi\./);
    await waitForRows(page, ['Held Bistro']);
    await waitForPublicStatus(admin, `/business/${slug}`, 404);
    const { rows } = await admin.api.pool.query(`SELECT 1 FROM businesses WHERE name = 'Doomed Diner'`);
    assert.equal(rows.length, 0);
    await page.close();
  });
});
