import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createPrisma, type Prisma } from '../../../../platform/db/prisma.ts';
import { createTestDatabase, type TestDatabase } from '../../../../platform/testing/context.ts';
import { ensureAdminUser } from './ensure-admin-user.ts';
import { verifyPassword } from './password.ts';

let database: TestDatabase;
let prisma: Prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  prisma = createPrisma(database.url, { max: 2 });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await database?.drop();
});

describe('ensureAdminUser', () => {
  test('creates the admin once with a generated password returned only that first time', async () => {
    const first = await ensureAdminUser({ prisma, username: 'generated' });
    assert.equal(first.created, true);
    assert.match(first.generatedPassword ?? '', /^.{20}$/);
    const stored = await prisma.adminUser.findUniqueOrThrow({ where: { username: 'generated' } });
    assert.equal(await verifyPassword(first.generatedPassword!, stored.passwordHash), true);
    assert.doesNotMatch(stored.passwordHash, new RegExp(first.generatedPassword!));

    const second = await ensureAdminUser({ prisma, username: 'generated' });
    assert.deepEqual(second, { created: false, passwordChanged: false });
    assert.equal(await prisma.adminUser.count({ where: { username: 'generated' } }), 1);
    const unchanged = await prisma.adminUser.findUniqueOrThrow({ where: { username: 'generated' } });
    assert.equal(unchanged.passwordHash, stored.passwordHash);
  });

  test('creates the admin from ADMIN_PASSWORD without returning it', async () => {
    const result = await ensureAdminUser({ prisma, username: 'given', password: 'given password 123' });
    assert.deepEqual(result, { created: true, passwordChanged: false });
    const stored = await prisma.adminUser.findUniqueOrThrow({ where: { username: 'given' } });
    assert.equal(await verifyPassword('given password 123', stored.passwordHash), true);
  });

  test('rotates the hash when ADMIN_PASSWORD changes, and leaves it alone when it does not', async () => {
    await ensureAdminUser({ prisma, username: 'rotated', password: 'first password 123' });
    const before = await prisma.adminUser.findUniqueOrThrow({ where: { username: 'rotated' } });

    const same = await ensureAdminUser({ prisma, username: 'rotated', password: 'first password 123' });
    assert.deepEqual(same, { created: false, passwordChanged: false });
    assert.equal((await prisma.adminUser.findUniqueOrThrow({ where: { username: 'rotated' } })).passwordHash, before.passwordHash);

    const rotated = await ensureAdminUser({ prisma, username: 'rotated', password: 'second password 456' });
    assert.deepEqual(rotated, { created: false, passwordChanged: true });
    const after = await prisma.adminUser.findUniqueOrThrow({ where: { username: 'rotated' } });
    assert.equal(await verifyPassword('second password 456', after.passwordHash), true);
    assert.equal(await verifyPassword('first password 123', after.passwordHash), false);
    assert.equal(await prisma.auditLog.count({ where: { action: 'admin.password_rotated', adminUserId: after.id } }), 1);
  });

  test('two processes starting at once create one admin', async () => {
    const results = await Promise.all([ensureAdminUser({ prisma, username: 'racy' }), ensureAdminUser({ prisma, username: 'racy' })]);
    assert.equal(await prisma.adminUser.count({ where: { username: 'racy' } }), 1);
    assert.equal(results.filter((result) => result.created).length, 1);
    assert.equal(results.filter((result) => result.generatedPassword).length, 1);
  });
});
