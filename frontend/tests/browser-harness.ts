/**
 * Debian's chromium (playwright-core) pointed at a test site: pages open on the built app, wait for
 * hydration, and collect console errors, page errors and hydration warnings into `problems`.
 * Requests to other hosts (map tiles) are aborted, as on a machine without internet.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestSite, type TestSite } from './site-fixture.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

export interface SiteBrowser {
  context: BrowserContext;
  /** Console errors, page errors and hydration warnings seen so far, each prefixed with its path. */
  problems: string[];
  open(pathname: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function launchSiteBrowser(site: TestSite): Promise<SiteBrowser> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  // No internet here: anything not on the site fails fast instead of hanging.
  await context.route(/^https?:\/\//, (route) => (route.request().url().startsWith(site.url) ? route.continue() : route.abort()));
  const problems: string[] = [];

  async function open(pathname: string, viewport = VIEWPORTS[1]): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const source = message.location().url ?? '';
      // A blocked external request (map tiles) is not an error of the site.
      if (source && !source.startsWith(site.url) && !source.startsWith('about:')) return;
      // The not-found routes answer their document with a real 404, which chromium reports too.
      if (/Failed to load resource: the server responded with a status of 404/.test(message.text()) && source === site.url + pathname) return;
      problems.push(`${pathname}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${pathname}: ${error.message}`));
    await page.goto(site.url + pathname, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
    return page;
  }

  return { context, problems, open, close: () => browser.close() };
}

export interface SiteInBrowser {
  site: TestSite;
  browser: SiteBrowser;
  /** Slugs of Sunrise Coffee Roasters (every section filled) and Hidden Workshop (no map, no phone). */
  starSlug: string;
  hiddenSlug: string;
}

/**
 * What each browser test file opens in its beforeAll: the test site and chromium on it. One per file,
 * so the files run in parallel; it costs a few seconds, small beside a file's tests.
 */
export async function openSiteInBrowser(): Promise<SiteInBrowser> {
  const site = await startTestSite();
  try {
    const { rows } = await site.pool.query<{ place_id: string; slug: string }>(`SELECT place_id, slug FROM businesses WHERE place_id IN ('star-cafe', 'no-geo')`);
    const starSlug = rows.find((row) => row.place_id === 'star-cafe')!.slug;
    const hiddenSlug = rows.find((row) => row.place_id === 'no-geo')!.slug;
    return { site, browser: await launchSiteBrowser(site), starSlug, hiddenSlug };
  } catch (error) {
    await site.close();
    throw error;
  }
}
