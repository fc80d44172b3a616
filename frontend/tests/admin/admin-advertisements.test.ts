/**
 * /admin/advertisements in chromium on the real API, PostgreSQL and Meilisearch (admin-side §2, §5, §8,
 * §9): the seven slots with their places, the live preview in a sandboxed frame (the ad's script runs
 * there and cannot reach the panel), the 50 KB limit in UTF-8 bytes (shown, blocking the save here and
 * refused by the server), save and an ad seen in its slot on the public home page, reset clearing ad1 to
 * ad5 only, and screenshots at phone and desktop width.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { AD_SLOT_KEYS, AD_SLOT_MAX_BYTES } from '../../../common/api/admin.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';
import { editor, editorText, fillEditor, openAsVisitor } from './code-editor-helpers.ts';

const seeded = (slot: string) => `<p class="seeded">seeded ${slot}</p>`;

/** An ad that tries to reach out of its frame and writes down what it managed. */
const PROBE_AD = `<div id="probe">Probe ad</div>
<script>
var results = [];
try { window.top.__adReachedTop = true; results.push('top:reached'); } catch (error) { results.push('top:blocked'); }
try { results.push('parent-document:' + window.parent.document.title); } catch (error) { results.push('parent-document:blocked'); }
try { results.push('cookie:' + JSON.stringify(document.cookie)); } catch (error) { results.push('cookie:denied'); }
try { localStorage.setItem('ad', '1'); results.push('storage:open'); } catch (error) { results.push('storage:denied'); }
window.__adRan = true;
document.getElementById('probe').setAttribute('data-result', results.join(' '));
</script>`;

async function storedCodes(admin: AdminInBrowser): Promise<Record<string, string>> {
  const { rows } = await admin.api.pool.query<{ slot: string; html: string }>('SELECT slot, html FROM advertisement_codes');
  return Object.fromEntries(rows.map((row) => [row.slot, row.html]));
}

