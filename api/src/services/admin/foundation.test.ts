/**
 * The admin side's shared ground: the audit trail cannot be rewritten, an edit's diff names only what
 * changed, a write can wait for search to hold it, and an old slug leads to its business's new address.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { BusinessDetail } from '../../../../common/api/public.ts';
import { runIndexer, type IndexerHandle } from '../../../../indexer/src/indexer.ts';
import { recordSlugRedirects } from '../../repositories/slug-redirects.ts';
import { buildBusiness, seedDirectory } from '../public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';
import { awaitSearchPublish } from './await-search-publish.ts';
import { describeChanges } from './describe-changes.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('admin foundation', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    await seedDirectory({ config: api.config, pool: api.pool, rows: [buildBusiness({ placeId: 'moved', name: 'Moved Bakery', city: 'Berlin' })] });
  });
  afterAll(async () => {
    await api?.close();
  });

  test('audit rows can be added but not changed, deleted or truncated; deleting an admin only clears who', async () => {
    const admin = await api.prisma.adminUser.create({ data: { username: 'auditor', passwordHash: 'x' } });
    const row = await api.prisma.auditLog.create({ data: { action: 'test.kept', adminUserId: admin.id, details: { a: 1 }, ip: '127.0.0.1' } });
    await assert.rejects(api.pool.query(`UPDATE audit_logs SET action = 'test.rewritten' WHERE id = $1`, [row.id]), /append-only/);
    await assert.rejects(api.pool.query('DELETE FROM audit_logs WHERE id = $1', [row.id]), /append-only/);
    await assert.rejects(api.pool.query('TRUNCATE audit_logs'), /append-only/);
    await assert.rejects(api.prisma.auditLog.delete({ where: { id: row.id } }));
    await api.prisma.adminUser.delete({ where: { id: admin.id } });
    const kept = await api.prisma.auditLog.findUniqueOrThrow({ where: { id: row.id } });
    assert.deepEqual([kept.action, kept.adminUserId, kept.details, kept.ip], ['test.kept', null, { a: 1 }, '127.0.0.1']);
  });

  test('describeChanges keeps only the fields whose value changed, as from/to', () => {
    const changes = describeChanges(
      { phone: '+1 212-555-0100', rating: 4.5, hours: { Monday: '9-5' }, website: null, name: 'Same' },
      { phone: '+1 212-555-0123', rating: 4.5, hours: { Monday: '9-6' }, website: undefined, name: 'Same' },
    );
    assert.deepEqual(changes, { phone: { from: '+1 212-555-0100', to: '+1 212-555-0123' }, hours: { from: { Monday: '9-5' }, to: { Monday: '9-6' } } });
  });

  test('awaitSearchPublish: bounded and false while no indexer drains, true once one has applied the write', async () => {
    await api.pool.query(`UPDATE businesses SET phone = '+49 30 1111' WHERE place_id = 'moved'`);
    let purged = 0;
    const stuck = await awaitSearchPublish({ pool: api.pool, timeoutMs: 300, onPublished: () => purged++ });
    assert.equal(stuck.published, false, 'no indexer runs: the change still waits');
    assert.ok(stuck.waitedMs >= 300 && stuck.waitedMs < 5_000, `waited ${stuck.waitedMs} ms`);
    assert.equal(purged, 0, 'nothing is purged for a write search does not hold yet');

    let indexer: IndexerHandle | undefined;
    try {
      indexer = runIndexer({ config: api.config, aggregateDebounceMs: 100 });
      await indexer.ready;
      await api.pool.query(`UPDATE businesses SET phone = '+49 30 2222' WHERE place_id = 'moved'`);
      const done = await awaitSearchPublish({ pool: api.pool, timeoutMs: 20_000, onPublished: () => purged++ });
      assert.equal(done.published, true);
      assert.equal(purged, 1);
      const slug = (await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'moved'`)).rows[0].slug;
      const shown = BusinessDetail.parse(await (await api.request(`/api/businesses/${slug}`)).json());
      assert.equal(shown.phone, '+49 30 2222', 'the public read right after the wait shows the write');
    } finally {
      await indexer?.stop();
    }
  });

  test('an old slug answers its business under the current slug, and its page redirects there (301)', async () => {
    const { id, slug } = (await api.pool.query<{ id: number; slug: string }>(`SELECT id, slug FROM businesses WHERE place_id = 'moved'`)).rows[0];
    const oldSlug = 'old-address-of-moved-bakery';
    assert.equal((await api.request(`/api/businesses/${oldSlug}`)).status, 404, 'unknown before the redirect is recorded');
    await recordSlugRedirects(api.pool, [{ oldSlug, businessId: id }]);
    // Asked first while held: a public answer, once cached, stays until the data version moves.
    await api.pool.query('UPDATE businesses SET is_approved = false WHERE id = $1', [id]);
    assert.equal((await api.request(`/api/businesses/${oldSlug}`)).status, 404, 'a held business is not found under its old slug either');
    await api.pool.query('UPDATE businesses SET is_approved = true WHERE id = $1', [id]);
    const answer = BusinessDetail.parse(await (await api.request(`/api/businesses/${oldSlug}`)).json());
    assert.deepEqual([answer.slug, answer.slugMatches], [slug, 1]);
    const page = await api.request(`/business/${oldSlug}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    assert.equal(page.status, 301);
    assert.equal(page.headers.get('location'), `/business/${slug}`);
  });
});
