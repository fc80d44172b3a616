/**
 * /admin/upload in chromium on the real API, PostgreSQL and Meilisearch (issue 26): three files sent one
 * after another where the middle one fails (no name column), the progress counter and bar moving, each
 * file's report against what the database holds afterwards, 'Kısmi başarı' '2/3 dosya başarılı'; the
 * 150 MB and file type checks before anything is sent; the sample template; the reports screen's import
 * history with the same reports. Screenshots at 390 and 1366 px.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ADMIN_VIEWPORTS, openAdminInBrowser, screenshotPath, type AdminInBrowser } from './admin-browser.ts';
import { parseCsv } from './csv.ts';

const HEADER = 'name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code';
/** File A: 3,000 rows: 2,986 new place_ids, 7 repeats of earlier rows, 7 rows without a name. */
const A_UNIQUE = 2986;
const A_REPEATS = 7;
const A_ERRORS = 7;
const A_ROWS = A_UNIQUE + A_REPEATS + A_ERRORS;
/** File B: 25 new place_ids and 5 of file A's. */
const B_NEW = 25;
const B_KNOWN = 5;

function fileA(): string {
  const lines = [HEADER];
  for (let i = 1; i <= A_UNIQUE; i++) lines.push(`Upload Bakery ${i},${i} Test Street Berlin,+49 30 ${100000 + i},Bakery,52.5,13.4,4.5,${i},pa-${i},DE`);
  for (let i = 1; i <= A_REPEATS; i++) lines.push(`Upload Bakery ${i},${i} Test Street Berlin,+49 30 ${100000 + i},Bakery,52.5,13.4,4.5,${i},pa-${i},DE`);
  for (let i = 1; i <= A_ERRORS; i++) lines.push(`,${i} Nameless Road,+49 30 ${200000 + i},Bakery,52.5,13.4,4,1,pe-${i},DE`);
  return `${lines.join('\n')}\n`;
}

function fileB(): string {
  const lines = [HEADER];
  for (let i = 1; i <= B_NEW; i++) lines.push(`Second Cafe ${i},${i} Other Street Paris,+33 1 ${100000 + i},Cafe,48.8,2.3,4.1,${i},pb-${i},FR`);
  for (let i = 1; i <= B_KNOWN; i++) lines.push(`Upload Bakery ${i} Renamed,${i} Test Street Berlin,+49 30 ${100000 + i},Bakery,52.5,13.4,4.6,${i + 1},pa-${i},DE`);
  return `${lines.join('\n')}\n`;
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(widths.scroll <= widths.client, `no horizontal overflow (${widths.scroll} > ${widths.client})`);
}

