/**
 * The built public site in Debian's chromium (playwright-core), on the real API, PostgreSQL and
 * Meilisearch: what a visitor sees and does. Requests to other hosts (map tiles) are blocked, as on
 * a machine without internet; the page must work regardless.
 * The home page, the business page, the lists' paging and filters, and the contact form.
 * (One of three files, split by topic so that each runs well under two minutes.)
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openSiteInBrowser, VIEWPORTS, type SiteBrowser } from './browser-harness.ts';
import { BUSINESS_TOTAL, CATEGORY_TOTAL, CITY_TOTAL, VIENNA_DENTISTS, type TestSite } from './site-fixture.ts';

/** The main navigation bar, for client-side navigation. */
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('public site in a browser: pages', () => {
  let site: TestSite;
  let browser: SiteBrowser;
  let starSlug: string;
  let hiddenSlug: string;
  let problems: string[];
  const open = (pathname: string, viewport = VIEWPORTS[1]) => browser.open(pathname, viewport);

  beforeAll(async () => {
    ({ site, browser, starSlug, hiddenSlug } = await openSiteInBrowser());
    problems = browser.problems;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  // Every test, not only the tour of the routes: no console error, no page error, no hydration error.
  afterEach(() => {
    assert.deepEqual(problems.splice(0), [], 'no console errors or hydration warnings');
  });

  test('home: counters count up, injected site markup runs, the ad runs sandboxed', async () => {
    const page = await open('/');
    // Counting up: the businesses counter passes through many values on its way (50 steps in 2 s). Its
    // changes are recorded from the page's start (the page is loaded again with a recorder in it): watched
    // only once the harness had seen the page hydrate, a slow run missed most of the 2 s (a CI run saw 9).
    await page.addInitScript(`
      window.__counterSteps = [];
      document.addEventListener('DOMContentLoaded', () => {
        const counter = document.querySelector('[data-testid="counter-businesses"]');
        if (counter) new MutationObserver(() => window.__counterSteps.push(counter.textContent ?? '')).observe(counter, { childList: true, characterData: true, subtree: true });
      });
    `);
    await page.reload({ waitUntil: 'load' });
    // (The server's page shows the final number already: the count is done when a change brings it back.)
    await page.waitForFunction(
      (final) => (window as unknown as { __counterSteps: string[] }).__counterSteps.at(-1) === final,
      String(BUSINESS_TOTAL),
      { timeout: 8000 },
    );
    const steps = await page.evaluate(() => (window as unknown as { __counterSteps: string[] }).__counterSteps);
    assert.equal(steps.at(-1), String(BUSINESS_TOTAL));
    assert.ok(new Set(steps).size >= 10, `counted up through ${new Set(steps).size} values`);
    assert.ok(steps.slice(0, -1).every((value) => Number(value) < BUSINESS_TOTAL), 'from below');
    await page.waitForFunction(
      (expected) => ['businesses', 'countries', 'cities'].map((name) => document.querySelector(`[data-testid="counter-${name}"]`)?.textContent).join('|') === expected,
      `${BUSINESS_TOTAL}|4+|${CITY_TOTAL}`,
      { timeout: 5000 },
    );
    assert.equal(await page.locator('[data-testid="counter-cities"]').textContent(), String(CITY_TOTAL));
    assert.equal(await page.evaluate(() => (window as unknown as { __pixelRan?: boolean }).__pixelRan), true, 'pixel script ran');
    assert.equal(await page.locator('#footer-marker').textContent(), 'Footer tag');
    assert.equal(await page.locator('meta[name="test-head-tag"]').count(), 1);
    const frame = page.locator('[data-ad-slot="ad5"] iframe');
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    assert.ok(sandbox.includes('allow-scripts') && !sandbox.includes('allow-same-origin'), `sandbox="${sandbox}"`);
    assert.equal(await frame.getAttribute('width'), '300');
    assert.equal(await frame.getAttribute('height'), '250');
    assert.equal(await page.frameLocator('[data-ad-slot="ad5"] iframe').locator('#ad-body').textContent(), 'Home advert');
    assert.equal(await page.locator('.featured-card').count(), 12);
    await page.close();

    // Before the page is live (its scripts blocked here) the final number is not shown: it cannot flash and
    // drop to 0 when the count-up starts. Without scripts at all, it is there to read.
    const waiting = await browser.context.newPage();
    await waiting.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await waiting.goto(`${site.url}/`);
    const counter = '[data-testid="counter-businesses"]';
    assert.equal(await waiting.evaluate((selector) => getComputedStyle(document.querySelector(selector)!).visibility, counter), 'hidden');
    // A script that never comes does not hide the number for good.
    await waiting.waitForFunction((selector) => getComputedStyle(document.querySelector(selector)!).visibility === 'visible', counter, { timeout: 9000 });
    await waiting.close();
    const noScripts = await browser.context.browser()!.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScripts.newPage();
      await plain.goto(`${site.url}/`);
      assert.equal(await plain.locator(counter).isVisible(), true);
      assert.equal(await plain.locator(counter).textContent(), String(BUSINESS_TOTAL));
    } finally {
      await noScripts.close();
    }
  });

  test('home: less motion shows the numbers at once, the skip link shows above the sticky header, a photo that fails shows the placeholder', async () => {
    const page = await open('/contact');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // A featured photo that cannot load (external requests fail here): the card keeps its placeholder.
    await page.route('**/api/featured-businesses', async (route) => {
      const response = await route.fetch();
      const cards = (await response.json()) as Array<Record<string, unknown>>;
      return route.fulfill({ response, json: cards.map((card, index) => (index === 0 ? { ...card, image_url: 'https://photos.example/broken.jpg' } : card)) });
    });
    await main(page).getByRole('link', { name: 'Home' }).click();
    await page.locator('.featured-card').first().waitFor();
    await page.locator('.featured-card').first().getByRole('img', { name: 'Image not available' }).waitFor();
    const counters = await page.evaluate(() => ['businesses', 'cities'].map((name) => document.querySelector(`[data-testid="counter-${name}"]`)?.textContent));
    assert.deepEqual(counters, [String(BUSINESS_TOTAL), String(CITY_TOTAL)], 'no count-up: the numbers themselves');
    await page.close();
    // A fresh page: the first Tab lands on the skip link.
    const fresh = await open('/');
    await fresh.keyboard.press('Tab');
    const onTop = await fresh.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const box = link.getBoundingClientRect();
      return link.classList.contains('skip-link') && document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === link;
    });
    assert.equal(onTop, true, 'the focused skip link is the element seen at its place');
    await fresh.close();
  });

  test('business page: amenity toggles, open badge, map with popup while tiles fail, empty ad slot placeholder', async () => {
    // On a small phone the business's name is on the first screen (the photo and the hero ad came first).
    const small = await open(`/business/${starSlug}`, { name: 'small phone', width: 360, height: 740 });
    const heading = await small.getByRole('heading', { level: 1 }).boundingBox();
    assert.ok(heading && heading.y + heading.height <= 740, `the name is at y=${heading?.y}`);
    // The header (brand and a menu wrapped on two lines) scrolls away on a phone instead of covering a sixth of it.
    await small.mouse.wheel(0, 600);
    await small.waitForFunction(() => window.scrollY >= 300);
    const header = await small.locator('.site-header').boundingBox();
    assert.ok(header && header.y + header.height <= 0, `the header still shows at y=${header?.y}`);
    await small.close();
    const page = await open(`/business/${starSlug}`);
    assert.equal(await page.title(), 'Sunrise Coffee Roasters - Coffee shop | Business Directory');
    // 4.7 shows four stars and a half; the half is drawn half filled, not as a fifth full star.
    const half = await page.locator('.business-header .star.half').evaluate((star) => ({ color: getComputedStyle(star).color, image: getComputedStyle(star).backgroundImage }));
    assert.deepEqual([half.color, /linear-gradient/.test(half.image)], ['rgba(0, 0, 0, 0)', true]);
    assert.equal(await page.locator('.badge-open').textContent(), 'Open Now');
    // Groups and features in the order the file gave them (Google's), not re-sorted.
    assert.equal(await page.getByTestId('amenity-group').count(), 3);
    assert.match((await page.getByTestId('amenity-group').first().textContent()) ?? '', /^Service options/);
    await page.getByRole('button', { name: 'View All' }).click();
    assert.equal(await page.getByTestId('amenity-group').count(), 5);
    const payments = page.getByTestId('amenity-group').filter({ hasText: 'Payments' });
    assert.equal(await payments.getByText('Mobile payments').count(), 1, 'the fourth feature listed is shown');
    await payments.getByRole('button', { name: '+2 more' }).click();
    await page.getByText('Gift cards').waitFor();
    await page.getByRole('button', { name: 'Show less', exact: true }).click();
    assert.equal(await page.getByText('Gift cards').count(), 0);
    await page.locator('.leaflet-container').waitFor({ timeout: 5000 });
    await page.locator('.leaflet-popup-content').getByText('Sunrise Coffee Roasters').waitFor();
    // Zoom 15: the (blocked) tile requests are for level 15.
    assert.match((await page.locator('img.leaflet-tile').first().getAttribute('src')) ?? '', /\/15\/\d+\/\d+/);
    assert.match((await page.getByRole('link', { name: 'Open in Google Maps' }).getAttribute('href')) ?? '', /q=52\.52,13\.405/);
    assert.equal(await page.locator('[data-ad-slot="ad1"]').count(), 0, 'an empty slot shows a visitor nothing');
    assert.equal(await page.locator('[data-ad-slot="ad2"] iframe').count(), 1);
    await page.close();

    const hidden = await open(`/business/${hiddenSlug}`);
    await hidden.getByText('Location not available').waitFor();
    await hidden.getByText('Hand-made furniture since 1962.').waitFor();
    assert.equal(await hidden.locator('.badge-open, .badge-closed').count(), 0, 'no badge without working hours');
    // Its about text holds a 480-character token without a break: the page still fits a 360 px phone.
    await hidden.setViewportSize({ width: 360, height: 740 });
    const width = await hidden.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 361, `the page is ${width} px wide`);
    await hidden.close();
  });

  test('/businesses pagination, letter bars, text filter back to page 1, grid/list toggle', async () => {
    const page = await open('/businesses');
    await page.getByText(`Showing 1-20 of ${BUSINESS_TOTAL} businesses`).waitFor();
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.getByText(`Showing 21-40 of ${BUSINESS_TOTAL} businesses`).waitFor();
    assert.match(page.url(), /\/businesses\?page=2$/);
    await page.getByText('Page 2 of 12').waitFor();
    await page.close();

    const categories = await open('/categories');
    await categories.getByRole('navigation', { name: 'Categories by letter' }).getByRole('link', { name: 'F', exact: true }).click();
    await categories.getByRole('heading', { name: 'Keywords beginning with F' }).waitFor();
    await categories.getByRole('link', { name: 'Florist' }).waitFor();
    await categories.getByRole('link', { name: 'All', exact: true }).click();
    await categories.getByRole('heading', { name: 'Business Categories' }).waitFor();
    await categories.getByPlaceholder('Search categories...').fill('flor');
    await categories.getByText('Showing 1 to 1 of 1 categories').waitFor();
    await categories.getByPlaceholder('Search categories...').fill('zzz');
    await categories.getByText('No categories found').waitFor();
    await categories.getByPlaceholder('Search categories...').fill('');
    await categories.getByRole('button', { name: 'List' }).click();
    assert.equal(await categories.locator('[data-view="list"]').count(), 1);
    await categories.close();

    const cities = await open('/cities');
    await cities.getByPlaceholder('Search cities or countries...').fill('fr');
    await cities.getByText('Showing 1 to 2 of 2 cities').waitFor();
    await cities.getByRole('navigation', { name: 'Cities by letter (bottom)' }).getByRole('link', { name: 'M', exact: true }).click();
    await cities.getByRole('heading', { name: 'Cities beginning with M' }).waitFor();
    await cities.close();
  });

  test('deep paging: /businesses keeps first and last with ellipses around 2 pages; other lists slide 5 buttons', async () => {
    // What the pager shows, in order: Previous, numbers, ellipses, Next ('Previous' and 'Next' are
    // spans, not links, where they lead nowhere).
    const pager = async (page: Page, label: string) => {
      const nav = page.getByRole('navigation', { name: label });
      const items = await nav.locator('.page-btn, .ellipsis').evaluateAll((nodes) =>
        nodes.map((node) => (node.getAttribute('aria-disabled') === 'true' ? `(${node.textContent})` : node.getAttribute('aria-current') === 'page' ? `[${node.textContent}]` : node.textContent)),
      );
      return items.join(' ');
    };
    const page = await open('/businesses');
    assert.equal(await pager(page, 'Businesses pages'), '(Previous) [1] 2 3 … 12 Next');
    const businessesNav = page.getByRole('navigation', { name: 'Businesses pages' });
    await businessesNav.getByRole('link', { name: 'Page 3' }).click();
    await page.getByText(`Showing 41-60 of ${BUSINESS_TOTAL} businesses`).waitFor();
    assert.equal(await pager(page, 'Businesses pages'), 'Previous 1 2 [3] 4 5 … 12 Next');
    await businessesNav.getByRole('link', { name: 'Page 5' }).click();
    await page.getByText('Page 5 of 12').waitFor();
    assert.equal(await pager(page, 'Businesses pages'), 'Previous 1 … 3 4 [5] 6 7 … 12 Next');
    await businessesNav.getByRole('link', { name: 'Page 12' }).click();
    await page.getByText(`Showing 221-${BUSINESS_TOTAL} of ${BUSINESS_TOTAL} businesses`).waitFor();
    assert.equal(await pager(page, 'Businesses pages'), 'Previous 1 … 10 11 [12] (Next)');
    assert.equal(await page.locator('.card-grid > *').count(), BUSINESS_TOTAL - 11 * 20);
    await businessesNav.getByRole('link', { name: 'Previous' }).click();
    await page.getByText('Page 11 of 12').waitFor();
    assert.match(page.url(), /\/businesses\?page=11$/);
    await page.close();

    // A category of 130 businesses: 11 pages of 12, the window slides and stops at the ends.
    const category = await open('/categories/dentist');
    assert.equal(await pager(category, 'Category pages'), '(Previous) [1] 2 3 4 5 Next');
    assert.equal(await category.locator('.card-grid > *').count(), 12);
    const categoryNav = category.getByRole('navigation', { name: 'Category pages' });
    await categoryNav.getByRole('link', { name: 'Page 4' }).click();
    await category.waitForURL(/\/categories\/dentist\?page=4$/);
    await category.getByRole('navigation', { name: 'Category pages' }).locator('[aria-current="page"]', { hasText: '4' }).waitFor();
    assert.equal(await pager(category, 'Category pages'), 'Previous 2 3 [4] 5 6 Next');
    await categoryNav.getByRole('link', { name: 'Next' }).click();
    await category.waitForURL(/page=5$/);
    await categoryNav.locator('[aria-current="page"]', { hasText: '5' }).waitFor();
    assert.equal(await pager(category, 'Category pages'), 'Previous 3 4 [5] 6 7 Next');
    await category.close();
    const lastCategoryPage = await open('/categories/dentist?page=11');
    assert.equal(await pager(lastCategoryPage, 'Category pages'), 'Previous 7 8 9 10 [11] (Next)');
    assert.equal(await lastCategoryPage.locator('.card-grid > *').count(), 130 - 10 * 12);
    await lastCategoryPage.close();

    const city = await open('/cities/at/vienna?page=6');
    assert.equal(await pager(city, 'City pages'), 'Previous 4 5 [6] 7 8 Next');
    assert.equal(await city.locator('.card-grid > *').count(), 12);
    await city.close();

    // The indexes: 75 categories and 75 cities, 12 a page, 'Showing X to Y of Z'.
    const categories = await open('/categories');
    await categories.getByText(`Showing 1 to 12 of ${CATEGORY_TOTAL} categories`).waitFor();
    const indexLabel = await categories.locator('nav.pagination').first().getAttribute('aria-label');
    assert.ok(indexLabel, 'the index pager is labelled');
    assert.equal(await pager(categories, indexLabel), '(Previous) [1] 2 3 4 5 Next');
    await categories.getByRole('navigation', { name: indexLabel }).getByRole('link', { name: 'Page 5' }).click();
    await categories.getByText(`Showing 49 to 60 of ${CATEGORY_TOTAL} categories`).waitFor();
    assert.equal(await pager(categories, indexLabel), 'Previous 3 4 [5] 6 7 Next');
    await categories.getByRole('navigation', { name: indexLabel }).getByRole('link', { name: 'Page 7' }).click();
    await categories.getByText(`Showing 73 to ${CATEGORY_TOTAL} of ${CATEGORY_TOTAL} categories`).waitFor();
    assert.equal(await pager(categories, indexLabel), 'Previous 3 4 5 6 [7] (Next)');
    // A text filter goes back to page 1.
    await categories.getByPlaceholder('Search categories...').fill('speciality');
    await categories.getByText(`Showing 1 to 12 of ${CATEGORY_TOTAL - 6} categories`).waitFor();
    await categories.close();

    // Search results page too: 130 dentists, 20 a page.
    const search = await open('/search?q=dental');
    await search.getByRole('heading', { name: `${VIENNA_DENTISTS} results` }).waitFor();
    assert.equal(await pager(search, 'Search result pages'), '(Previous) [1] 2 3 4 5 Next');
    await search.getByRole('navigation', { name: 'Search result pages' }).getByRole('link', { name: 'Page 2' }).click();
    await search.waitForURL(/\/search\?q=dental&page=2$/);
    await search.getByRole('navigation', { name: 'Search result pages' }).locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    assert.equal(await search.locator('.card-grid > *').count(), 20);
    await search.close();

    // Changing page scrolls back to the top (spec: countries, and cities the same way).
    const cities = await open('/cities?page=3');
    await cities.getByText(`Showing 25 to 36 of ${CITY_TOTAL} cities`).waitFor();
    const cityPager = cities.locator('nav.pagination').first();
    await cityPager.scrollIntoViewIfNeeded();
    assert.ok((await cities.evaluate(() => window.scrollY)) > 200, 'scrolled down to the pager');
    await cityPager.getByRole('link', { name: 'Page 4' }).click();
    await cities.getByText(`Showing 37 to 48 of ${CITY_TOTAL} cities`).waitFor();
    await cities.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 });
    await cities.close();
    // A link to the page already shown (the footer's Home on the home page) goes to its top too.
    const homePage = await open('/');
    await homePage.getByRole('contentinfo').scrollIntoViewIfNeeded();
    assert.ok((await homePage.evaluate(() => window.scrollY)) > 200);
    await homePage.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click();
    await homePage.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 });
    await homePage.close();
    // Every other paged list too (they kept the scroll, and the next page opened far below its first items).
    for (const [path, label, next] of [['/categories/dentist', 'Category pages', /page=2$/], ['/cities/at/vienna', 'City pages', /page=2$/], ['/categories', indexLabel, /page=2$/]] as const) {
      const list = await open(path);
      const nav = list.getByRole('navigation', { name: label });
      await nav.scrollIntoViewIfNeeded();
      assert.ok((await list.evaluate(() => window.scrollY)) > 200, `${path}: scrolled down to the pager`);
      await nav.getByRole('link', { name: 'Next' }).click();
      await list.waitForURL(next);
      await list.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 }).catch(async () => assert.fail(`${path}: page 2 opened at scrollY ${await list.evaluate(() => window.scrollY)}`));
      await list.close();
    }
  });

  test('contact form: validation messages, Sending..., success and failure notices', async () => {
    const page = await open('/contact');
    // The test server listens on an ephemeral port, not on PUBLIC_URL: present the allowed Origin.
    let fail: 500 | 429 | false = false;
    const contactStatuses: number[] = [];
    await page.route('**/api/contact', async (route) => {
      if (fail === 500) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' });
      if (fail === 429) return route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"too_many_requests","message":"whatever the server says"}' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const response = await route.fetch({ headers: { ...route.request().headers(), origin: site.origin } });
      contactStatuses.push(response.status());
      return route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['Name must be at least 2 characters', 'Please enter a valid email address', 'Subject must be at least 5 characters', 'Message must be at least 10 characters']) {
      await page.getByText(message).waitFor();
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact-name', 'the focus goes to the first field to fix');
    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByLabel(/^Email/).fill('ada@example.com');
    await page.getByLabel(/^Subject/).fill('Listing question');
    await page.getByLabel(/^Message/).fill('How do I add my bakery to the directory?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    assert.equal(await sending.isDisabled(), true);
    await page.getByText('Message Sent Successfully').waitFor();
    await page.getByRole('link', { name: 'Dismiss notification' }).click();
    await page.getByText('Message Sent Successfully').waitFor({ state: 'detached' });
    assert.deepEqual(contactStatuses, [201]);
    assert.equal(await page.getByLabel(/^Name/).inputValue(), '', 'form cleared');
    const stored = await site.pool.query(`SELECT subject FROM contact_messages`);
    assert.equal(stored.rows[0]?.subject, 'Listing question');

    fail = 500;
    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByLabel(/^Email/).fill('ada@example.com');
    await page.getByLabel(/^Subject/).fill('Second question');
    await page.getByLabel(/^Message/).fill('Is there an API for partners?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Failed to send message. Please try again later.').waitFor();
    assert.equal(await page.getByRole('alert').locator('strong').textContent(), 'Error');
    assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Ada Lovelace', 'kept after a failure');
    // Sent too often: the notice says so (the site's own words), not "try again later" in general.
    fail = 429;
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Too many messages from this address. Please try again later.').waitFor();

    // A bot that fills every field, the hidden one too, is thanked and nothing is stored.
    fail = false;
    await page.locator('#contact-website').fill('http://spam.example', { force: true });
    await page.getByLabel(/^Subject/).fill('Cheap pills here');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent Successfully').waitFor();
    assert.deepEqual(contactStatuses, [201, 201]);
    const spam = await site.pool.query(`SELECT 1 FROM contact_messages WHERE subject = 'Cheap pills here'`);
    assert.equal(spam.rowCount, 0, 'the honeypot message was dropped');
    await page.close();
    // The simulated 500 and 429 are the console errors this test causes on purpose.
    for (const status of [500, 429]) {
      const expected = problems.findIndex((line) => new RegExp(`^/contact: Failed to load resource: .*status of ${status}`).test(line));
      assert.ok(expected >= 0, `chromium reported the failed request (${status})`);
      problems.splice(expected, 1);
    }
  });
});
