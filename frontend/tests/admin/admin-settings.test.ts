/**
 * /admin/settings in chromium on the real API, PostgreSQL and Meilisearch (admin-side §2, §4, §8, §9):
 * the form filled from the server, the script-tag warning, reset, the size limit, save (and its failure),
 * the snippets on a visitor's next public page in their four places (and running there) but never on an
 * admin page. The cache clear, sitemaps and screenshots are in admin-settings-cache.test.ts.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { SITE_SETTING_MAX_BYTES } from '../../../common/api/admin.ts';
import { openAdminInBrowser, type AdminInBrowser } from './admin-browser.ts';
import { editor, editorText, fillEditor, openAsVisitor } from './code-editor-helpers.ts';

const SEEDED_HEAD = '<meta name="seeded-head" content="from the server">';

/** What the save test writes: each snippet leaves a flag that says it ran, and a marker to find it. */
const SNIPPETS = {
  head_tags: '<meta name="op-head" content="1"><script>window.__opHead = true</script>',
  analytics_code: '<script id="op-analytics">window.__opAnalytics = true</script>',
  facebook_pixel: '<script id="op-pixel">window.__opPixel = true</script>',
  footer_tags: '<div id="op-footer">Operator footer</div><script>window.__opFooter = true</script>',
};
const FLAGS = ['__opHead', '__opAnalytics', '__opPixel', '__opFooter'];

async function flags(page: Page): Promise<boolean[]> {
  return page.evaluate((names) => names.map((name) => (window as unknown as Record<string, unknown>)[name] === true), FLAGS);
}

