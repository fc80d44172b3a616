/**
 * The admin panel in Debian's chromium on the real API, indexer, PostgreSQL and Meilisearch: what each
 * admin browser test file opens in its beforeAll. The API listens on a port chosen first, so the
 * browser's Origin (http://127.0.0.1:port) is the allowed one and writes pass the origin check as a real
 * deployment's do. `signIn()` goes through the real sign-in page.
 *
 *   const admin = await openAdminInBrowser({ seed: async (api) => seedDirectory(...) });
 *   const page = await admin.open('/admin/businesses');
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startAdminTestApi, TEST_ADMIN, type AdminTestApi, type TestApi } from '../../../api/src/test/api-harness.ts';
import { findFreePort } from '../../../platform/runtime/ports.ts';
import { ensureFrontendBuild } from '../../server/build.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const ADMIN_VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../artifacts/screenshots');

export interface AdminInBrowser {
  api: AdminTestApi;
  browser: Browser;
  /** The context every `open` uses (one cookie jar: signed in once, signed in everywhere). */
  context: BrowserContext;
  /** Console errors and page errors seen so far, each prefixed with its path. Tests assert it stays empty. */
  problems: string[];
  /** A new tab on `pathname`, waited until the panel has rendered (or the public page hydrated). */
  open(pathname: string, viewport?: { width: number; height: number }, options?: { trackProblems?: boolean }): Promise<Page>;
  /** Signs in through /admin/login in a tab of its own (closed after), as TEST_ADMIN unless told. */
  signIn(credentials?: { username: string; password: string }): Promise<void>;
  close(): Promise<void>;
}

export interface OpenAdminOptions {
  /** Data before the indexer's first build (businesses, reports, settings). */
  seed?: (api: TestApi) => Promise<void>;
  /** Extra environment for the API (PUBLIC_URL stays http: a Secure cookie would not stick on http). */
  env?: Record<string, string>;
  /** Browser console messages that are expected (a refused call the test provokes): matched and dropped. */
  expectedConsole?: RegExp[];
}

export async function openAdminInBrowser(options: OpenAdminOptions = {}): Promise<AdminInBrowser> {
  await ensureFrontendBuild();
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const api = await startAdminTestApi({ port, env: { ALLOWED_ORIGINS: origin, PUBLIC_URL: origin, ...options.env }, seed: options.seed });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ acceptDownloads: true });
    // No internet here: anything not on the site fails fast instead of hanging.
    await context.route(/^https?:\/\//, (route) => (route.request().url().startsWith(api.url) ? route.continue() : route.abort()));
    const problems: string[] = [];
    const expected = options.expectedConsole ?? [];

    async function open(pathname: string, viewport: { width: number; height: number } = ADMIN_VIEWPORTS[1], { trackProblems = true } = {}): Promise<Page> {
      const page = await context.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (trackProblems) page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url ?? '';
        if (source && !source.startsWith(api.url) && !source.startsWith('about:')) return;
        if (expected.some((pattern) => pattern.test(message.text()))) return;
        problems.push(`${pathname}: ${message.text()}`);
      });
      if (trackProblems) page.on('pageerror', (error) => problems.push(`${pathname}: ${error.message}`));
      await page.goto(api.url + pathname, { waitUntil: 'load' });
      if (pathname.startsWith('/admin')) await page.waitForSelector('html[data-admin-ready="true"]', { timeout: 15_000 });
      else await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
      return page;
    }

    async function signIn(credentials: { username: string; password: string } = TEST_ADMIN): Promise<void> {
      // Signed out, the sign-in page's session check answers 401, which chromium logs: the harness's own tab.
      const page = await open('/admin/login', ADMIN_VIEWPORTS[1], { trackProblems: false });
      await page.getByLabel(/Kullanıcı adı|Username/).fill(credentials.username);
      await page.getByLabel(/^(Şifre|Password)$/).fill(credentials.password);
      await page.getByRole('button', { name: /Giriş Yap|Sign in/ }).click();
      await page.waitForURL((url) => url.pathname === '/admin', { timeout: 15_000 });
      await page.close();
    }

    await mkdir(SCREENSHOTS, { recursive: true });
    const opened = browser;
    return {
      api,
      browser: opened,
      context,
      problems,
      open,
      signIn,
      async close() {
        await opened.close();
        await api.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await api.close();
    throw error;
  }
}

/** A file-name-safe screenshot name for a path and viewport: admin-businesses-phone.png. */
export function screenshotPath(pathname: string, viewport: { name: string }): string {
  const name = pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'admin';
  return path.join(SCREENSHOTS, `${name}-${viewport.name}.png`);
}
