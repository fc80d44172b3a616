/**
 * Accessibility in Debian's chromium on the built site: every route at phone and desktop sizes passes
 * an audit (landmarks, one h1 and no skipped heading level, labelled fields, named links, buttons and
 * frames, alt texts, unique ids, WCAG AA contrast of every visible text and placeholder), and the
 * site is usable with the keyboard alone.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchSiteBrowser, VIEWPORTS, type SiteBrowser } from './browser-harness.ts';
import { publicRoutes, startTestSite, type TestSite } from './site-fixture.ts';

const AUDIT = readFile(path.join(import.meta.dirname, 'a11y-audit.browser.js'), 'utf8');

async function audit(page: Page): Promise<string[]> {
  await settled(page);
  return page.evaluate(`(${await AUDIT})()`);
}

/**
 * The settled page. The business page's map arrives after hydration (a dynamic import) and fades its
 * popup in; audited before it was there, the popup's fade started after the audit had looked for running
 * animations, and its half-transparent text was measured against the map (a CI run: contrast 1.16:1 at
 * 390 px). So: the popup (or the map's failure message) first, then until three frames in a row pass with
 * no finite animation running (a fade starts a frame after what starts it; a looping skeleton shimmer
 * never finishes, so it does not count).
 */
async function settled(page: Page): Promise<void> {
  if (await page.$('[data-testid="business-map"]')) await page.waitForSelector('.leaflet-popup, .map-frame .muted', { timeout: 15_000 });
  // (No named function inside: the test's loader would wrap it in a helper the page does not have.)
  await page.evaluate(async () => {
    for (let quiet = 0, rounds = 0; quiet < 3 && rounds < 200; rounds++) {
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const running = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) {
        quiet++;
      } else {
        quiet = 0;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      }
    }
  });
}

/** What has the keyboard focus, described by its text or label. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || (el as HTMLInputElement).placeholder || el.id}`;
  });
}

async function tabUntil(page: Page, target: string, limit = 60): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === target) return;
  }
  assert.fail(`Tab never reached ${target}`);
}

describe('accessibility', () => {
  let site: TestSite;
  let browser: SiteBrowser;
  let starSlug: string;

  beforeAll(async () => {
    site = await startTestSite();
    const { rows } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'star-cafe'`);
    starSlug = rows[0].slug;
    browser = await launchSiteBrowser(site);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  afterEach(() => {
    assert.deepEqual(browser.problems.splice(0), [], 'no console errors or hydration warnings');
  });

  test('every route passes the audit at phone and desktop sizes', async () => {
    const found: string[] = [];
    for (const [pathname] of [...publicRoutes(starSlug), ['/categories/dentist?page=3'] as const]) {
      const page = await browser.open(pathname, VIEWPORTS[1]);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const problem of await audit(page)) found.push(`${pathname} @${viewport.width}: ${problem}`);
      }
      await page.close();
    }
    assert.deepEqual(found, []);
  });

  test('the audit catches what it looks for', async () => {
    // A test that cannot fail is a defect: break the page on purpose and expect each rule to speak.
    const page = await browser.open('/contact');
    await page.evaluate(() => {
      document.querySelector('h1')!.insertAdjacentHTML('afterend', '<h3>Skipped</h3><p style="color:#bbb">Faint text</p><img src="data:,"><button></button><input id="loose">');
      document.querySelector('#loose')!.insertAdjacentHTML('afterend', '<span id="loose">twin</span>');
    });
    const problems = (await audit(page)).join('\n');
    for (const expected of [/heading level skips from h1 to h3/, /contrast 1\.\d+:1 < 4\.5:1 for text <p> "Faint text"/, /img without alt/, /button without an accessible name/, /form field without a label: <input#loose>/, /id "loose" used 2 times/]) {
      assert.match(problems, expected);
    }
    await page.close();
  });

  test('the keyboard alone: skip link, navigation, search, pagination, toggles and the contact form', async () => {
    const page = await browser.open('/');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'a:Skip to content');
    const skip = await page.locator('.skip-link').boundingBox();
    assert.ok(skip && skip.x >= 0 && skip.y >= 0, 'the focused skip link is on screen');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'focus moved to the main content');

    // Focus is visible: the focused control draws an outline of at least 2px.
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'input:What are you looking for?');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    assert.ok(outline.style !== 'none' && outline.width >= 2, `visible focus outline (${JSON.stringify(outline)})`);
    await page.keyboard.type('bakery');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=bakery$/);
    await page.getByRole('heading', { name: 'Search results for "bakery"' }).waitFor();

    // The main navigation by Tab and Enter.
    await page.keyboard.press('Shift+Tab'); // from wherever focus is, back into the page
    await page.locator('.skip-link').focus();
    await tabUntil(page, 'a:Categories');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Business Categories' }).waitFor();

    // The list/grid toggle with Space, a page link with Enter.
    await page.getByRole('button', { name: 'List' }).focus();
    await page.keyboard.press('Space');
    await page.locator('[data-view="list"]').waitFor();
    await page.close();

    const businesses = await browser.open('/businesses');
    await businesses.getByRole('navigation', { name: 'Businesses pages' }).getByRole('link', { name: 'Page 2' }).focus();
    await businesses.keyboard.press('Enter');
    await businesses.waitForURL(/\/businesses\?page=2$/);
    await businesses.close();

    // Amenity groups open and close from the keyboard.
    const business = await browser.open(`/business/${starSlug}`);
    await business.getByRole('button', { name: 'View All' }).focus();
    await business.keyboard.press('Enter');
    assert.equal(await business.getByTestId('amenity-group').count(), 5);
    await business.close();

    // The contact form, filled and sent with Tab, typing and Enter; the honeypot is never reached.
    const contact = await browser.open('/contact');
    await contact.route('**/api/contact', async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), origin: site.origin } });
      return route.fulfill({ response });
    });
    await contact.getByLabel(/^Name/).focus();
    const order: string[] = [];
    for (const text of ['Grace Hopper', 'grace@example.com', 'Navy Labs', '+1 555 0100', 'Keyboard only', 'Sent without touching the mouse.']) {
      order.push(await focused(contact));
      await contact.keyboard.type(text);
      await contact.keyboard.press('Tab');
    }
    assert.deepEqual(order, ['input:contact-name', 'input:contact-email', 'input:contact-company', 'input:contact-phone', 'input:contact-subject', 'textarea:contact-message']);
    assert.equal(await focused(contact), 'button:Send Message', 'the honeypot is skipped');
    await contact.keyboard.press('Enter');
    await contact.getByText('Message Sent Successfully').waitFor();
    const stored = await site.pool.query(`SELECT name FROM contact_messages WHERE subject = 'Keyboard only'`);
    assert.equal(stored.rows[0]?.name, 'Grace Hopper');
    await contact.close();
  });
});
