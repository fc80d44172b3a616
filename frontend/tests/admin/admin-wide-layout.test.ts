/**
 * The panel's frame on a laptop screen (1366 x 768) with long pages (issue 27 leftovers): the dark sidebar
 * runs the whole height of the page, scrolled to its bottom, on the businesses list and the reports
 * screen; the business table shows every column, the actions included, without sideways scrolling (long
 * names and addresses cut short with the whole text as a tooltip); on a 390 px phone the sidebar is still
 * a drawer that covers the screen's height once opened.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import type { BusinessRow } from '../../../common/business.ts';
import { buildBusiness } from '../../../api/src/services/public/testing/public-fixtures.ts';
import { withTransaction } from '../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../platform/db/business-writer.ts';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';

const LAPTOP = { name: 'laptop', width: 1366, height: 768 };
const PHONE = ADMIN_VIEWPORTS[0];
const LONG_NAME = 'Konditorei und Kaffeehaus zum Goldenen Hirschen am Marktplatz der Altstadt';
const LONG_ADDRESS = 'Hauptstraße 123, Hinterhaus, 3. Obergeschoss links, 10115 Berlin-Mitte, Deutschland';

function directory(): BusinessRow[] {
  const rows: BusinessRow[] = [];
  for (let n = 0; n < 50; n++) {
    rows.push(
      buildBusiness({
        placeId: `wide-${n}`,
        name: n === 49 ? LONG_NAME : `Wide Layout Bakery Number ${n}`,
        fullAddress: n === 49 ? LONG_ADDRESS : `Long Avenue ${n}, Building ${n}, 10115 Berlin, Germany`,
        category: n % 2 ? 'Bakery and pastry shop' : 'Coffee shop',
        rating: 4.5,
        reviewCount: 1000 + n,
      }),
    );
  }
  return rows;
}

/** Where the sidebar is, and whether it is what shows at the viewport's bottom-left corner, after scrolling to the page's bottom. */
async function sidebarAtBottom(page: Page) {
  return page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const sidebar = document.getElementById('admin-sidebar')!;
    const box = sidebar.getBoundingClientRect();
    const corner = document.elementFromPoint(8, window.innerHeight - 8);
    return {
      scrollY: window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
      viewportHeight: window.innerHeight,
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      width: box.width,
      height: box.height,
      cornerIsSidebar: !!corner && sidebar.contains(corner),
    };
  });
}

