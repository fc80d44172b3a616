import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { AD_SLOT_MAX_BYTES, AdvertisementCodes, AdvertisementCodesSaved } from '../../../../../common/api/admin.ts';
import { Advertisements } from '../../../../../common/api/public.ts';
import { startTestApi } from '../../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

const EMPTY = { ad1: '', ad2: '', ad3: '', ad4: '', ad5: '', ad6: '', ad7: '' };

describe('admin advertisement codes', () => {
  let api: Api;
  let cookie: string;

  const post = (body: unknown, headers: Record<string, string> = {}) => api.postJson('/api/admin/advertisement-codes', body, { cookie, ...headers });
  const publicAds = async () => Advertisements.parse(await (await api.request('/api/advertisements')).json());
  const auditRows = async () =>
    (
      await api.pool.query<{ admin_user_id: number | null; details: { changes: Record<string, { from: string; to: string }> }; ip: string | null }>(
        `SELECT admin_user_id, details, ip FROM audit_logs WHERE action = 'advertisement_codes.update' ORDER BY id`,
      )
    ).rows;

  beforeAll(async () => {
    api = await startTestApi();
    cookie = await api.signIn();
  });
  afterAll(async () => api?.close());

  test('without a session the codes are neither shown nor saved; a foreign Origin cannot save', async () => {
    assert.equal((await api.request('/api/admin/advertisement-codes')).status, 401);
    assert.equal((await api.postJson('/api/admin/advertisement-codes', { ad1: '<div>x</div>' })).status, 401);
    assert.equal((await post({ ad1: '<div>x</div>' }, { origin: 'https://evil.example' })).status, 403);
    assert.deepEqual(await publicAds(), {});
  });

  test('GET answers ad1 to ad7, empty before the first save', async () => {
    const response = await api.request('/api/admin/advertisement-codes', { headers: { cookie } });
    assert.equal(response.status, 200);
    assert.deepEqual(AdvertisementCodes.parse(await response.json()), EMPTY);
  });

  test('a save is stored, audited with its diff, and the next public read shows it', async () => {
    assert.deepEqual(await publicAds(), {}, 'cached empty answer first');
    const response = await post({ ad1: '<div id="detail-ad">Detail</div>', ad5: '<div id="home-ad">Home</div>' });
    assert.equal(response.status, 200);
    const saved = AdvertisementCodesSaved.parse(await response.json());
    assert.deepEqual(saved.codes, { ...EMPTY, ad1: '<div id="detail-ad">Detail</div>', ad5: '<div id="home-ad">Home</div>' });
    assert.deepEqual(saved.changedFields, ['ad1', 'ad5']);

    // No waiting: the save purged the public cache.
    assert.deepEqual(await publicAds(), { ad1: '<div id="detail-ad">Detail</div>', ad5: '<div id="home-ad">Home</div>' });

    const rows = await auditRows();
    assert.equal(rows.length, 1);
    assert.ok(rows[0].admin_user_id, 'who saved');
    assert.ok(rows[0].ip, 'from where');
    assert.deepEqual(rows[0].details.changes, { ad1: { from: '', to: '<div id="detail-ad">Detail</div>' }, ad5: { from: '', to: '<div id="home-ad">Home</div>' } });

    // Emptying a slot removes the ad for visitors; the other slot is untouched.
    const emptied = AdvertisementCodesSaved.parse(await (await post({ ad1: '' })).json());
    assert.deepEqual(emptied.changedFields, ['ad1']);
    assert.deepEqual(await publicAds(), { ad5: '<div id="home-ad">Home</div>' });
    assert.deepEqual((await auditRows()).at(-1)!.details.changes, { ad1: { from: '<div id="detail-ad">Detail</div>', to: '' } });
  });

  test('a slot of more than 50 KB in UTF-8 is a 413 naming the slot and its size; exactly 50 KB is saved', async () => {
    // '€' is three bytes in UTF-8: 17,066 of them and two ASCII bytes are exactly 51,200 bytes (50 KB),
    // though far fewer than 51,200 characters.
    const exactly = `${'€'.repeat(Math.floor(AD_SLOT_MAX_BYTES / 3))}<>`;
    assert.equal(Buffer.byteLength(exactly), AD_SLOT_MAX_BYTES);
    const oneOver = `${exactly}!`;
    const refused = await post({ ad2: '<div>fine</div>', ad3: oneOver });
    assert.equal(refused.status, 413);
    const body = await refused.json();
    assert.equal(body.error, 'payload_too_large');
    assert.equal(body.message, '"ad3" is 51,201 bytes; an ad slot holds at most 51,200 bytes (50 KB).');
    assert.deepEqual(
      body.details.map((detail: { field: string; bytes: number; maxBytes: number }) => [detail.field, detail.bytes, detail.maxBytes]),
      [['ad3', 51_201, 51_200]],
    );
    assert.equal((await publicAds()).ad2, undefined, 'a refused save stores none of its slots');

    const fits = await post({ ad3: exactly });
    assert.equal(fits.status, 200);
    assert.equal(AdvertisementCodesSaved.parse(await fits.json()).codes.ad3, exactly);
    assert.equal((await publicAds()).ad3, exactly);
  });

  test('bad input is a 400 naming the field', async () => {
    const notText = await post({ ad4: ['<div>'] });
    assert.equal(notText.status, 400);
    const body = await notText.json();
    assert.equal(body.message, 'Invalid body: "ad4" must be text.');
    assert.deepEqual(body.details, [{ field: 'ad4', message: 'must be text' }]);

    const noSuchSlot = await post({ ad8: '<div>eighth</div>' });
    assert.equal(noSuchSlot.status, 400);
    assert.match((await noSuchSlot.json()).message, /ad8/);
  });
});
