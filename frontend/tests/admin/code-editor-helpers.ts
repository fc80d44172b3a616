/**
 * Helpers for the admin browser tests that type into the panel's code editors (CodeMirror 6, named by
 * their visible label) and look at the public site as a visitor (a browser context without the admin's
 * cookie).
 */
import type { Locator, Page } from 'playwright-core';
import type { AdminInBrowser } from './admin-browser.ts';

/** The code editor named `label` (its editable element is a textbox labelled by the visible label). */
export function editor(page: Page, label: string | RegExp): Locator {
  return page.getByRole('textbox', { name: label });
}

/** The editor's text, line by line (CodeMirror draws each line as a .cm-line). */
export async function editorText(textbox: Locator): Promise<string> {
  return textbox.evaluate((element) => Array.from(element.querySelectorAll('.cm-line'), (line) => line.textContent ?? '').join('\n'));
}

/** Replaces the editor's text as a paste would (select all, insert). */
export async function fillEditor(textbox: Locator, text: string): Promise<void> {
  await textbox.fill(text);
}

/** `pathname` of the public site in a context of its own (no admin session), hydrated. */
export async function openAsVisitor(admin: AdminInBrowser, pathname: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await admin.browser.newContext();
  await context.route(/^https?:\/\//, (route) => (route.request().url().startsWith(admin.api.url) ? route.continue() : route.abort()));
  const page = await context.newPage();
  await page.goto(admin.api.url + pathname, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
  return { page, close: () => context.close() };
}
