/**
 * The built public site in Debian's chromium (playwright-core), on the real API, PostgreSQL and
 * Meilisearch: what a visitor sees and does. Requests to other hosts (map tiles) are blocked, as on
 * a machine without internet; the page must work regardless.
 * What the data screens show while the API answers and when it fails, and searching (not-found search,
 * near me).
 * (One of three files, split by topic so that each runs well under two minutes.)
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openSiteInBrowser, VIEWPORTS, type SiteBrowser } from './browser-harness.ts';
import { BUSINESS_TOTAL, type TestSite } from './site-fixture.ts';

/** The main navigation bar, for client-side navigation. */
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('public site in a browser: loading and search', () => {
  let site: TestSite;
  let browser: SiteBrowser;
  let problems: string[];
  const open = (pathname: string, viewport = VIEWPORTS[1]) => browser.open(pathname, viewport);

  beforeAll(async () => {
    ({ site, browser } = await openSiteInBrowser());
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

  test('every data screen shows its error state when the API fails during client navigation', async () => {
    // [start page, API path that fails, how to get there, the error state]. Each on its own page and all
    // at once: the client retries 3 times (1 s, 2 s, 4 s) before it shows an error, as the spec says.
    const cases: [string, RegExp, (page: Page) => Promise<void>, string, string?][] = [
      ['/', /\/api\/categories(\?|$)/, (page) => main(page).getByRole('link', { name: 'Categories' }).click(), 'Unable to load categories', 'There was an error loading the categories. Please try again later.'],
      ['/', /\/api\/businesses(\?|$)/, (page) => main(page).getByRole('link', { name: 'Businesses' }).click(), 'Error Loading Businesses', 'Please try again later.'],
      ['/', /\/api\/countries(\?|$)/, (page) => main(page).getByRole('link', { name: 'Countries' }).click(), 'Unable to load countries', 'There was an error loading the countries. Please try again later.'],
      ['/', /\/api\/cities(\?|$)/, (page) => main(page).getByRole('link', { name: 'Cities' }).click(), 'Unable to load cities', 'There was an error loading the cities. Please try again later.'],
      ['/categories', /\/api\/categories\/bakery(\?|$)/, (page) => page.getByRole('main').getByRole('link', { name: /^Bakery/ }).first().click(), 'Error loading category', 'HTTP 500: Internal Server Error'],
      ['/countries', /\/api\/countries\/germany(\?|$)/, (page) => page.getByRole('main').getByRole('link', { name: /Germany/ }).first().click(), 'Unable to load countries'],
      ['/cities', /\/api\/cities\/FR\/paris(\?|$)/i, (page) => page.getByRole('main').getByRole('link', { name: /Paris/ }).first().click(), 'Unable to load cities'],
      ['/privacy-policy', /\/api\/(homepage-data|featured-businesses)(\?|$)/, async (page) => {
        await main(page).getByRole('link', { name: 'Home' }).click();
        await page.getByRole('heading', { name: 'Unable to load popular categories, cities and countries' }).waitFor({ timeout: 20_000 });
        assert.equal(await page.getByTestId('counter-businesses').count(), 0, 'no counters made of zeros');
      }, 'Unable to load businesses', 'Please try again later.'],
      ['/no/such/page', /\/api\/search(\?|$)/, async (page) => {
        await page.getByLabel('What are you looking for?').fill('bakery');
        await page.getByLabel('What are you looking for?').press('Enter');
      }, 'Search is unavailable', 'Please try again later.'],
    ];
    await Promise.all(
      cases.map(async ([start, api, go, title, text]) => {
        const page = await open(start);
        await page.route(api, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }));
        await go(page);
        await page.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 20_000 });
        if (text) await page.getByText(text, { exact: true }).first().waitFor();
        await page.close();
      }),
    );
    // The simulated 500s are the console errors this test causes on purpose; nothing else may be.
    const failed = problems.filter((line) => /Failed to load resource: .*status of 500/.test(line));
    assert.ok(failed.length >= cases.length, 'chromium reported the failed requests');
    for (const line of failed) problems.splice(problems.indexOf(line), 1);
  });

  test('data screens show their skeleton or loading line while the API answers, then the content', async () => {
    // Each request waits for the test to let it through, so the loading state is there to be seen.
    const cases: [string, RegExp, (page: Page) => Promise<void>, (page: Page) => Promise<unknown>, (page: Page) => Promise<unknown>][] = [
      ['/', /\/api\/categories(\?|$)/, (page) => main(page).getByRole('link', { name: 'Categories' }).click(),
        (page) => page.locator('[aria-busy="true"]').first().waitFor(), (page) => page.getByRole('link', { name: /^Florist/ }).waitFor()],
      ['/', /\/api\/businesses(\?|$)/, (page) => main(page).getByRole('link', { name: 'Businesses' }).click(),
        (page) => page.getByText('Loading businesses...').waitFor(), (page) => page.getByText(`Showing 1-20 of ${BUSINESS_TOTAL} businesses`).waitFor()],
      ['/categories', /\/api\/categories\/bakery(\?|$)/, (page) => page.getByRole('main').getByRole('link', { name: /^Bakery/ }).first().click(),
        (page) => page.getByLabel('Loading category').waitFor(), (page) => page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor()],
      ['/cities', /\/api\/cities\/FR\/paris(\?|$)/i, (page) => page.getByRole('main').getByRole('link', { name: /Paris/ }).first().click(),
        (page) => page.getByLabel('Loading city').waitFor(), (page) => page.getByRole('heading', { level: 1, name: 'Businesses in Paris' }).waitFor()],
      ['/', /\/api\/businesses\/[^/?]+(\?|$)/, (page) => page.locator('.featured-card', { hasText: 'Sunrise Coffee' }).click(),
        (page) => page.getByLabel('Loading business').waitFor(), (page) => page.getByRole('heading', { level: 1, name: 'Sunrise Coffee Roasters' }).waitFor()],
      ['/no/such/page', /\/api\/search(\?|$)/, async (page) => {
        await page.getByLabel('What are you looking for?').fill('bakery');
        await page.getByLabel('What are you looking for?').press('Enter');
      }, (page) => page.getByText('Searching...').waitFor(), (page) => page.getByRole('link', { name: /Berlin Bakery/ }).first().waitFor()],
    ];
    await Promise.all(
      cases.map(async ([start, api, go, loading, loaded]) => {
        const page = await open(start);
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        await page.route(api, async (route) => {
          await gate;
          await route.continue();
        });
        await go(page);
        await loading(page);
        release();
        await loaded(page);
        await page.close();
      }),
    );
  });

  test('not-found search goes to /search with the query and the location', async () => {
    const page = await open('/no/such/page');
    const button = page.getByRole('button', { name: 'Search' });
    assert.equal(await button.isDisabled(), true, 'disabled while the query is empty');
    await page.getByLabel('What are you looking for?').fill('   ');
    assert.equal(await button.isDisabled(), true, 'disabled for a blank query');
    await page.getByLabel('What are you looking for?').fill('boulangerie');
    await page.getByLabel('Where?').fill(' Paris ');
    await page.getByLabel('What are you looking for?').press('Enter');
    await page.waitForURL(/\/search\?q=boulangerie&location=Paris$/);
    await page.getByRole('link', { name: 'Boulangerie Paris 0', exact: true }).waitFor();
    await page.close();

    const search = await open('/search?q=bakry');
    await search.getByRole('link', { name: /Berlin Bakery/ }).first().waitFor();
    // The fixture's Berlin Bakery businesses alternate between Berlin and Munich: both are city facets.
    const filters = search.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('link', { name: /^Berlin \(\d+\)$/ }).waitFor();
    await filters.getByRole('link', { name: /^Munich \(\d+\)$/ }).click();
    await search.waitForURL(/city=/);
    await filters.getByRole('link', { name: 'Remove city filter Munich' }).waitFor();
    await search.getByRole('heading', { level: 1, name: 'Search results for "bakry" in Munich' }).waitFor();
    assert.equal(await filters.getByRole('link', { name: /^Berlin \(\d+\)$/ }).count(), 0, 'only Munich results remain, so no Berlin facet');
    await search.close();

    const none = await open('/search?q=qqqqxxxxzzzz');
    await none.getByText('No results found').waitFor();
    await none.close();

    // The home search with only "Where" filled lists the businesses of that place, as it does without scripts.
    const home = await open('/');
    await home.getByPlaceholder('City or country').fill('Paris');
    await home.getByPlaceholder('City or country').press('Enter');
    await home.waitForURL(/\/search\?location=Paris$/);
    await home.getByRole('heading', { level: 1, name: 'Businesses in Paris' }).waitFor();
    await home.close();
  });

  test('search near me: the browser\'s location lists the nearest first, with how far each is', async () => {
    await browser.context.grantPermissions(['geolocation'], { origin: site.url });
    await browser.context.setGeolocation({ latitude: 52.52004, longitude: 13.40495 });
    try {
      const page = await open('/search?q=bakery');
      await page.getByRole('button', { name: 'Near me' }).click();
      await page.waitForURL(/[?&]lat=52\.52&lng=13\.405(&|$)/);
      await page.getByRole('heading', { level: 1, name: 'Search results for "bakery" near you' }).waitFor();
      assert.match((await page.locator('.business-card .distance').first().textContent()) ?? '', /^\d+ m away$/);
      // New words keep the point; "Search everywhere instead" drops it.
      await page.getByLabel('What').fill('coffee');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/q=coffee&lat=52\.52&lng=13\.405/);
      await page.getByRole('link', { name: 'Search everywhere instead' }).click();
      await page.waitForURL((url) => url.search === '?q=coffee');
      await page.close();
    } finally {
      await browser.context.clearPermissions();
    }
  });
});
