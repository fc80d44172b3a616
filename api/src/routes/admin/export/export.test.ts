import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { EXPORT_FIELDS, ExportCsvQuery } from '../../../../../common/api/admin.ts';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { insertManyBusinesses } from '../../../../../indexer/src/test/factories.ts';
import { exportBusinessesCsv, MAX_CONCURRENT_EXPORTS } from '../../../services/admin/export-businesses-csv.ts';
import { buildBusiness } from '../../../services/public/testing/public-fixtures.ts';
import { startTestApi, type TestApi } from '../../../test/api-harness.ts';

let api: TestApi & { close(): Promise<void> };
let cookie: string;

/** RFC 4180 CSV (quoted fields, doubled quotes, line breaks inside quotes) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (char !== '\r') cell += char;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** The rows of a CSV answer as objects keyed by the header line (the BOM checked and removed). */
function records(text: string): Array<Record<string, string>> {
  assert.ok(text.startsWith('\uFEFF'), 'starts with a UTF-8 byte order mark');
  const [header, ...rows] = parseCsv(text.slice(1));
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])));
}

const exportGet = (query: string, headers: Record<string, string> = { cookie }) => api.request(`/api/admin/export-csv?${query}`, { headers });
const exportPost = (body: unknown, headers: Record<string, string> = { cookie }) => api.postJson('/api/export-csv', body, headers);

async function seed(rows: Parameters<typeof buildBusiness>[0][]): Promise<void> {
  await withTransaction(api.pool, (client) => writeBusinessBatch(client, rows.map((row) => buildBusiness(row)), { mode: 'upsert', source: 'test' }));
}

