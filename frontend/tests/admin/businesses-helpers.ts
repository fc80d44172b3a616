/** Shared steps of the /admin/businesses browser tests (list, actions, destructive): rows, toasts, the public site, an aged session. */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../../api/src/middleware/session.ts';
import type { AdminInBrowser } from './admin-browser.ts';

/** The chromium console lines of refused calls these tests provoke on purpose. */
export const EXPECTED_REFUSALS = [/status of (400|401|403|404|409|500)/];

export function rowOf(page: Page, name: string): Locator {
  return page.getByTestId('business-row').filter({ has: page.getByText(name, { exact: true }) });
}

/** The names in the table, top to bottom. */
export async function rowNames(page: Page): Promise<string[]> {
  return page.getByTestId('business-row').locator('td:nth-child(2)').allTextContents();
}

/** Waits until the table shows exactly `names` in this order (the list refreshes after each change). */
export async function waitForRows(page: Page, expected: string[], timeout = 20_000): Promise<void> {
  const started = Date.now();
  let seen: string[] = [];
  while (Date.now() - started < timeout) {
    seen = (await page.getByTestId('business-row').count()) ? await rowNames(page) : [];
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(seen, expected, 'rows shown');
}

/** The toast now showing: its title and description. */
export async function toast(page: Page, title: RegExp | string): Promise<{ title: string; description: string }> {
  const card = page.getByTestId('toast').filter({ has: page.locator('.admin-toast-title', { hasText: title }) });
  await card.waitFor({ timeout: 20_000 });
  const text = async (selector: string) => ((await card.locator(selector).count()) ? ((await card.locator(selector).textContent()) ?? '').trim() : '');
  return { title: await text('.admin-toast-title'), description: await text('.admin-toast-description') };
}

/** Answers the confirmation dialog now open with its button `name`. */
export async function answerConfirm(page: Page, name: string | RegExp): Promise<string> {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByRole('button', { name }).waitFor();
  const message = ((await dialog.locator('.admin-dialog-body').textContent()) ?? '').trim();
  await dialog.getByRole('button', { name }).click();
  return message;
}

export async function slugOf(admin: AdminInBrowser, name: string): Promise<string> {
  const { rows } = await admin.api.pool.query<{ slug: string }>('SELECT slug FROM businesses WHERE name = $1', [name]);
  assert.equal(rows.length, 1, name);
  return rows[0].slug;
}

/** A visitor's (no cookie) status for `path`, waited for until it is `status` (search publishes within the answer; a margin for a loaded machine). */
export async function waitForPublicStatus(admin: AdminInBrowser, path: string, status: number, timeout = 15_000): Promise<void> {
  const started = Date.now();
  let last = 0;
  while (Date.now() - started < timeout) {
    const response = await admin.api.request(path, { redirect: 'manual' });
    last = response.status;
    await response.arrayBuffer();
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.equal(last, status, `public ${path}`);
}

/** The search (URL query) of the page, as an object. */
export function queryOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/**
 * Makes the browser's session look as if the password was entered `minutes` ago: the cookie re-signed as
 * the server signs it (cookie-session, HMAC-SHA1 over "name=value" with the session secret), which is how
 * the API's own tests provoke reauth_required (routes/admin/destructive-actions).
 */
export async function ageSession(admin: AdminInBrowser, minutes: number): Promise<void> {
  const cookies = await admin.context.cookies();
  const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  assert.ok(session, 'signed in');
  const data = JSON.parse(Buffer.from(session.value, 'base64').toString('utf8')) as Record<string, unknown>;
  data.signedInAt = Date.now() - minutes * 60_000;
  const value = Buffer.from(JSON.stringify(data)).toString('base64');
  const signature = createHmac('sha1', admin.api.config.sessionSecret!)
    .update(`${SESSION_COOKIE}=${value}`)
    .digest('base64')
    .replace(/\/|\+|=/g, (char) => ({ '/': '_', '+': '-', '=': '' })[char]!);
  const signatureCookie = cookies.find((cookie) => cookie.name === `${SESSION_COOKIE}.sig`);
  assert.ok(signatureCookie, 'the session cookie is signed');
  await admin.context.addCookies([
    { ...session, value },
    { ...signatureCookie, value: signature },
  ]);
}

/** True when the page is wider than the window (a phone layout that overflows sideways). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** The site's accessibility audit (frontend/tests/a11y-audit.browser.js) of what the page shows now (a dialog open, say). */
export async function auditNow(page: Page): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const path = await import('node:path');
  const script = await readFile(path.join(import.meta.dirname, '../a11y-audit.browser.js'), 'utf8');
  return page.evaluate(`(${script})(${JSON.stringify({ lang: 'tr', landmarks: [] })})`);
}
