/**
 * One business, for the admin, as HTTP conversations with the real app, PostgreSQL, Meilisearch and a
 * running indexer: read it whole, edit it with the importer's rules (field errors, slug redirects, an import
 * after the edit), approve or hold it back, delete it; each write audited, each reflected on the public site
 * by the time it answers.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { AdminBusiness, BusinessEditResponse, DeleteBusinessResponse, ToggleApprovalResponse } from '../../../../../common/api/admin.ts';
import { BusinessDetail } from '../../../../../common/api/public.ts';
import { buildBusiness, seedDirectory } from '../../../services/public/testing/public-fixtures.ts';
import { startAdminTestApi, type AdminTestApi } from '../../../test/api-harness.ts';
import { ensureSiteBuilt } from '../../../test/site-build.ts';
import { csvText } from '../../../services/import/testing/spreadsheet-writers.ts';

let api: AdminTestApi;
let cookie: string;

beforeAll(async () => {
  await ensureSiteBuilt();
  api = await startAdminTestApi({
    seed: (started) =>
      seedDirectory({
    config: started.config,
    pool: started.pool,
    rows: [
      buildBusiness({ placeId: 'edit-phone', name: 'Corner Bakery', city: 'Berlin', phone: '+49 30 1111111' }),
      buildBusiness({ placeId: 'edit-bad', name: 'Careful Bakery', city: 'Berlin', rating: 4.2 }),
      buildBusiness({ placeId: 'edit-slug', name: 'Moving Bakery', city: 'Berlin' }),
      buildBusiness({ placeId: 'edit-approval', name: 'Held Bakery', city: 'Hamburg' }),
      buildBusiness({ placeId: 'edit-delete', name: 'Closing Bakery', city: 'Hamburg' }),
      buildBusiness({ placeId: 'edit-import', name: 'Imported Bakery', city: 'Munich', phone: '+49 89 2222222' }),
      buildBusiness({ placeId: 'edit-guard', name: 'Guarded Bakery', city: 'Munich' }),
    ],
      }),
  });
  cookie = api.cookie;
});
afterAll(async () => {
  await api?.close();
});

async function idOf(placeId: string): Promise<number> {
  const { rows } = await api.pool.query<{ id: number }>('SELECT id FROM businesses WHERE place_id = $1', [placeId]);
  return rows[0].id;
}

/** A signed-in admin's request from the site's own origin. */
function asAdmin(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return api.request(path, {
    method: init.method ?? 'GET',
    headers: { cookie, origin: api.origin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const patch = (id: number, body: unknown) => asAdmin(`/api/admin/businesses/${id}`, { method: 'PATCH', body });

async function publicDetail(slug: string): Promise<{ status: number; body: unknown }> {
  const response = await api.request(`/api/businesses/${encodeURIComponent(slug)}`);
  return { status: response.status, body: await response.json() };
}

async function auditRows(entityId: number) {
  const { rows } = await api.pool.query<{ action: string; admin_user_id: number | null; details: Record<string, unknown>; ip: string | null }>(
    `SELECT action, admin_user_id, details, ip FROM audit_logs WHERE entity = 'business' AND entity_id = $1 ORDER BY id`,
    [String(entityId)],
  );
  return rows;
}

describe('GET /api/admin/businesses/{id}', () => {
  test('answers the whole stored business, approval and source included', async () => {
    const id = await idOf('edit-phone');
    const response = await asAdmin(`/api/admin/businesses/${id}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const business = AdminBusiness.parse(await response.json());
    assert.equal(business.id, id);
    assert.equal(business.name, 'Corner Bakery');
    assert.equal(business.phone, '+49 30 1111111');
    assert.equal(business.placeId, 'edit-phone');
    assert.equal(business.isApproved, true);
    assert.equal(business.source, 'test');
    assert.deepEqual(business.workingHours, { Monday: '9AM-5PM', Sunday: 'Closed' });
    assert.deepEqual([business.latitude, business.longitude, business.countryCode, business.citySlug], [52.52, 13.405, 'DE', 'berlin']);
    assert.match(business.createdAt, /^\d{4}-\d\d-\d\dT/);
  });

  test('an id no business has is a 404, a non-numeric one a 400 naming the id', async () => {
    const missing = await asAdmin('/api/admin/businesses/999999');
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: 'not_found', message: 'No business has id 999999.' });
    const bad = await asAdmin('/api/admin/businesses/corner-bakery');
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as { error: string; details: Array<{ field: string }> };
    assert.equal(body.error, 'bad_request');
    assert.deepEqual(body.details.map((detail) => detail.field), ['id']);
  });
});

describe('refusals', () => {
  test('without a session every call is a 401 and nothing changes', async () => {
    const id = await idOf('edit-guard');
    const calls: Array<[string, string]> = [
      ['GET', `/api/admin/businesses/${id}`],
      ['PATCH', `/api/admin/businesses/${id}`],
      ['POST', `/api/admin/businesses/${id}/toggle-approval`],
      ['DELETE', `/api/businesses/${id}`],
    ];
    for (const [method, path] of calls) {
      const response = await api.request(path, { method, headers: { origin: api.origin, 'content-type': 'application/json' }, body: method === 'PATCH' ? JSON.stringify({ phone: '+49 1' }) : undefined });
      assert.equal(response.status, 401, `${method} ${path}`);
    }
    const { rows } = await api.pool.query('SELECT is_approved, phone FROM businesses WHERE id = $1', [id]);
    assert.deepEqual(rows, [{ is_approved: true, phone: '+49 30 1234567' }]);
  });

  test('a write from another site is a 403 even with the session cookie, and nothing changes', async () => {
    const id = await idOf('edit-guard');
    const foreign = { origin: 'https://evil.example' };
    assert.equal((await asAdmin(`/api/admin/businesses/${id}`, { method: 'PATCH', body: { phone: '+49 30 5555555' }, headers: foreign })).status, 403);
    assert.equal((await asAdmin(`/api/admin/businesses/${id}/toggle-approval`, { method: 'POST', headers: foreign })).status, 403);
    assert.equal((await asAdmin(`/api/businesses/${id}`, { method: 'DELETE', headers: foreign })).status, 403);
    const { rows } = await api.pool.query('SELECT is_approved, phone FROM businesses WHERE id = $1', [id]);
    assert.deepEqual(rows, [{ is_approved: true, phone: '+49 30 1234567' }]);
    assert.equal((await auditRows(id)).length, 0);
  });
});

describe('PATCH /api/admin/businesses/{id}', () => {
  test('fixes a phone: the answer, the admin read, the public API and the audit trail all show it', async () => {
    const id = await idOf('edit-phone');
    const { rows: before } = await api.pool.query('SELECT slug FROM businesses WHERE id = $1', [id]);
    const response = await patch(id, { phone: '  +49 30 7654321 ' });
    assert.equal(response.status, 200);
    const answer = BusinessEditResponse.parse(await response.json());
    assert.equal(answer.published, true);
    assert.equal(answer.business.phone, '+49 30 7654321', 'trimmed as the importer trims');
    assert.equal(answer.business.slug, before[0].slug, 'the slug stays when not asked to change');
    assert.equal(AdminBusiness.parse(await (await asAdmin(`/api/admin/businesses/${id}`)).json()).phone, '+49 30 7654321');
    const detail = await publicDetail(before[0].slug);
    assert.equal(detail.status, 200);
    assert.equal(BusinessDetail.parse(detail.body).phone, '+49 30 7654321', 'the public API shows the fix as soon as the edit answered');
    const audit = await auditRows(id);
    assert.equal(audit.length, 1);
    assert.equal(audit[0].action, 'business.update');
    assert.equal(typeof audit[0].admin_user_id, 'number');
    assert.ok(audit[0].ip, 'the client IP is kept');
    assert.deepEqual(audit[0].details.changes, { phone: { from: '+49 30 1111111', to: '+49 30 7654321' } });
  });

  test('bad values are a 400 naming every field, by the importer rules, and nothing is written', async () => {
    const id = await idOf('edit-bad');
    const response = await patch(id, { phone: 'call us maybe', rating: 7, countryCode: 'XX', latitude: 91, website: 'not a link' });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: string; message: string; details: Array<{ field: string; message: string }> };
    assert.equal(body.error, 'bad_request');
    const byField = Object.fromEntries(body.details.map((detail) => [detail.field, detail.message]));
    assert.deepEqual(Object.keys(byField).sort(), ['countryCode', 'latitude', 'phone', 'rating', 'website']);
    assert.equal(byField.rating, 'rating 7 is outside 0-5');
    assert.equal(byField.phone, 'phone "call us maybe" is not a phone number');
    assert.equal(byField.countryCode, 'country code "XX" is not an ISO 3166-1 country code');
    assert.equal(byField.latitude, 'latitude 91 is outside -90 to 90');
    assert.match(body.message, /^Invalid body: "website" "not a link" is not an http\(s\) link; phone "call us maybe" is not a phone number; .*rating 7 is outside 0-5; latitude 91 is outside -90 to 90\.$/);
    for (const [field, value] of [['rating', -1], ['latitude', -90.5], ['longitude', 181]] as const) {
      const one = await patch(id, { [field]: value });
      assert.equal(one.status, 400, `${field} ${value}`);
      assert.deepEqual(((await one.json()) as { details: Array<{ field: string }> }).details.map((detail) => detail.field), [field]);
    }
    const { rows } = await api.pool.query('SELECT phone, rating, country_code, latitude, website FROM businesses WHERE id = $1', [id]);
    assert.deepEqual(rows, [{ phone: '+49 30 1234567', rating: 4.2, country_code: 'DE', latitude: 52.52, website: null }]);
    assert.equal((await auditRows(id)).length, 0, 'a refused edit leaves no audit row');
  });

  test('wrong types, unknown fields, an empty edit and a missing business are refused clearly', async () => {
    const id = await idOf('edit-bad');
    const cases: Array<[unknown, string]> = [
      [{ rating: '4.5' }, 'rating'],
      [{ id: 5 }, '(root)'],
      [{ createdAt: '2020-01-01T00:00:00Z' }, '(root)'],
      [{}, '(root)'],
      [{ name: '   ' }, 'name'],
      [{ latitude: null }, 'latitude'],
      [{ businessStatus: 'OPEN_LATE' }, 'businessStatus'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(id, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      const answer = (await response.json()) as { details: Array<{ field: string }> };
      assert.equal(answer.details[0].field, field, JSON.stringify(body));
    }
    assert.equal((await patch(999999, { phone: '+49 30 1' })).status, 404);
    // place_id is the import key: another business's is a conflict, not a silent merge.
    const taken = await patch(id, { placeId: 'edit-guard' });
    assert.equal(taken.status, 409);
    assert.deepEqual(((await taken.json()) as { details: unknown }).details, [{ field: 'placeId', message: 'belongs to another business' }]);
    assert.equal((await auditRows(id)).length, 0, 'a refused edit leaves no audit row');
  });

  test('the importer normalisation applies: a country code gives its country, a city its slug, hours their shape', async () => {
    const id = await idOf('edit-bad');
    const response = await patch(id, { countryCode: 'at', city: 'Wien', workingHours: { Monday: '8AM-6PM' }, rating: 4.46, website: 'www.careful.example' });
    assert.equal(response.status, 200);
    const { business } = BusinessEditResponse.parse(await response.json());
    assert.deepEqual(
      [business.countryCode, business.country, business.city, business.citySlug, business.rating, business.website],
      ['AT', 'Austria', 'Wien', 'wien', 4.5, 'http://www.careful.example'],
    );
    assert.deepEqual(business.workingHours, { Monday: '8AM-6PM' });
    const [audit] = await auditRows(id);
    assert.deepEqual(Object.keys(audit.details.changes as object).sort(), ['city', 'citySlug', 'country', 'countryCode', 'rating', 'website', 'workingHours']);
  });

  test('a new slug: the old page answers 301 to the new one, a taken or malformed slug is refused', async () => {
    const id = await idOf('edit-slug');
    const { rows } = await api.pool.query<{ slug: string }>('SELECT slug FROM businesses WHERE id = $1', [id]);
    const oldSlug = rows[0].slug;
    const otherSlug = (await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'edit-guard'`)).rows[0].slug;

    const taken = await patch(id, { slug: otherSlug });
    assert.equal(taken.status, 409);
    assert.deepEqual(((await taken.json()) as { details: unknown }).details, [{ field: 'slug', message: 'belongs to another business' }]);
    const malformed = await patch(id, { slug: 'Moving Bakery!' });
    assert.equal(malformed.status, 400);
    assert.match(((await malformed.json()) as { message: string }).message, /"slug" must be lower-case letters, digits and single dashes.*"moving-bakery"/);

    const response = await patch(id, { slug: 'moving-bakery-new-home' });
    assert.equal(response.status, 200);
    const answer = BusinessEditResponse.parse(await response.json());
    assert.equal(answer.business.slug, 'moving-bakery-new-home');
    assert.equal(answer.published, true);

    const page = await api.request(`/business/${oldSlug}`);
    assert.equal(page.status, 301);
    assert.equal(page.headers.get('location'), '/business/moving-bakery-new-home');
    assert.equal((await api.request('/business/moving-bakery-new-home')).status, 200);
    assert.equal(BusinessDetail.parse((await publicDetail(oldSlug)).body).slug, 'moving-bakery-new-home');

    // Renamed, then a slug made from the new name as an import would make it; the first slug still leads here.
    const renamed = BusinessEditResponse.parse(await (await patch(id, { name: 'Moved Bakery', regenerateSlug: true })).json());
    assert.match(renamed.business.slug, /^moved-bakery-berlin-[a-z0-9]{6}$/);
    for (const previous of [oldSlug, 'moving-bakery-new-home']) {
      const redirect = await api.request(`/business/${previous}`);
      assert.deepEqual([redirect.status, redirect.headers.get('location')], [301, `/business/${renamed.business.slug}`], previous);
    }
    const changes = (await auditRows(id)).map((row) => row.details.changes as Record<string, { from: unknown; to: unknown }>);
    assert.deepEqual(changes[0], { slug: { from: oldSlug, to: 'moving-bakery-new-home' } });
    assert.deepEqual(changes[1].slug, { from: 'moving-bakery-new-home', to: renamed.business.slug });
    assert.deepEqual(changes[1].name, { from: 'Moving Bakery', to: 'Moved Bakery' });
  });

  test('a later import of the same place_id updates the hand-edited business as any other; the trail keeps the edit', async () => {
    const id = await idOf('edit-import');
    assert.equal((await patch(id, { phone: '+49 89 3333333', about: 'Fresh bread every morning' })).status, 200);
    const form = new FormData();
    form.append('file', new Blob([csvText([['name', 'place_id', 'phone', 'city', 'country_code'], ['Imported Bakery', 'edit-import', '+49 89 4444444', 'Munich', 'DE']])]), 'phones.csv');
    const upload = await api.request('/api/upload-excel-batch', { method: 'POST', headers: { cookie, origin: api.origin }, body: form });
    assert.equal(upload.status, 200, await upload.clone().text());
    const business = AdminBusiness.parse(await (await asAdmin(`/api/admin/businesses/${id}`)).json());
    assert.equal(business.phone, '+49 89 4444444', 'the file wins over the hand edit');
    assert.equal(business.about, 'Fresh bread every morning', 'a column the file does not have keeps the edited value');
    const [edit] = await auditRows(id);
    assert.deepEqual((edit.details.changes as Record<string, unknown>).phone, { from: '+49 89 2222222', to: '+49 89 3333333' });
  });
});

describe('POST /api/admin/businesses/{id}/toggle-approval', () => {
  test('holds a business back and publishes it again: the admin read, the public API and page follow', async () => {
    const id = await idOf('edit-approval');
    const { slug } = AdminBusiness.parse(await (await asAdmin(`/api/admin/businesses/${id}`)).json());
    assert.equal((await publicDetail(slug)).status, 200);
    assert.equal((await api.request(`/business/${slug}`)).status, 200);

    const hide = await asAdmin(`/api/admin/businesses/${id}/toggle-approval`, { method: 'POST' });
    assert.equal(hide.status, 200);
    const hidden = ToggleApprovalResponse.parse(await hide.json());
    assert.deepEqual([hidden.isApproved, hidden.published, hidden.id], [false, true, id]);
    assert.equal(AdminBusiness.parse(await (await asAdmin(`/api/admin/businesses/${id}`)).json()).isApproved, false, 'the admin still sees it');
    assert.equal((await publicDetail(slug)).status, 404, 'visitors no longer do');
    assert.equal((await api.request(`/business/${slug}`)).status, 404);

    const show = ToggleApprovalResponse.parse(await (await asAdmin(`/api/admin/businesses/${id}/toggle-approval`, { method: 'POST' })).json());
    assert.deepEqual([show.isApproved, show.published], [true, true]);
    assert.equal((await publicDetail(slug)).status, 200);

    const audit = await auditRows(id);
    assert.deepEqual(audit.map((row) => row.action), ['business.unapprove', 'business.approve']);
    assert.deepEqual(audit[0].details.changes, { isApproved: { from: true, to: false } });
    assert.equal((await asAdmin('/api/admin/businesses/999999/toggle-approval', { method: 'POST' })).status, 404);
  });
});

describe('DELETE /api/businesses/{id}', () => {
  test('deletes the business: gone from the admin read, the public API and page; the audit row names it', async () => {
    const id = await idOf('edit-delete');
    const { slug } = AdminBusiness.parse(await (await asAdmin(`/api/admin/businesses/${id}`)).json());
    assert.equal((await publicDetail(slug)).status, 200);

    const response = await asAdmin(`/api/businesses/${id}`, { method: 'DELETE' });
    assert.equal(response.status, 200);
    const answer = DeleteBusinessResponse.parse(await response.json());
    assert.deepEqual([answer.success, answer.id, answer.published], [true, id, true]);
    assert.equal(answer.message, '"Closing Bakery" was deleted.');
    assert.equal((await asAdmin(`/api/admin/businesses/${id}`)).status, 404);
    assert.equal((await publicDetail(slug)).status, 404);
    assert.equal((await api.request(`/business/${slug}`)).status, 404);

    const [audit] = await auditRows(id);
    assert.equal(audit.action, 'business.delete');
    assert.deepEqual([audit.details.name, audit.details.slug, audit.details.placeId], ['Closing Bakery', slug, 'edit-delete']);

    assert.equal((await asAdmin(`/api/businesses/${id}`, { method: 'DELETE' })).status, 404, 'a second delete finds nothing');
  });

  test('a non-numeric id is a 400 (the path is the public slug path); the path answers GET and DELETE', async () => {
    const bad = await asAdmin('/api/businesses/corner-bakery-abc123', { method: 'DELETE' });
    assert.equal(bad.status, 400);
    assert.deepEqual(((await bad.json()) as { details: Array<{ field: string }> }).details.map((detail) => detail.field), ['id']);
    const put = await asAdmin('/api/businesses/1', { method: 'PUT', body: {} });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, DELETE');
    const document = (await (await api.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    assert.deepEqual(Object.keys(document.paths['/api/businesses/{slug}']).sort(), ['delete', 'get']);
  });
});