describe('admin panel: site settings', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async (api) => {
        await api.pool.query(`INSERT INTO site_settings (key, value) VALUES ('head_tags', $1)`, [SEEDED_HEAD]);
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

  test('the form is filled from the server; a script tag in head or footer code is warned about; reset restores the server values', async () => {
    const page = await admin.open('/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Site Ayarları' }).waitFor();
    const head = editor(page, 'Head Tag Kodları');
    await head.waitFor();
    assert.equal(await editorText(head), SEEDED_HEAD);
    // Each editor says where its code goes.
    for (const where of ['<head> bölümüne', '<body> bölümünün en sonuna', '<head> bölümünün en sonuna', '<body> etiketinin hemen başına']) {
      assert.equal(await page.getByText(where, { exact: false }).count(), 1, where);
    }
    assert.equal(await page.getByTestId('script-warning-head_tags').count(), 0);
    // The keyboard is not trapped in an editor: Tab moves on.
    await head.focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null && document.activeElement?.getAttribute('aria-labelledby')?.endsWith('head_tags-label')), false);
    assert.equal(await editorText(head), SEEDED_HEAD, 'Tab typed nothing');

    await fillEditor(head, '<script src="https://tracker.example/t.js"></script>');
    const warning = page.getByTestId('script-warning-head_tags');
    await warning.waitFor();
    assert.match((await warning.textContent()) ?? '', /<script> etiketi içeriyor/);
    await fillEditor(editor(page, 'Footer Kodları'), '<SCRIPT>1</SCRIPT>');
    await page.getByTestId('script-warning-footer_tags').waitFor();
    // Analytics and pixel code are scripts by nature: no warning there.
    await fillEditor(editor(page, 'Analytics Kodu'), '<script>gtag()</script>');
    assert.equal(await page.getByTestId('script-warning-analytics_code').count(), 0);
    assert.equal(await page.getByText('Kaydedilmemiş değişiklikler var').count(), 1);

    await page.getByRole('button', { name: 'Sıfırla' }).click();
    await page.getByTestId('script-warning-head_tags').waitFor({ state: 'detached' });
    assert.equal(await editorText(head), SEEDED_HEAD);
    assert.equal(await editorText(editor(page, 'Footer Kodları')), '');
    assert.equal(await editorText(editor(page, 'Analytics Kodu')), '');
    assert.equal(await page.getByTestId('script-warning-footer_tags').count(), 0);
    assert.equal(await page.getByText('Kaydedilmemiş değişiklikler var').count(), 0);
    await page.close();
  });

  test('a snippet over 100 KB is shown against the limit and cannot be saved; a failed save says "Kayıt hatası" with the message', async () => {
    const page = await admin.open('/admin/settings');
    const footer = editor(page, 'Footer Kodları');
    await footer.waitFor();
    const size = page.getByTestId('size-footer_tags');
    assert.equal((await size.textContent())?.trim(), '0 B / 100 KB');
    // 100 KB and one byte, in lines (as pasted code is).
    const line = `<!-- ${'x'.repeat(90)} -->\n`;
    const big = line.repeat(Math.ceil((SITE_SETTING_MAX_BYTES + 1) / line.length)).slice(0, SITE_SETTING_MAX_BYTES + 1);
    await fillEditor(footer, big);
    await page.waitForFunction(() => document.querySelector('[data-testid="size-footer_tags"]')?.classList.contains('settings-size-over'));
    assert.match((await size.textContent()) ?? '', /^100 KB \/ 100 KB Bu alan en fazla 100 KB olabilir \(1 B fazla\)/);
    const save = page.getByRole('button', { name: 'Kaydet' });
    assert.equal(await save.isDisabled(), true, 'save is blocked over the limit');

    await fillEditor(footer, '<div>ok</div>');
    await page.waitForFunction(() => !document.querySelector('[data-testid="size-footer_tags"]')?.classList.contains('settings-size-over'));
    assert.equal(await save.isDisabled(), false);
    // The server cannot be reached: the failure toast with the browser's message.
    await page.route('**/api/admin/site-settings', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()));
    await save.click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    assert.equal((await toast.locator('.admin-toast-title').textContent())?.trim(), 'Kayıt hatası');
    assert.ok(((await toast.locator('.admin-toast-description').textContent()) ?? '').length > 0, 'the message is shown');
    await page.close();
    admin.problems.splice(0);
    // Nothing was saved.
    const stored = await admin.api.pool.query<{ value: string }>(`SELECT value FROM site_settings WHERE key = 'footer_tags'`);
    assert.equal(stored.rows[0]?.value ?? '', '');
  });

  test('saved snippets reach a visitor\'s next public page in their four places and run there, and never an admin page', async () => {
    const page = await admin.open('/admin/settings');
    await editor(page, 'Head Tag Kodları').waitFor();
    await fillEditor(editor(page, 'Head Tag Kodları'), SNIPPETS.head_tags);
    await fillEditor(editor(page, 'Footer Kodları'), SNIPPETS.footer_tags);
    await fillEditor(editor(page, 'Analytics Kodu'), SNIPPETS.analytics_code);
    await fillEditor(editor(page, 'Facebook Pixel Kodu'), SNIPPETS.facebook_pixel);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Ayarlar kaydedildi').waitFor();
    await page.getByText('Kaydedilmemiş değişiklikler var').waitFor({ state: 'detached' });
    // No operator script ran in the panel that saved it.
    assert.deepEqual(await flags(page), [false, false, false, false]);
    await page.close();

    // A visitor's next page: each snippet in its place in the HTML...
    const html = await (await admin.api.request('/')).text();
    const headEnd = html.indexOf('</head>');
    const headAt = html.indexOf(SNIPPETS.head_tags);
    const analyticsAt = html.indexOf(SNIPPETS.analytics_code);
    assert.ok(headAt > 0 && headAt < headEnd, 'head tags in <head>');
    assert.ok(analyticsAt > headAt, 'analytics after the head tags');
    assert.match(html, /<script id="op-analytics">window.__opAnalytics = true<\/script>\s*<\/head>/, 'analytics at the end of <head>');
    assert.match(html, /<body[^>]*>\s*<script id="op-pixel">/, 'pixel at the start of <body>');
    assert.match(html, /<script>window.__opFooter = true<\/script>\s*<\/body>/, 'footer at the end of <body>');
    // ...and every script ran in the visitor's browser.
    const visitor = await openAsVisitor(admin, '/');
    assert.deepEqual(await flags(visitor.page), [true, true, true, true]);
    assert.equal(await visitor.page.locator('head meta[name="op-head"]').count(), 1);
    assert.equal(await visitor.page.locator('#op-footer').textContent(), 'Operator footer');
    await visitor.close();

    // The panel shows what was saved after a reload, and no admin page carries or runs any of it.
    for (const pathname of ['/admin', '/admin/settings', '/admin/advertisements', '/admin/dashboard']) {
      const panel = await admin.open(pathname);
      await panel.getByRole('heading', { level: 1 }).waitFor();
      if (pathname === '/admin/settings') {
        await editor(panel, 'Head Tag Kodları').waitFor();
        assert.equal(await editorText(editor(panel, 'Head Tag Kodları')), SNIPPETS.head_tags);
        assert.equal(await editorText(editor(panel, 'Facebook Pixel Kodu')), SNIPPETS.facebook_pixel);
      }
      assert.deepEqual(await flags(panel), [false, false, false, false], pathname);
      assert.equal(await panel.locator('meta[name="op-head"], #op-footer, #op-pixel, #op-analytics').count(), 0, pathname);
      await panel.close();
      const raw = await (await admin.api.request(pathname)).text();
      for (const marker of ['op-head', '__opAnalytics', '__opPixel', 'op-footer']) assert.ok(!raw.includes(marker), `${pathname} carries no ${marker}`);
    }
  });
});