beforeAll(async () => {
  api = await startTestApi();
  cookie = await api.signIn();
  await seed([
    { placeId: 'ex-formula', name: '=HYPERLINK("x")', phone: '+49 30 1234', category: 'Bakery', city: 'Köln', fullAddress: 'Straße 1, 50667 Köln', longitude: -73.98 },
    { placeId: 'ex-at', name: '@SUM(A1)', phone: '-1 (555) 0100', category: 'Bakery', street: '\tTabbed Street', about: 'Family-run since 1950' },
    { placeId: 'ex-minus', name: '-2+3+cmd|\' /C calc\'!A0', category: 'Café', countryCode: 'FR', country: 'France', phone: '+33 1 23 45 67 89' },
    { placeId: 'ex-plain', name: 'Plain Bakery, "Best" in town', category: 'Dentist', countryCode: 'FR', country: 'France' },
  ]);
  await api.pool.query(`UPDATE businesses SET is_approved = false WHERE place_id = 'ex-plain'`);
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/admin/export-csv', () => {
  test('downloads the chosen fields as a UTF-8 CSV file with the spec headers, accents intact', async () => {
    const response = await exportGet('fields=name,phone,city,place_id&countryCode=DE');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="?businesses_DE_\d{8}-\d{6}\.csv"?$/);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'the UTF-8 BOM Excel needs');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    assert.equal(text.slice(1).split('\r\n')[0].split('\n')[0], 'name,phone,city,place_id', 'columns in the order asked');
    const rows = records(text);
    assert.deepEqual(rows.map((row) => row.place_id).sort(), ['ex-at', 'ex-formula']);
    assert.equal(rows.find((row) => row.place_id === 'ex-formula')?.city, 'Köln');
  });

  test('all 27 fields, headed with the spec names, in the dialog order; values as an operator reads them', async () => {
    const response = await exportGet(`fields=${EXPORT_FIELDS.join(',')}`);
    assert.equal(response.status, 200);
    const text = await response.text();
    // fetch's text() drops the BOM; the header line is the first line.
    assert.equal(text.split('\n')[0], EXPORT_FIELDS.join(','));
    const rows = records(`\uFEFF${text}`);
    assert.equal(rows.length, 4, 'approved and pending rows alike by default');
    const row = rows.find((candidate) => candidate.place_id === 'ex-formula')!;
    assert.equal(Object.keys(row).length, 27);
    assert.match(row.id, /^\d+$/);
    assert.equal(row.verified, 'false');
    assert.equal(row.reviews, '10');
    assert.equal(row.rating, '4.5');
    assert.equal(row.latitude, '52.52');
    assert.equal(row.longitude, '-73.98', 'a negative number is not quoted');
    assert.equal(row.country_code, 'DE');
    assert.equal(row.full_address, 'Straße 1, 50667 Köln');
    assert.match(row.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.match(row.updated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.deepEqual(JSON.parse(row.working_hours), { Monday: '9AM-5PM', Sunday: 'Closed' });
    assert.deepEqual(JSON.parse(row.about), { 'Service options': { Takeout: true, Delivery: false } });
    assert.match(row.slug, /^[a-z0-9-]+$/);
    assert.equal(rows.find((candidate) => candidate.place_id === 'ex-at')?.about, 'Family-run since 1950', 'a text about is its text');
  });

  test('neutralises formulas (OWASP) but keeps phone numbers and negative numbers usable', async () => {
    const rows = records(await (await exportGet('fields=place_id,name,phone,street,longitude')).text().then((text) => `\uFEFF${text}`));
    const by = (placeId: string) => rows.find((row) => row.place_id === placeId)!;
    assert.equal(by('ex-formula').name, `'=HYPERLINK("x")`);
    assert.equal(by('ex-formula').phone, '+49 30 1234', 'a phone number stays as it is');
    assert.equal(by('ex-formula').longitude, '-73.98');
    assert.equal(by('ex-at').name, "'@SUM(A1)");
    assert.equal(by('ex-at').phone, '-1 (555) 0100');
    assert.equal(by('ex-at').street, "'\tTabbed Street");
    assert.equal(by('ex-minus').name, `'-2+3+cmd|' /C calc'!A0`, 'a minus followed by letters is a formula');
    assert.equal(by('ex-minus').phone, '+33 1 23 45 67 89');
    assert.equal(by('ex-plain').name, 'Plain Bakery, "Best" in town', 'commas and quotes survive CSV quoting');
  });

  test('filters: country, categories (comma list, any spelling of the name), approval', async () => {
    const ids = async (query: string) => records(`\uFEFF${await (await exportGet(`fields=place_id&${query}`)).text()}`).map((row) => row.place_id).sort();
    assert.deepEqual(await ids('countryCode=fr'), ['ex-minus', 'ex-plain']);
    assert.deepEqual(await ids('countryCode=all'), ['ex-at', 'ex-formula', 'ex-minus', 'ex-plain']);
    assert.deepEqual(await ids('categories=Bakery'), ['ex-at', 'ex-formula']);
    assert.deepEqual(await ids('categories=bakery,CAFE'), ['ex-at', 'ex-formula', 'ex-minus'], "categories match as their pages do: 'CAFE' is Café");
    assert.deepEqual(await ids('categories=Bakery&categories=Dentist'), ['ex-at', 'ex-formula', 'ex-plain']);
    assert.deepEqual(await ids('categories=Dentist&countryCode=DE'), []);
    assert.deepEqual(await ids('approval=pending'), ['ex-plain']);
    assert.deepEqual(await ids('approval=approved&countryCode=FR'), ['ex-minus']);
    const empty = await exportGet('fields=place_id,name&countryCode=JP');
    assert.equal(empty.status, 200);
    assert.equal(await empty.text(), 'place_id,name\n', 'no match: the header line alone');
  });

  test('file names follow businesses_{country}{_Ncategories}{_range}_{timestamp}.csv', async () => {
    const name = async (query: string) => /filename="?([^";]+)"?/.exec((await exportGet(`fields=name&${query}`)).headers.get('content-disposition') ?? '')?.[1];
    assert.match((await name('countryCode=de&categories=Bakery,Dentist&dateRange=thisweek'))!, /^businesses_DE_2categories_thisweek_\d{8}-\d{6}\.csv$/);
    assert.match((await name('dateRange=custom&startDate=2026-01-01&endDate=2026-01-31'))!, /^businesses_all_2026-01-01_2026-01-31_\d{8}-\d{6}\.csv$/);
    assert.match((await name(''))!, /^businesses_all_\d{8}-\d{6}\.csv$/);
  });

  test('bad input is a 400 naming the field', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['', 'fields', /at least one field/],
      ['fields=', 'fields', /at least one field/],
      ['fields=name,password', 'fields', /must name fields among/],
      ['fields=name&countryCode=XX', 'countryCode', /two-letter country code/],
      ['fields=name&countryCode=Germany', 'countryCode', /two-letter country code/],
      ['fields=name&dateRange=lastyear', 'dateRange', /must be one of all, today/],
      ['fields=name&dateRange=custom&startDate=2026-01-01', 'endDate', /required when dateRange is custom/],
      ['fields=name&dateRange=custom&endDate=2026-01-01', 'startDate', /required when dateRange is custom/],
      ['fields=name&dateRange=custom&startDate=2026-02-01&endDate=2026-01-01', 'endDate', /not be before startDate/],
      ['fields=name&dateRange=custom&startDate=2026-02-30&endDate=2026-03-01', 'startDate', /real calendar date/],
      ['fields=name&dateRange=custom&startDate=01/02/2026&endDate=2026-03-01', 'startDate', /YYYY-MM-DD/],
      ['fields=name&timeZone=Mars/Olympus', 'timeZone', /IANA time zone/],
      ['fields=name&approval=maybe', 'approval', /all, approved or pending/],
    ];
    for (const [query, field, message] of cases) {
      const response = await exportGet(query);
      assert.equal(response.status, 400, query);
      const body = await response.json();
      assert.equal(body.error, 'bad_request', query);
      assert.ok(body.details.some((detail: { field: string; message: string }) => (detail.field === field || detail.field.startsWith(`${field}.`)) && message.test(detail.message)), `${query}: ${JSON.stringify(body.details)}`);
      assert.match(body.message, /^Invalid query: /);
    }
  });

  test('a HEAD probe answers the type without running the export', async () => {
    const count = async () => (await api.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'admin.export_csv'`)).rows[0].n;
    const before = await count();
    const response = await api.request('/api/admin/export-csv?fields=name', { method: 'HEAD', headers: { cookie } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(await count(), before, 'no export ran');
  });

  test('refused without an admin session', async () => {
    const response = await exportGet('fields=name', {});
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error, 'unauthorized');
    assert.equal(response.headers.get('content-disposition'), null);
  });

  test('every export leaves an audit row: who, filters, outcome, row count', async () => {
    const response = await exportGet('fields=name,phone&countryCode=FR&approval=all&timeZone=Europe/Istanbul&dateRange=thismonth');
    assert.equal(response.status, 200);
    await response.text();
    const { rows } = await api.pool.query<{ admin_user_id: number; ip: string; details: Record<string, unknown> }>(
      `SELECT admin_user_id, ip, details FROM audit_logs WHERE action = 'admin.export_csv' ORDER BY id DESC LIMIT 1`,
    );
    const admin = await api.prisma.adminUser.findFirstOrThrow();
    assert.equal(rows[0].admin_user_id, admin.id);
    assert.ok(rows[0].ip);
    const details = rows[0].details;
    assert.equal(details.outcome, 'completed');
    assert.equal(details.countryCode, 'FR');
    assert.deepEqual(details.fields, ['name', 'phone']);
    assert.equal(details.dateRange, 'thismonth');
    assert.equal(details.timeZone, 'Europe/Istanbul');
    assert.match(String(details.fileName), /^businesses_FR_thismonth_/);
    assert.equal(typeof details.createdFrom, 'string');
    // The rows this month in Istanbul: the seeded ones were created just now (unless the month turned in between).
    assert.ok(details.rowCount === 2 || details.rowCount === 0, String(details.rowCount));
  });
});

describe('POST /api/export-csv (the older dialog)', () => {
  test('downloads the nine legacy fields as businesses_export_{date}.csv, with the same formula rule', async () => {
    const response = await exportPost({ selectedFields: ['name', 'address', 'phone', 'category', 'reviewCount', 'rating', 'placeId', 'countryCode', 'url'], countryCode: 'all' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="?businesses_export_\d{4}-\d{2}-\d{2}\.csv"?$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    assert.equal(text.slice(1).split('\n')[0], 'name,address,phone,category,reviewCount,rating,placeId,countryCode,url');
    const rows = records(text);
    assert.equal(rows.length, 4);
    const formula = rows.find((row) => row.placeId === 'ex-formula')!;
    assert.equal(formula.name, `'=HYPERLINK("x")`);
    assert.equal(formula.phone, '+49 30 1234');
    assert.equal(formula.address, 'Straße 1, 50667 Köln');
    assert.equal(formula.reviewCount, '10');
    assert.equal(formula.countryCode, 'DE');
  });

  test('filters by country; 400 for no or unknown fields; 401 without a session; 403 from another origin', async () => {
    const fr = records(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await exportPost({ selectedFields: ['placeId'], countryCode: 'FR' })).arrayBuffer()));
    assert.deepEqual(fr.map((row) => row.placeId).sort(), ['ex-minus', 'ex-plain']);

    for (const body of [{}, { selectedFields: [] }, { selectedFields: ['name', 'secret'] }, { selectedFields: 'name' }, { selectedFields: ['name'], countryCode: 'ZZ' }]) {
      const response = await exportPost(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      const answer = await response.json();
      assert.equal(answer.error, 'bad_request');
      assert.match(answer.message, /^Invalid body: "(selectedFields|countryCode)/);
    }
    const signedOut = await exportPost({ selectedFields: ['name'] }, {});
    assert.equal(signedOut.status, 401);
    const foreign = await exportPost({ selectedFields: ['name'] }, { cookie, origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
  });
});

describe('date ranges (a fixed clock through the service options)', () => {
  // Wednesday 11 March 2026, 10:00 UTC (New York is on daylight time since Sunday 8 March: UTC-4).
  const NOW = new Date('2026-03-11T10:00:00Z');
  const CREATED: Record<string, string> = {
    'dr-a': '2026-03-11T03:59:59Z', // 23:59:59 on Tuesday in New York
    'dr-b': '2026-03-11T04:00:00Z', // midnight on Wednesday in New York
    'dr-c': '2026-03-10T09:00:00Z',
    'dr-d': '2026-03-09T12:00:00Z', // Monday
    'dr-e': '2026-03-08T12:00:00Z', // Sunday
    'dr-f': '2026-03-01T00:30:00Z', // still 28 February in New York
    'dr-g': '2026-02-20T10:00:00Z',
    'dr-h': '2026-03-11T10:30:00Z', // later today, after the clock
    'dr-i': '2026-03-04T10:00:01Z', // just inside the last 7 days
    'dr-j': '2026-03-04T09:59:59Z', // just outside
  };

  beforeAll(async () => {
    await seed(Object.keys(CREATED).map((placeId) => ({ placeId, name: placeId, countryCode: 'NZ', country: 'New Zealand' })));
    for (const [placeId, createdAt] of Object.entries(CREATED)) {
      await api.pool.query('UPDATE businesses SET created_at = $2 WHERE place_id = $1', [placeId, createdAt]);
    }
  });

  async function idsFor(query: Record<string, string>, now = NOW): Promise<string[]> {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const outcome = await exportBusinessesCsv({
      pool: api.pool,
      prisma: api.prisma,
      request: { variant: 'full', query: ExportCsvQuery.parse({ fields: 'place_id', countryCode: 'NZ', ...query }) },
      adminUserId: null,
      now,
      open: () => sink,
    });
    assert.equal(outcome.outcome, 'completed');
    const ids = records(Buffer.concat(chunks).toString('utf8')).map((row) => row.place_id);
    assert.equal(outcome.rowCount, ids.length);
    return ids.sort();
  }

  test('each range in UTC', async () => {
    assert.deepEqual(await idsFor({ dateRange: 'all' }), Object.keys(CREATED).sort());
    assert.deepEqual(await idsFor({ dateRange: 'today' }), ['dr-a', 'dr-b', 'dr-h']);
    assert.deepEqual(await idsFor({ dateRange: 'yesterday' }), ['dr-c']);
    assert.deepEqual(await idsFor({ dateRange: 'last24hours' }), ['dr-a', 'dr-b']);
    assert.deepEqual(await idsFor({ dateRange: 'last7days' }), ['dr-a', 'dr-b', 'dr-c', 'dr-d', 'dr-e', 'dr-i']);
    assert.deepEqual(await idsFor({ dateRange: 'thisweek' }), ['dr-a', 'dr-b', 'dr-c', 'dr-d', 'dr-h']);
    assert.deepEqual(await idsFor({ dateRange: 'thismonth' }), ['dr-a', 'dr-b', 'dr-c', 'dr-d', 'dr-e', 'dr-f', 'dr-h', 'dr-i', 'dr-j']);
    assert.deepEqual(await idsFor({ dateRange: 'custom', startDate: '2026-03-08', endDate: '2026-03-09' }), ['dr-d', 'dr-e'], 'both days whole');
    assert.deepEqual(await idsFor({ dateRange: 'custom', startDate: '2026-02-20', endDate: '2026-02-20' }), ['dr-g']);
  });

  test('calendar ranges follow the time zone the panel sends, around midnight', async () => {
    const ny = { timeZone: 'America/New_York' };
    assert.deepEqual(await idsFor({ ...ny, dateRange: 'today' }), ['dr-b', 'dr-h'], '03:59:59 UTC is still Tuesday in New York');
    assert.deepEqual(await idsFor({ ...ny, dateRange: 'yesterday' }), ['dr-a', 'dr-c']);
    assert.deepEqual(await idsFor({ ...ny, dateRange: 'thismonth' }), ['dr-a', 'dr-b', 'dr-c', 'dr-d', 'dr-e', 'dr-h', 'dr-i', 'dr-j'], '00:30 UTC on 1 March is February in New York');
    assert.deepEqual(await idsFor({ ...ny, dateRange: 'custom', startDate: '2026-02-28', endDate: '2026-02-28' }), ['dr-f']);
    // Auckland is UTC+13: its Wednesday 11 March began at 11:00 UTC on the 10th.
    assert.deepEqual(await idsFor({ timeZone: 'Pacific/Auckland', dateRange: 'today' }), ['dr-a', 'dr-b', 'dr-h']);
    assert.deepEqual(await idsFor({ timeZone: 'Pacific/Auckland', dateRange: 'yesterday' }), ['dr-c', 'dr-d'], "Auckland's Tuesday: 11:00 UTC on the 9th to 11:00 UTC on the 10th");
  });

  test('weeks start on Monday, also when the clock reads Sunday', async () => {
    // Sunday 15 March, 12:00 UTC: the week is Monday 9 to Sunday 15, so Sunday the 8th is last week.
    assert.deepEqual(await idsFor({ dateRange: 'thisweek' }, new Date('2026-03-15T12:00:00Z')), ['dr-a', 'dr-b', 'dr-c', 'dr-d', 'dr-h']);
    // Monday 9 March, 00:30 in New York (04:30 UTC): the week began half an hour ago.
    assert.deepEqual(await idsFor({ timeZone: 'America/New_York', dateRange: 'thisweek' }, new Date('2026-03-09T04:30:00Z')), ['dr-a', 'dr-b', 'dr-c', 'dr-d', 'dr-h']);
    // Sunday 8 March 23:30 in New York: the week is 2 to 8 March.
    assert.deepEqual(await idsFor({ timeZone: 'America/New_York', dateRange: 'thisweek' }, new Date('2026-03-09T03:30:00Z')), ['dr-e', 'dr-i', 'dr-j']);
  });
});

describe('an abandoned download', () => {
  test('cancels the query: no COPY left running in PostgreSQL, and the audit row says aborted', async () => {
    await insertManyBusinesses(api.pool, 60_000, 'abort');
    const copies = async () =>
      (await api.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'COPY (SELECT%' AND datname = current_database() AND pid <> pg_backend_pid()`)).rows[0].n;
    const controller = new AbortController();
    const response = await api.request(`/api/admin/export-csv?fields=${EXPORT_FIELDS.join(',')}`, { headers: { cookie }, signal: controller.signal });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    assert.ok(first.value && first.value.length > 0);
    // The reader stops reading: backpressure holds PostgreSQL mid-COPY.
    await sleep(300);
    assert.ok((await copies()) >= 1, 'the export is still streaming (with any parallel workers of its scan)');
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const deadline = Date.now() + 5_000;
    while ((await copies()) > 0 && Date.now() < deadline) await sleep(50);
    assert.equal(await copies(), 0, 'the COPY was cancelled');
    let audit: { details: Record<string, unknown> } | undefined;
    while (Date.now() < deadline) {
      audit = (await api.pool.query(`SELECT details FROM audit_logs WHERE action = 'admin.export_csv' AND details->>'outcome' = 'aborted'`)).rows[0];
      if (audit) break;
      await sleep(50);
    }
    assert.equal(audit?.details.outcome, 'aborted');
    assert.equal(audit?.details.rowCount, null);
    // The pool still answers (the cancelled connection was not handed back broken).
    const after = await exportGet('fields=place_id&countryCode=NZ');
    assert.equal(after.status, 200);
    assert.equal(records(`\uFEFF${await after.text()}`).length, 10);
  });

  test(`at most ${MAX_CONCURRENT_EXPORTS} exports stream at once; the next is a 429 with Retry-After, and a slot frees when one ends`, async () => {
    const controllers = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => new AbortController());
    const running = await Promise.all(controllers.map((controller) => api.request(`/api/admin/export-csv?fields=${EXPORT_FIELDS.join(',')}`, { headers: { cookie }, signal: controller.signal })));
    for (const response of running) assert.equal(response.status, 200);
    const refused = await exportGet('fields=name');
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '30');
    assert.equal((await refused.json()).error, 'too_many_requests');
    // The export dialog's probe (HEAD) says the same, so the browser never starts a download that would fail.
    const probe = await api.request('/api/admin/export-csv?fields=name', { method: 'HEAD', headers: { cookie } });
    assert.equal(probe.status, 429);
    assert.equal(probe.headers.get('retry-after'), '30');
    controllers[0].abort();
    await running[0].body?.cancel().catch(() => undefined);
    const deadline = Date.now() + 5_000;
    let again = await exportGet('fields=place_id&countryCode=NZ');
    while (again.status === 429 && Date.now() < deadline) {
      await sleep(50);
      again = await exportGet('fields=place_id&countryCode=NZ');
    }
    assert.equal(again.status, 200);
    await again.text();
    assert.equal((await api.request('/api/admin/export-csv?fields=name', { method: 'HEAD', headers: { cookie } })).status, 200, 'a free slot: the probe passes');
    for (const controller of controllers.slice(1)) controller.abort();
  });
});
