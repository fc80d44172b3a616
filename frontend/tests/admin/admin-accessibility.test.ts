/**
 * The admin panel's accessibility, as the public site's (frontend/tests/accessibility.test.ts): every
 * admin route at phone and desktop sizes passes the same audit (one main, one h1 and no skipped level,
 * labelled fields, named controls and frames, unique ids, WCAG AA contrast), fits the width, and is
 * captured in artifacts/screenshots; the panel works with the keyboard alone: sign in, the skip link,
 * the menu (and the phone drawer), a dialog closed with Escape.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { TEST_ADMIN } from '../../../api/src/test/api-harness.ts';
import { buildBusiness, seedDirectory } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';

const AUDIT = readFile(path.join(import.meta.dirname, '../a11y-audit.browser.js'), 'utf8');

/** Every screen of the panel (the sign-in page separately: it has no shell). */
export const ADMIN_SCREENS = ['/admin', '/admin/dashboard', '/admin/businesses', '/admin/upload', '/admin/settings', '/admin/advertisements', '/admin/reports'] as const;

const SHELL_LANDMARKS = [
  ['nav[aria-label]', 'navigation landmark (the menu)'],
  ['header.admin-topbar', 'banner (top bar)'],
];

async function audit(page: Page, landmarks: string[][]): Promise<string[]> {
  // Until nothing animates (a spinner loops forever and does not count) and the screen's data is in.
  await page.waitForFunction(() => !document.querySelector('.admin-spinner'), undefined, { timeout: 30_000 });
  await page.evaluate(async () => {
    for (let quiet = 0, rounds = 0; quiet < 3 && rounds < 200; rounds++) {
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const running = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) quiet++;
      else {
        quiet = 0;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      }
    }
  });
  return page.evaluate(`(${await AUDIT})(${JSON.stringify({ lang: 'tr', landmarks })})`);
}

function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || (el as HTMLInputElement).name || el.id}`;
  });
}

async function tabUntil(page: Page, target: string | RegExp, limit = 60): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (typeof target === 'string' ? now === target : target.test(now)) return;
  }
  assert.fail(`Tab never reached ${target}`);
}

describe('admin panel: accessibility and screenshots', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async (api) => {
        const rows = Array.from({ length: 30 }, (_, n) => buildBusiness({ placeId: `a11y-${n}`, name: `Audit Bakery ${n}`, category: n % 3 ? 'Bakery' : 'Florist' }));
        await seedDirectory({ config: api.config, pool: api.pool, rows });
        // A few held for review, as the list shows them.
        await api.pool.query(`UPDATE businesses SET is_approved = false WHERE place_id IN ('a11y-0', 'a11y-5')`);
      },
      expectedConsole: [/status of 401/],
    });
  });
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(() => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
  });

  test('the sign-in page and every screen pass the audit at 390 and 1366 px, fit the width, and are captured', async () => {
    const found: string[] = [];
    const login = await admin.open('/admin/login');
    await login.getByRole('heading', { level: 1 }).waitFor();
    for (const viewport of ADMIN_VIEWPORTS) {
      await login.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const problem of await audit(login, [])) found.push(`/admin/login @${viewport.width}: ${problem}`);
      await login.screenshot({ path: screenshotPath('/admin/login', viewport) });
    }
    await login.close();

    await admin.signIn();
    for (const pathname of ADMIN_SCREENS) {
      const page = await admin.open(pathname);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      for (const viewport of ADMIN_VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const problem of await audit(page, SHELL_LANDMARKS)) found.push(`${pathname} @${viewport.width}: ${problem}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > viewport.width + 1) found.push(`${pathname} @${viewport.width}: scrollWidth ${width}`);
        await page.screenshot({ path: screenshotPath(pathname, viewport), fullPage: true });
      }
      await page.close();
    }
    assert.deepEqual(found, []);
  });

  test('the keyboard alone: sign in, skip link, the menu, the phone drawer, Escape closes a dialog', async () => {
    await admin.context.clearCookies();
    const page = await admin.open('/admin/login');
    await page.getByLabel('Kullanıcı adı').waitFor();
    assert.equal(await focused(page), 'input:username', 'the username field has the focus on arrival');
    await page.keyboard.type(TEST_ADMIN.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(TEST_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).waitFor();

    // The skip link first, visible when focused, and it moves focus to the screen.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'a:İçeriğe geç');
    const box = await page.locator('.admin-skip-link').boundingBox();
    assert.ok(box && box.x >= 0 && box.y >= 0, 'the focused skip link is on screen');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    assert.ok(outline.style !== 'none' && outline.width >= 2, `visible focus outline (${JSON.stringify(outline)})`);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');

    // The menu by Tab and Enter.
    await page.locator('.admin-skip-link').focus();
    await tabUntil(page, /^a:İşletme Yönetimi/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/businesses');

    // A confirmation dialog: opened, then closed with Escape, focus back in the page.
    const dialogOpened = await page.evaluate(() => {
      const trigger = [...document.querySelectorAll('button')].find((button) => /Tümünü sil|Test verilerini sil|URL/.test(button.textContent ?? ''));
      trigger?.focus();
      return Boolean(trigger);
    });
    if (dialogOpened) {
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm-dialog').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    }

    // On a phone the menu is a drawer: the toggle opens it, a link closes it.
    await page.setViewportSize({ width: ADMIN_VIEWPORTS[0].width, height: ADMIN_VIEWPORTS[0].height });
    const toggle = page.locator('.admin-drawer-toggle');
    // Shown by the phone layout: focusing it before the new layout applies would leave the focus where it
    // was (a button of the screen), and Enter would press that.
    await toggle.waitFor({ state: 'visible' });
    await toggle.focus();
    assert.equal(await focused(page), 'button:Menüyü aç');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.admin-drawer-toggle').getAttribute('aria-expanded'), 'true');
    const settings = page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: /^Site Ayarları/ });
    await settings.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/settings');
    await page.getByRole('button', { name: 'Menüyü aç' }).waitFor();
    await page.close();
  });
});
