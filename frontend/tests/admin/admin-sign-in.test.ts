/**
 * The admin panel's door, in chromium on the real API: both sign-in presentations and their messages
 * (admin-side §2, §5, §8), the way back after a session ends, sign-out, the English switch, and what the
 * server sends for /admin (its own document: no operator markup, a strict script policy, never cached).
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { TEST_ADMIN } from '../../../api/src/test/api-harness.ts';
import { openAdminInBrowser, type AdminInBrowser } from './admin-browser.ts';

describe('admin panel: signing in and out', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async (api) => {
        // Operator markup that must never reach an admin page.
        await api.pool.query(`INSERT INTO site_settings (key, value) VALUES
          ('head_tags', '<meta name="operator-head" content="1">'),
          ('analytics_code', '<script>window.__analyticsRan = true</script>'),
          ('facebook_pixel', '<script>window.__pixelRan = true</script>'),
          ('footer_tags', '<div id="operator-footer">footer</div>')`);
      },
      // The refused sign-ins this file provokes are logged by chromium as failed resources.
      expectedConsole: [/status of 401/],
    });
  });
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(async () => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
    await admin.context.clearCookies();
  });

  test('/admin is its own document: no operator markup, a strict policy, never cached; /admin-legacy redirects', async () => {
    for (const pathname of ['/admin', '/admin/businesses', '/admin/login', '/admin/no-such-screen']) {
      const response = await admin.api.request(pathname);
      assert.equal(response.status, 200, pathname);
      assert.equal(response.headers.get('cache-control'), 'no-store', pathname);
      const policy = response.headers.get('content-security-policy') ?? '';
      assert.match(policy, /script-src 'self'(;|$)/, pathname);
      assert.match(policy, /frame-ancestors 'none'/, pathname);
      const html = await response.text();
      assert.match(html, /<div id="root"><\/div>/);
      for (const marker of ['operator-head', '__analyticsRan', '__pixelRan', 'operator-footer']) assert.ok(!html.includes(marker), `${pathname} carries no ${marker}`);
      assert.ok(!/<script>/.test(html), `${pathname} has no inline script`);
    }
    const legacy = await admin.api.request('/admin-legacy');
    assert.equal(legacy.status, 301);
    assert.equal(legacy.headers.get('location'), '/admin');
    // The ad preview frame: a policy of its own that lets an ad's scripts run, embeddable by the panel only.
    const preview = await admin.api.request('/admin/ad-preview');
    assert.equal(preview.status, 200);
    assert.match(preview.headers.get('content-security-policy') ?? '', /'unsafe-inline'.*frame-ancestors 'self'/);
    // A public page still carries the operator's markup (for a visitor).
    const home = await (await admin.api.request('/')).text();
    assert.ok(home.includes('operator-head'));
  });

  test('in-panel sign-in at /admin: button disabled until both fields are filled, "Invalid Login" on a wrong password, then the panel', async () => {
    const page = await admin.open('/admin');
    const button = page.getByRole('button', { name: 'Giriş Yap' });
    assert.equal(await button.isDisabled(), true, 'disabled with empty fields');
    await page.getByLabel('Kullanıcı adı').fill(TEST_ADMIN.username);
    assert.equal(await button.isDisabled(), true, 'disabled without a password');
    await page.getByLabel('Şifre').fill('wrong password');
    assert.equal(await button.isDisabled(), false);
    await button.click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /^Invalid Login/);
    await page.getByLabel('Şifre').fill(TEST_ADMIN.password);
    await button.click();
    // Signed in: the shell with the sidebar's links and the admin's name.
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).waitFor();
    for (const name of ['Ana Sayfa', 'Dashboard', 'İşletme Yönetimi', 'Excel Yükleme', 'Site Ayarları', 'Reklam Yönetimi', 'Raporlar']) {
      assert.equal(await page.getByRole('navigation').getByRole('link', { name: new RegExp(`^${name}`) }).count(), 1, name);
    }
    assert.equal(await page.getByRole('link', { name: 'Ana siteye dön' }).getAttribute('href'), '/');
    assert.ok((await page.locator('.admin-user').textContent())?.includes(TEST_ADMIN.username));
    // No operator script ran in the panel.
    assert.deepEqual(await page.evaluate(() => [Boolean((window as any).__analyticsRan), Boolean((window as any).__pixelRan)]), [false, false]);
    await page.close();
  });

  test('in-panel sign-in without a server: "Login Error" / "Unable to connect to server. Please try again."', async () => {
    const page = await admin.open('/admin');
    await page.route('**/api/admin/login', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Kullanıcı adı').fill(TEST_ADMIN.username);
    await page.getByLabel('Şifre').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    assert.equal((await toast.locator('.admin-toast-title').textContent())?.trim(), 'Login Error');
    assert.equal((await toast.locator('.admin-toast-description').textContent())?.trim(), 'Unable to connect to server. Please try again.');
    // A failed request was logged by the browser: expected here.
    admin.problems.splice(0);
    await page.close();
  });

  test('/admin/login shows the server message under the form; a guarded screen comes back after signing in', async () => {
    const page = await admin.open('/admin/businesses?page=2');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    assert.equal(new URL(page.url()).searchParams.get('next'), '/admin/businesses?page=2');
    await page.getByLabel('Kullanıcı adı').fill(TEST_ADMIN.username);
    await page.getByLabel('Şifre').fill('nope');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    const message = page.getByTestId('login-error');
    await message.waitFor();
    assert.ok(((await message.textContent()) ?? '').length > 0);
    await page.getByLabel('Şifre').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/businesses' && url.search === '?page=2');
    await page.close();
  });

  test('a session that ends mid-use goes to the sign-in with a way back; sign-out ends it', async () => {
    await admin.signIn();
    const page = await admin.open('/admin/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The session is gone (as after a sign-out on another device), then the admin comes back to the tab.
    await admin.context.clearCookies();
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/admin/login', { timeout: 15_000 });
    assert.equal(new URL(page.url()).searchParams.get('next'), '/admin/dashboard');
    admin.problems.splice(0);
    await page.close();

    await admin.signIn();
    const panel = await admin.open('/admin');
    await panel.getByRole('button', { name: 'Çıkış Yap' }).click();
    await panel.waitForURL((url) => url.pathname === '/admin/login');
    const after = await admin.api.request('/api/admin/me', { headers: { cookie: (await admin.context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') } });
    assert.equal(after.status, 401, 'the session is over on the server');
    await panel.close();
  });

  test('the English switch changes the texts and is remembered', async () => {
    await admin.signIn();
    const page = await admin.open('/admin');
    await page.getByRole('group', { name: 'Dil' }).getByRole('button', { name: 'EN' }).click();
    await page.getByRole('navigation', { name: 'Admin menu' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.reload();
    await page.getByRole('navigation', { name: 'Admin menu' }).waitFor();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'TR' }).click();
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).waitFor();
    await page.close();
  });
});