describe('admin panel: advertisements', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async (api) => {
        for (const slot of AD_SLOT_KEYS) await api.pool.query('INSERT INTO advertisement_codes (slot, html) VALUES ($1, $2)', [slot, seeded(slot)]);
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

  test('seven slots with their places and the code from the server; each preview is a sandboxed frame of its own page', async () => {
    const page = await admin.open('/admin/advertisements');
    await page.getByRole('heading', { level: 1, name: 'Reklam Yönetimi' }).waitFor();
    for (const [index, slot] of AD_SLOT_KEYS.entries()) {
      const code = editor(page, `Reklam ${index + 1}`);
      await code.waitFor();
      assert.equal(await editorText(code), seeded(slot), slot);
      const frame = page.getByTestId(`preview-${slot}`);
      assert.equal(await frame.getAttribute('src'), '/admin/ad-preview');
      assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts');
      assert.equal(await frame.getAttribute('srcdoc'), null, 'never a srcdoc frame');
      assert.deepEqual([await frame.getAttribute('width'), await frame.getAttribute('height')], ['300', '250']);
      assert.deepEqual(await frame.boundingBox().then((box) => [Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]), [300, 250]);
      // The frame shows the slot's code.
      await page.frameLocator(`[data-testid="preview-${slot}"]`).getByText(`seeded ${slot}`).waitFor();
    }
    // The spec's places (§9): 1 to 4 business detail, 5 home, 6 category list, 7 category detail.
    const places = await page.locator('.ads-place').allTextContents();
    assert.equal(places.length, 7);
    assert.ok(places.slice(0, 4).every((place) => place.startsWith('İşletme detay sayfası')));
    assert.deepEqual(places.slice(4), ['Ana sayfa', 'Kategori listesi sayfası', 'Kategori detay sayfası']);
    await page.close();
  });

  test("the preview runs the ad's HTML and script inside the frame as the code changes, and the ad cannot reach the panel", async () => {
    const page = await admin.open('/admin/advertisements');
    const code = editor(page, 'Reklam 3');
    await code.waitFor();
    const preview = page.frameLocator('[data-testid="preview-ad3"]');
    await preview.getByText('seeded ad3').waitFor();

    await fillEditor(code, PROBE_AD);
    const probe = preview.locator('#probe[data-result]');
    await probe.waitFor();
    const result = (await probe.getAttribute('data-result')) ?? '';
    assert.match(result, /top:blocked/, result);
    assert.match(result, /parent-document:blocked/, result);
    assert.match(result, /cookie:(denied|"")/, result);
    assert.match(result, /storage:denied/, result);
    assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).__adReachedTop), undefined, 'the panel window was not touched');
    assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).__adRan), undefined, 'the ad script did not run in the panel');
    // The frame is a document of its own with an opaque origin.
    const frame = page.frames().find((candidate) => candidate.url().endsWith('/admin/ad-preview') && candidate !== page.mainFrame());
    assert.ok(frame);
    assert.equal(await frame.evaluate(() => window.origin), 'null');

    // A new edit reaches the preview (after typing pauses).
    await fillEditor(code, '<strong id="second">Second version</strong>');
    await preview.locator('#second').waitFor();
    assert.equal(await preview.locator('#probe').count(), 0);
    await page.close();
  });

  test('the size in UTF-8 bytes against 50 KB: a slot over it is shown, blocks the save, and the server refuses it too', async () => {
    const page = await admin.open('/admin/advertisements');
    const code = editor(page, 'Reklam 6');
    await code.waitFor();
    const size = page.getByTestId('size-ad6');
    // '€' is 3 bytes: 17,067 of them are 51,201 bytes in only 17,067 characters.
    const over = '€'.repeat(Math.ceil((AD_SLOT_MAX_BYTES + 1) / 3));
    assert.ok(Buffer.byteLength(over) > AD_SLOT_MAX_BYTES && over.length < AD_SLOT_MAX_BYTES);
    await fillEditor(code, over);
    await page.waitForFunction(() => document.querySelector('[data-testid="size-ad6"]')?.classList.contains('ads-size-over'));
    assert.match((await size.textContent()) ?? '', /^50 KB \/ 50 KB Bu alan en fazla 50 KB olabilir \(1 B fazla\)/);
    assert.equal(await page.getByRole('button', { name: 'Kaydet' }).isDisabled(), true, 'save blocked');
    assert.match((await page.getByRole('alert').filter({ hasText: 'Sınırı aşan' }).textContent()) ?? '', /Sınırı aşan bir alan var/);
    // The server enforces the same limit in UTF-8 bytes.
    const refused = await admin.api.postJson('/api/admin/advertisement-codes', { ad6: over }, { cookie: admin.api.cookie });
    assert.equal(refused.status, 413);

    // Exactly 50 KB is allowed and saved.
    const exactly = `${'€'.repeat(Math.floor(AD_SLOT_MAX_BYTES / 3))}<>`;
    assert.equal(Buffer.byteLength(exactly), AD_SLOT_MAX_BYTES);
    await fillEditor(code, exactly);
    await page.waitForFunction(() => !document.querySelector('[data-testid="size-ad6"]')?.classList.contains('ads-size-over'));
    assert.equal((await size.textContent())?.trim(), '50 KB / 50 KB');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByTestId('toast').getByText('Reklam kodları kaydedildi').waitFor();
    assert.equal((await storedCodes(admin)).ad6, exactly);
    await page.close();
  });

  test('an ad saved in the panel shows in its slot on the public home page; a failed save says "Kayıt hatası"', async () => {
    const page = await admin.open('/admin/advertisements');
    const code = editor(page, 'Reklam 5');
    await code.waitFor();
    await fillEditor(code, '<div id="home-ad">Panel ad</div><script>document.getElementById("home-ad").setAttribute("data-ran", "yes")</script>');
    await page.route('**/api/admin/advertisement-codes', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()));
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const toast = page.getByTestId('toast');
    await toast.locator('.admin-toast-title', { hasText: 'Kayıt hatası' }).waitFor();
    assert.ok(((await toast.locator('.admin-toast-description').textContent()) ?? '').length > 0);
    await page.unroute('**/api/admin/advertisement-codes');
    admin.problems.splice(0);
    assert.equal((await storedCodes(admin)).ad5, seeded('ad5'), 'nothing saved');

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await toast.getByText('Reklam kodları kaydedildi').waitFor();
    await page.getByText('Kaydedilmemiş değişiklikler var').waitFor({ state: 'detached' });
    await page.close();

    const visitor = await openAsVisitor(admin, '/');
    const slot = visitor.page.locator('[data-ad-slot="ad5"] iframe');
    await slot.waitFor();
    const ad = visitor.page.frameLocator('[data-ad-slot="ad5"] iframe').locator('#home-ad[data-ran="yes"]');
    await ad.waitFor();
    assert.equal(await ad.textContent(), 'Panel ad');
    await visitor.close();
  });

  test('typed code is saved exactly as typed (no closing tag, bracket or quote added, no indent); a hint says how to leave the editor', async () => {
    const page = await admin.open('/admin/advertisements');
    const code = editor(page, 'Reklam 4');
    await code.waitFor();
    const typed = ['<div style="color: red; font: 12px \'A\'">HOME AD 5</div>', '<div>', '<script>window.adConfig = ["ad", [1, {slot: 4}]];</script>', '</div>'].join('\n');
    await code.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(typed);
    assert.equal(await editorText(code), typed);
    // Every editor says how to leave it by keyboard, and is described by that line.
    assert.equal(await page.getByText('Düzenleyiciden çıkmak için Esc, ardından Tab', { exact: true }).count(), AD_SLOT_KEYS.length);
    const hintId = (await code.getAttribute('aria-describedby'))?.split(' ').at(-1) ?? '';
    assert.equal(await page.locator(`[id="${hintId}"]`).textContent(), 'Düzenleyiciden çıkmak için Esc, ardından Tab');
    // Esc, then Tab: out of the editor, nothing typed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    assert.equal(await code.evaluate((element) => element.contains(document.activeElement)), false, 'focus left the editor');
    assert.equal(await editorText(code), typed);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByTestId('toast').getByText('Reklam kodları kaydedildi').waitFor();
    assert.equal((await storedCodes(admin)).ad4, typed);
    await page.close();
  });

  test('reset clears ad1 to ad5 only; save makes it stick', async () => {
    const before = await storedCodes(admin);
    const page = await admin.open('/admin/advertisements');
    await editor(page, 'Reklam 1').waitFor();
    await page.getByRole('button', { name: 'Sıfırla' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('ad1–ad5').waitFor();
    await dialog.getByRole('button', { name: 'Sıfırla' }).click();
    for (const slot of ['ad1', 'ad2', 'ad3', 'ad4', 'ad5']) assert.match((await page.getByTestId(`size-${slot}`).textContent()) ?? '', /^0 B \//, slot);
    // ad6 and ad7 keep their code (ad6 may hold 50 KB from an earlier test: its size tells).
    assert.doesNotMatch((await page.getByTestId('size-ad6').textContent()) ?? '', /^0 B \//);
    assert.equal(await editorText(editor(page, 'Reklam 7')), before.ad7);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByTestId('toast').getByText('Reklam kodları kaydedildi').waitFor();
    const after = await storedCodes(admin);
    for (const slot of ['ad1', 'ad2', 'ad3', 'ad4', 'ad5']) assert.equal(after[slot], '', slot);
    assert.equal(after.ad6, before.ad6);
    assert.equal(after.ad7, before.ad7);
    assert.ok(after.ad7 && after.ad7.length > 0, 'ad7 kept its code');
    await page.close();
  });

  test('screenshots at 390 and 1366 px, no horizontal overflow', async () => {
    for (const viewport of ADMIN_VIEWPORTS) {
      const page = await admin.open('/admin/advertisements', viewport);
      await editor(page, 'Reklam 7').waitFor();
      await page.frameLocator('[data-testid="preview-ad7"]').getByText('seeded ad7').waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${viewport.name}: no horizontal overflow`);
      // Chromium paints a cross-origin frame only while it is in view: a window as tall as the page shows all seven.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path: screenshotPath('/admin/advertisements', viewport) });
      await page.close();
    }
  });
});