describe('admin panel: the frame on a 1366 px laptop and a 390 px phone', () => {
  let admin: AdminInBrowser;

  beforeAll(async () => {
    admin = await openAdminInBrowser({
      seed: async ({ pool, prisma }) => {
        await withTransaction(pool, (client) => writeBusinessBatch(client, directory(), { mode: 'upsert', source: 'test' }));
        // 20 stored import reports: a reports screen longer than one screen.
        for (let n = 0; n < 20; n++) {
          await prisma.uploadReport.create({
            data: {
              kind: 'batch', success: true, fileName: `import-${n}.csv`, fileSizeBytes: 2048n, totalRows: 12, successCount: 12, errorCount: 0, skippedCount: 0,
              processingSeconds: 1.5, report: { success: true, fileName: `import-${n}.csv` }, createdAt: new Date(Date.now() - n * 60_000),
            },
          });
        }
      },
    });
    await admin.signIn();
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
  });
  afterEach(() => {
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
  });

  test('scrolled to the bottom of a long page, the sidebar still covers the left column from top to bottom', async () => {
    for (const pathname of ['/admin/businesses', '/admin/reports']) {
      const page = await admin.open(pathname, LAPTOP);
      await (pathname === '/admin/businesses' ? page.getByTestId('business-row').nth(19) : page.getByTestId('reports-item').nth(19)).waitFor();
      const seen = await sidebarAtBottom(page);
      assert.ok(seen.pageHeight > seen.viewportHeight * 1.5, `${pathname} is a long page (${seen.pageHeight} px)`);
      assert.ok(seen.scrollY > seen.viewportHeight / 2, `${pathname} scrolled down (${seen.scrollY} px)`);
      assert.equal(seen.left, 0, `${pathname}: the sidebar is at the left edge`);
      assert.ok(seen.width >= 200, `${pathname}: the sidebar is shown (${seen.width} px wide)`);
      assert.ok(seen.top <= 0.5 && seen.bottom >= seen.viewportHeight - 0.5, `${pathname}: the sidebar covers the viewport's height at the bottom of the page (${JSON.stringify(seen)})`);
      assert.ok(seen.cornerIsSidebar, `${pathname}: the bottom-left corner shows the sidebar`);
      // The dark column runs the page's whole height (as a full-page screenshot or a print shows it), not one screen's.
      assert.ok(seen.height >= seen.pageHeight - 1, `${pathname}: the sidebar is as tall as the page (${seen.height} < ${seen.pageHeight})`);
      // Its links and the sign-out stay in view there.
      const sidebar = page.locator('#admin-sidebar');
      for (const item of [sidebar.getByRole('link', { name: /^İşletme Yönetimi/ }), sidebar.getByRole('link', { name: /^Raporlar/ }), sidebar.getByRole('button', { name: 'Çıkış Yap' })]) {
        const box = await item.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= seen.viewportHeight, `${pathname}: ${item} is in view at the bottom of the page`);
      }
      await page.screenshot({ path: screenshotPath(`${pathname}-bottom`, LAPTOP) });
      await page.close();
    }
  }, 90_000);

  test('the business table shows every column, the actions included, without sideways scrolling at 1366; long texts cut short with a tooltip', async () => {
    const page = await admin.open('/admin/businesses?sortBy=reviewCount&sortOrder=desc', LAPTOP);
    const first = page.getByTestId('business-row').first();
    await first.getByText(LONG_NAME).waitFor();
    /** No sideways scroll, and the first row's approval and action buttons inside the table's visible box. */
    async function assertEveryColumnShows(buttons: { approval: string; edit: string; remove: string }, language: string) {
      const wrap = await page.evaluate(() => {
        const element = document.querySelector('.admin-table-wrap')!;
        const box = element.getBoundingClientRect();
        return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, right: box.right, page: document.documentElement.scrollWidth, window: window.innerWidth };
      });
      assert.ok(wrap.scrollWidth <= wrap.clientWidth, `${language}: the table's container does not scroll sideways (${wrap.scrollWidth} > ${wrap.clientWidth})`);
      assert.ok(wrap.page <= wrap.window, `${language}: nor does the page`);
      for (const name of [buttons.approval, buttons.edit, buttons.remove]) {
        const box = await first.getByRole('button', { name, exact: true }).boundingBox();
        assert.ok(box, name);
        assert.ok(box.x >= 0 && box.x + box.width <= wrap.right && wrap.right <= LAPTOP.width, `${language}: "${name}" is inside the table's box and the viewport (${box.x} + ${box.width} > ${wrap.right})`);
      }
    }
    await assertEveryColumnShows({ approval: 'Approved', edit: `${LONG_NAME} işletmesini düzenle`, remove: `${LONG_NAME} işletmesini sil` }, 'Türkçe');
    // English labels are longer ('Delete', 'Approval', 'Actions'): they fit too.
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await first.getByRole('button', { name: `Delete ${LONG_NAME}` }).waitFor();
    await assertEveryColumnShows({ approval: 'Approved', edit: `Edit ${LONG_NAME}`, remove: `Delete ${LONG_NAME}` }, 'English');
    await page.getByRole('button', { name: 'TR', exact: true }).click();
    await first.getByRole('button', { name: `${LONG_NAME} işletmesini sil` }).waitFor();
    // The long name and address are cut short on screen, whole in their tooltip.
    const name = first.locator('td', { hasText: LONG_NAME }).locator('[title]');
    assert.equal(await name.getAttribute('title'), LONG_NAME);
    const address = first.locator('td', { hasText: LONG_ADDRESS.slice(0, 20) }).locator('[title]');
    assert.equal(await address.getAttribute('title'), LONG_ADDRESS);
    const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    assert.ok(cut, 'the long name is cut short');
    await page.screenshot({ path: screenshotPath('/admin/businesses-table', LAPTOP) });

    // On a phone the table may scroll inside its own box; the page itself does not.
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.close();
  }, 60_000);

  test('on a 390 px phone the sidebar is a drawer: hidden, then opened over the whole height, then closed', async () => {
    const page = await admin.open('/admin/businesses', PHONE);
    await page.getByTestId('business-row').nth(19).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const sidebar = page.locator('#admin-sidebar');
    assert.equal(await sidebar.isVisible(), false, 'closed at first');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById('admin-sidebar')!.getBoundingClientRect();
      return box.left === 0 && box.top <= 0 && box.bottom >= window.innerHeight;
    });
    await sidebar.getByRole('button', { name: 'Menüyü kapat' }).click();
    await sidebar.waitFor({ state: 'hidden' });
    await page.close();
  }, 60_000);
});