describe('admin panel: upload and import history', () => {
  let admin: AdminInBrowser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'admin-upload-test-'));
    await writeFile(path.join(dir, 'bakeries-a.csv'), fileA());
    await writeFile(path.join(dir, 'no-name-column.csv'), 'foo,bar\n1,2\n3,4\n');
    await writeFile(path.join(dir, 'cafes-b.csv'), fileB());
    // Refused before sending: a sparse file of 151 MB (no disk used) and a text file.
    await writeFile(path.join(dir, 'huge.csv'), '');
    await truncate(path.join(dir, 'huge.csv'), 151 * 1024 * 1024);
    await writeFile(path.join(dir, 'notes.txt'), 'not a spreadsheet');
    // The refused file's 4xx is logged by chromium as a failed resource.
    admin = await openAdminInBrowser({ expectedConsole: [/status of 4\d\d/] });
    await admin.signIn();
  }, 90_000);
  afterAll(async () => {
    await admin?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('files over 150 MB and other types are refused before sending; the sample template has the 10 columns', async () => {
    const page = await admin.open('/admin/upload');
    await page.getByRole('heading', { name: 'Excel Yükleme', level: 1 }).waitFor();
    const input = page.getByLabel('Yüklenecek dosyalar');
    await input.setInputFiles(path.join(dir, 'huge.csv'));
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /^Dosya çok büyük/);
    assert.match((await toast.textContent()) ?? '', /huge\.csv - Maksimum dosya boyutu 150MB'dır/);
    assert.equal(await page.getByTestId('upload-file-list').count(), 0, 'the large file is not listed');
    assert.equal(await page.getByRole('button', { name: 'Yüklemeyi başlat' }).isDisabled(), true);

    await input.setInputFiles(path.join(dir, 'notes.txt'));
    await page.getByTestId('upload-refused').getByText('notes.txt - Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir').waitFor();
    assert.equal(await page.getByTestId('upload-file-list').count(), 0);

    // Nothing reached the server.
    const reports = await admin.api.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM upload_reports');
    assert.equal(reports.rows[0]!.count, 0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Örnek şablonu indir' }).click()]);
    assert.equal(download.suggestedFilename(), 'ornek-sablon.csv');
    const saved = path.join(dir, 'template.csv');
    await download.saveAs(saved);
    const text = await readFile(saved, 'utf8');
    assert.ok(text.startsWith('\uFEFF'), 'a BOM for Excel');
    const [header, ...rows] = parseCsv(text.slice(1));
    assert.deepEqual(header, ['name', 'address', 'phone', 'category', 'latitude', 'longitude', 'rating', 'reviewCount', 'place_id', 'country_code']);
    assert.equal(rows.length, 1, 'one example row');
    assert.equal(rows[0]!.length, 10);
    await page.close();
  }, 60_000);

  test('three files, the middle one failing: sent one after another, progress moving, reports matching the database, "Kısmi başarı 2/3"', async () => {
    const page = await admin.open('/admin/upload');
    await page.getByLabel('Yüklenecek dosyalar').setInputFiles(['bakeries-a.csv', 'no-name-column.csv', 'cafes-b.csv'].map((name) => path.join(dir, name)));
    const list = page.getByTestId('upload-file-list');
    await list.waitFor();
    assert.equal(await list.locator('li').count(), 3);
    // Default batch size 500, and the four choices.
    const batch = page.getByLabel('Toplu işlem boyutu');
    assert.equal(await batch.inputValue(), '500');
    assert.deepEqual(await batch.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)), ['100', '500', '1000', '2000']);
    await batch.selectOption('1000');

    // Watch the counter and the bar while the files go.
    await page.evaluate(() => {
      const seen = { counters: [] as string[], values: [] as string[], live: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const record = () => {
        const counter = document.querySelector('[data-testid="upload-counter"]')?.textContent ?? '';
        const value = document.querySelector('[data-testid="upload-bar"]')?.getAttribute('aria-valuenow') ?? '';
        if (counter && seen.counters.at(-1) !== counter) seen.counters.push(counter);
        if (value && seen.values.at(-1) !== value) seen.values.push(value);
        if (/satır\/sn/.test(document.querySelector('.upload-live')?.textContent ?? '')) seen.live = true;
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const started = Date.now();
    await page.getByRole('button', { name: 'Yüklemeyi başlat' }).click();
    const outcome = page.getByTestId('upload-outcome');
    await outcome.waitFor({ timeout: 90_000 });
    assert.match((await outcome.textContent()) ?? '', /Kısmi başarı\s*2\/3 dosya başarılı/);
    const seen = await page.evaluate(() => (window as unknown as { __seen: { counters: string[]; values: string[]; live: boolean } }).__seen);
    assert.deepEqual(seen.counters.slice(0, 3), ['1/3', '2/3', '3/3'], `the counter went through each file: ${seen.counters.join(' ')}`);
    const values = seen.values.map(Number);
    assert.ok(new Set(values).size >= 3, `the bar moved: ${values.join(' ')}`);
    assert.deepEqual([...values].sort((a, b) => a - b), values, 'the bar never goes back');
    assert.equal(values.at(-1), 100);
    console.info(`upload of 3 files: ${Date.now() - started} ms; live rows/s seen: ${seen.live}`);

    // The toast says the same.
    const toast = page.getByTestId('toast');
    assert.match((await toast.textContent()) ?? '', /Kısmi başarı.*2\/3 dosya başarılı/);

    const reports = page.getByTestId('upload-report');
    assert.equal(await reports.count(), 3);
    // File A: its counts, the column report, the first 5 repeats and errors then '... and 2 more'.
    const a = reports.nth(0);
    assert.equal(await a.getByRole('heading', { level: 3 }).textContent(), 'bakeries-a.csv');
    assert.equal(await a.getByTestId('report-total').textContent(), A_ROWS.toLocaleString('tr-TR'));
    assert.equal(await a.getByTestId('report-success').textContent(), A_UNIQUE.toLocaleString('tr-TR'));
    assert.equal(await a.getByTestId('report-skipped').textContent(), String(A_REPEATS));
    assert.equal(await a.getByTestId('report-errors').textContent(), String(A_ERRORS));
    assert.equal(await a.getByTestId('column-report').textContent(), '10/23');
    const repeats = await a.getByTestId('report-duplicate-list').locator('li').allTextContents();
    assert.equal(repeats.length, 6);
    assert.match(repeats[0]!, /^Satır \d+: Upload Bakery 1 \(pa-1\)/);
    assert.equal(repeats[5], '... and 2 more');
    const errors = await a.getByTestId('report-error-list').locator('li').allTextContents();
    assert.equal(errors.length, 6);
    assert.match(errors[0]!, /^Row \d+/);
    assert.equal(errors[5], '... and 2 more');
    // The failed file: recorded as the spec words it, and the next one was still sent.
    const bad = reports.nth(1);
    assert.match((await bad.textContent()) ?? '', /Başarısız/);
    assert.match((await bad.locator('.upload-report-failure').textContent()) ?? '', /^Upload failed for no-name-column\.csv: .+/);
    // The file named once, and no block of zero counts for a file that imported nothing.
    const badLine = (await bad.locator('.upload-report-failure').textContent()) ?? '';
    assert.equal(badLine.split('no-name-column.csv').length - 1, 1, badLine);
    assert.equal(await bad.getByTestId('report-total').count(), 0, 'no zero counts');
    const b = reports.nth(2);
    assert.equal(await b.getByTestId('report-success').textContent(), String(B_NEW + B_KNOWN));
    assert.match((await b.getByTestId('report-database-duplicates').textContent()) ?? '', new RegExp(`^${B_KNOWN} `));
    assert.match((await b.getByTestId('report-new-place-ids').textContent()) ?? '', new RegExp(`^${B_NEW} `));

    // What the database holds.
    const db = await admin.api.pool.query<{ a: number; b: number; renamed: number; total: number }>(`SELECT
      count(*) FILTER (WHERE place_id LIKE 'pa-%')::int AS a, count(*) FILTER (WHERE place_id LIKE 'pb-%')::int AS b,
      count(*) FILTER (WHERE name LIKE 'Upload Bakery % Renamed')::int AS renamed, count(*)::int AS total FROM businesses`);
    assert.deepEqual({ ...db.rows[0] }, { a: A_UNIQUE, b: B_NEW, renamed: B_KNOWN, total: A_UNIQUE + B_NEW });
    const stored = await admin.api.pool.query<{ file_name: string; success: boolean; success_count: number }>('SELECT file_name, success, success_count FROM upload_reports ORDER BY id');
    const byName = new Map(stored.rows.map((row) => [row.file_name, row]));
    assert.equal(byName.get('bakeries-a.csv')?.success_count, A_UNIQUE);
    assert.equal(byName.get('cafes-b.csv')?.success_count, B_NEW + B_KNOWN);

    // Both widths, no horizontal overflow.
    for (const viewport of ADMIN_VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await noHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath('/admin/upload', viewport), fullPage: true });
    }
    await page.close();
  }, 120_000);

  test('the reports screen lists every stored upload report, newest first, each opening to its details', async () => {
    const stored = await admin.api.pool.query<{ file_name: string; success: boolean; report: { columnExtraction?: { extractedCount: number } } }>('SELECT file_name, success, report FROM upload_reports ORDER BY created_at DESC, id DESC');
    assert.ok(stored.rows.length >= 2, 'the imports were stored');
    const page = await admin.open('/admin/reports');
    await page.getByRole('tab', { name: 'İçe aktarma geçmişi', selected: true }).waitFor();
    const items = page.getByTestId('reports-item');
    await items.first().waitFor();
    assert.equal(await items.count(), stored.rows.length);
    const names = await items.locator('.reports-file').allTextContents();
    assert.deepEqual(names, stored.rows.map((row) => row.file_name), 'newest first');
    assert.ok(!/yakında|coming soon/i.test((await page.locator('main').textContent()) ?? ''));

    const aIndex = names.indexOf('bakeries-a.csv');
    const item = items.nth(aIndex);
    const toggle = item.getByRole('button', { name: 'bakeries-a.csv ayrıntılarını göster' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    const report = item.getByTestId('upload-report');
    await report.waitFor();
    assert.equal(await report.getByTestId('report-success').textContent(), A_UNIQUE.toLocaleString('tr-TR'));
    assert.equal(await report.getByTestId('column-report').textContent(), `${stored.rows[aIndex]!.report.columnExtraction!.extractedCount}/23`);
    assert.equal((await report.getByTestId('report-duplicate-list').locator('li').allTextContents()).at(-1), '... and 2 more');

    for (const viewport of ADMIN_VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await noHorizontalOverflow(page);
      await page.screenshot({ path: screenshotPath('/admin/reports', viewport), fullPage: true });
    }
    assert.deepEqual(admin.problems.splice(0), [], 'no console errors');
    await page.close();
  }, 60_000);

  test('a file that fails part-way (an unclosed quote after 5 good rows) shows what it imported before it stopped, and where', async () => {
    const good = Array.from({ length: 5 }, (_, i) => `Quote Bakery ${i + 1},${i + 1} Quote Street Berlin,+49 30 ${300000 + i},Bakery,52.5,13.4,4.2,${i},pq-${i + 1},DE`);
    // The header is line 1, the good rows lines 2-6; the quote opened on line 7 is never closed.
    const broken = [HEADER, ...good, '"Quote Bakery 6,6 Quote Street Berlin,+49 30 300006,Bakery,52.5,13.4,4.2,6,pq-6,DE', 'Quote Bakery 7,7 Quote Street Berlin,+49 30 300007,Bakery,52.5,13.4,4.2,7,pq-7,DE'];
    await writeFile(path.join(dir, 'broken-quote.csv'), `${broken.join('\n')}\n`);
    const page = await admin.open('/admin/upload');
    await page.getByLabel('Yüklenecek dosyalar').setInputFiles(path.join(dir, 'broken-quote.csv'));
    await page.getByTestId('upload-file-list').waitFor();
    await page.getByRole('button', { name: 'Yüklemeyi başlat' }).click();
    const report = page.getByTestId('upload-report');
    await report.waitFor({ timeout: 60_000 });
    assert.match((await page.getByTestId('upload-outcome').textContent()) ?? '', /Yükleme hatası/);
    // The server's message, as the spec words a failed file...
    assert.match((await report.locator('.upload-report-failure').textContent()) ?? '', /^Upload failed for broken-quote\.csv: .*Row 7: a quoted cell is never closed/);
    // ...and the counts its answer carries: 5 rows imported before it stopped at row 7, which the database holds.
    assert.equal(await report.getByTestId('report-status').textContent(), 'Kısmi Başarı');
    assert.equal(await report.getByTestId('report-success').textContent(), '5');
    assert.equal(await report.getByTestId('report-stopped').textContent(), 'İçe aktarma 7. satırda durdu; o ana kadar yazılan 5 satır veritabanında kaldı.');
    assert.equal(await report.getByTestId('column-report').textContent(), '10/23');
    const db = await admin.api.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'pq-%'");
    assert.equal(db.rows[0]!.n, 5);
    await page.screenshot({ path: screenshotPath('/admin/upload-failed-part-way', ADMIN_VIEWPORTS[1]), fullPage: true });
    admin.problems.splice(0);
    await page.close();
  }, 90_000);
});
