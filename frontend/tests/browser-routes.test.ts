/**
 * The built public site in Debian's chromium (playwright-core), on the real API, PostgreSQL and
 * Meilisearch: what a visitor sees and does. Requests to other hosts (map tiles) are blocked, as on
 * a machine without internet; the page must work regardless.
 * Every route at phone and desktop sizes (screenshots to artifacts/screenshots), the navigation bar and
 * footer, and the ad slots where the spec places them.
 * (One of three files, split by topic so that each runs well under two minutes.)
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { openSiteInBrowser, VIEWPORTS, type SiteBrowser } from './browser-harness.ts';
import { publicRoutes, type TestSite } from './site-fixture.ts';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

describe('public site in a browser: every route', () => {
  let site: TestSite;
  let browser: SiteBrowser;
  let starSlug: string;
  let problems: string[];
  const open = (pathname: string, viewport = VIEWPORTS[1]) => browser.open(pathname, viewport);

  beforeAll(async () => {
    ({ site, browser, starSlug } = await openSiteInBrowser());
    problems = browser.problems;
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  // Every test, not only the tour of the routes: no console error, no page error, no hydration error.
  afterEach(() => {
    assert.deepEqual(problems.splice(0), [], 'no console errors or hydration warnings');
  });

  test('every route renders its content without console errors, at phone and desktop sizes', async () => {
    const routes = publicRoutes(starSlug);
    for (const [pathname, heading] of routes) {
      // One load per route; the layout is then checked and captured at each size.
      const page = await open(pathname, VIEWPORTS[1]);
      assert.equal((await page.locator('h1').first().textContent())?.trim(), heading, `${pathname} heading`);
      // The narrowest phone the site supports (360 px) is checked for overflow; the two sizes are captured.
      await page.setViewportSize({ width: 360, height: 740 });
      const narrow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(narrow <= 361, `${pathname} fits 360px (scrollWidth ${narrow})`);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width + 1, `${pathname} fits ${viewport.width}px (scrollWidth ${width})`);
        const name = pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`) });
      }
      await page.close();
    }
    assert.deepEqual(problems, [], 'no console errors or hydration warnings');
  });

  test('the navigation bar highlights the current section and the footer links every page of the spec', async () => {
    const page = await open('/categories');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.deepEqual(await nav.getByRole('link').allTextContents(), ['Home', 'Businesses', 'Categories', 'Countries', 'Cities', 'Contact']);
    assert.deepEqual(await nav.locator('a.active').allTextContents(), ['Categories']);
    const footer = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    const links = await footer.evaluateAll((anchors) => anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    assert.deepEqual(links, [
      ['Home', '/'], ['Categories', '/categories'], ['Countries', '/countries'], ['Cities', '/cities'], ['Contact', '/contact'],
      ['Privacy Policy', '/privacy-policy'], ['Legal Notice', '/legal-notice'], ['Terms of Service (AGB)', '/terms-of-service'], ['Cookie Policy', '/cookie-policy'],
    ]);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms of Service (AGB)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    assert.ok((await page.textContent('main'))?.includes('December 12, 2025'), 'dated as the spec says');
    await page.close();
  });

  test('ad slots ad1-ad7 sit where the spec places them; a visitor sees no placeholder for an empty one', async () => {
    const slots = async (pathname: string) => {
      const page = await open(pathname);
      const found = await page.locator('[data-ad-slot]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-ad-slot')));
      const empty = await page.locator('.ad-empty').allTextContents();
      await page.close();
      return { found: found.sort(), empty: empty.map((text) => text.trim()) };
    };
    // Only ad2 and ad5 hold code here; the empty slots' placeholders are for a signed-in admin
    // (frontend/tests/admin/admin-public-view.test.ts shows them there).
    assert.deepEqual(await slots(`/business/${starSlug}`), { found: ['ad2'], empty: [] });
    assert.deepEqual(await slots('/'), { found: ['ad5'], empty: [] });
    assert.deepEqual(await slots('/categories'), { found: [], empty: [] });
    assert.deepEqual(await slots('/categories/bakery'), { found: [], empty: [] });
  });
});
