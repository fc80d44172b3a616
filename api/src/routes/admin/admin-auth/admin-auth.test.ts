import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { hashPassword } from '../../../services/auth/password.ts';
import { LOGIN_LIMITS } from '../../../services/auth/sign-in.ts';
import { cookieHeaderFrom, startTestApi, TEST_ADMIN, type TestApi } from '../../../test/api-harness.ts';

// TRUST_PROXY lets each test speak from its own client IP (X-Forwarded-For), so the login rate
// limiter's per-IP memory of one test never leaks into another.
let api: TestApi & { close(): Promise<void> };
let nextIp = 1;
const freshIp = () => ({ 'x-forwarded-for': `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}` });

beforeAll(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await api?.close();
});

async function auditCount(action: string): Promise<number> {
  return api.prisma.auditLog.count({ where: { action } });
}

describe('POST /api/admin/login', () => {
  test('signs in with a signed HttpOnly SameSite=Strict cookie that /me accepts', async () => {
    const before = await auditCount('admin.login');
    const response = await api.postJson('/api/admin/login', TEST_ADMIN, freshIp());
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { success: true, message: 'Login successful' });

    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('dir_session='));
    const signature = cookies.find((cookie) => cookie.startsWith('dir_session.sig='));
    assert.ok(session && signature, `expected a session cookie and its signature, got ${cookies.join(' | ')}`);
    for (const cookie of [session, signature]) {
      assert.match(cookie, /; httponly/i);
      assert.match(cookie, /; samesite=strict/i);
      assert.match(cookie, /; path=\//i);
      assert.doesNotMatch(cookie, /; secure/i, 'http public URL: a Secure cookie would be dropped by the browser');
      const expires = new Date(/expires=([^;]+)/i.exec(cookie)![1]).getTime();
      const days = (expires - Date.now()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `cookie lives ${days} days`);
    }
    // The cookie carries only an id and a fingerprint, never the password or its hash.
    const payload = Buffer.from(session.split(';')[0].split('=')[1], 'base64').toString('utf8');
    assert.doesNotMatch(payload, /scrypt|horse/);

    const me = await api.request('/api/admin/me', { headers: { cookie: cookieHeaderFrom(response) } });
    assert.equal(me.status, 200);
    assert.equal(me.headers.get('cache-control'), 'no-store');
    const profile = (await me.json()) as { username: string; lastLoginAt: string };
    assert.equal(profile.username, 'admin');
    assert.ok(Math.abs(Date.parse(profile.lastLoginAt) - Date.now()) < 60_000);
    assert.deepEqual(Object.keys(profile).sort(), ['lastLoginAt', 'username']);
    assert.equal(await auditCount('admin.login'), before + 1);
  });

  test('a wrong password answers 401 with the spec message and no session', async () => {
    const before = await auditCount('admin.login_failed');
    const response = await api.postJson('/api/admin/login', { username: 'admin', password: 'wrong password' }, freshIp());
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { success: false, message: 'Username or password is incorrect', error: 'unauthorized' });
    assert.equal(response.headers.getSetCookie().filter((cookie) => /^dir_session=[^;]/.test(cookie)).length, 0);
    assert.equal(await auditCount('admin.login_failed'), before + 1);
  });

  test('an unknown username answers exactly like a wrong password, in comparable time', async () => {
    const timeOf = async (username: string) => {
      const started = performance.now();
      const response = await api.postJson('/api/admin/login', { username, password: 'wrong password' }, freshIp());
      const body = await response.json();
      return { status: response.status, body, ms: performance.now() - started };
    };
    await timeOf('warm-up');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round++) {
      const a = await timeOf('admin');
      const b = await timeOf(`nobody-${round}`);
      assert.deepEqual(b.body, a.body);
      assert.equal(b.status, 401);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[2];
    const ratio = median(unknown) / median(known);
    // Without the dummy scrypt an unknown user answers in ~2 ms against ~60 ms: a ratio near 0.03.
    // The bounds are wide because other test files share the CPU.
    assert.ok(ratio > 0.25 && ratio < 4, `unknown/known time ratio ${ratio.toFixed(2)} (${median(unknown).toFixed(0)} vs ${median(known).toFixed(0)} ms)`);
  });

  test('rejects missing or empty fields with a 400 naming the field', async () => {
    const missing = await api.postJson('/api/admin/login', { username: 'admin' }, freshIp());
    assert.equal(missing.status, 400);
    const body = (await missing.json()) as { error: string; message: string };
    assert.equal(body.error, 'bad_request');
    assert.match(body.message, /"password" is required/);

    const empty = await api.postJson('/api/admin/login', { username: '', password: 'x' }, freshIp());
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as { message: string }).message, /"username" must not be empty/);
  });

  test('rate-limits failures per IP and username, then per IP, with Retry-After', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perIpAndUsername; attempt++) {
      const response = await api.postJson('/api/admin/login', { username: 'admin', password: `guess ${attempt}` }, ip);
      assert.equal(response.status, 401, `attempt ${attempt + 1}`);
    }
    // Now even the right password is refused from this IP for this username...
    const blocked = await api.postJson('/api/admin/login', TEST_ADMIN, ip);
    assert.equal(blocked.status, 429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= LOGIN_LIMITS.windowMs / 1000, `Retry-After ${retryAfter}`);
    const body = (await blocked.json()) as { error: string; message: string };
    assert.equal(body.error, 'too_many_requests');
    assert.match(body.message, /Try again in \d+ minutes?/);
    assert.equal(blocked.headers.getSetCookie().length, 0);

    // ...but another username from the same IP is still checked,
    const otherUser = await api.postJson('/api/admin/login', { username: 'someone-else', password: 'x' }, ip);
    assert.equal(otherUser.status, 401);
    // and the admin signing in from another IP is not locked out by the attacker.
    const otherIp = await api.postJson('/api/admin/login', TEST_ADMIN, freshIp());
    assert.equal(otherIp.status, 200);
  });

  test('caps failures per IP across usernames, counting only the last 15 minutes', async () => {
    const ip = freshIp();
    const address = ip['x-forwarded-for'];
    // The test above proved each failure is recorded; here the earlier failures of a password spray
    // are written directly (one scrypt each would make this test slow), one of them too old to count.
    const sprayed = Array.from({ length: LOGIN_LIMITS.perIp - 1 }, (_, index) => ({ action: 'admin.login_failed', ip: address, details: { username: `spray-${index}` } }));
    await api.prisma.auditLog.createMany({ data: [...sprayed, { action: 'admin.login_failed', ip: address, details: { username: 'old' }, createdAt: new Date(Date.now() - LOGIN_LIMITS.windowMs - 60_000) }] });
    const last = await api.postJson('/api/admin/login', { username: 'spray-last', password: 'x' }, ip);
    assert.equal(last.status, 401, 'the old failure must not count');
    const blocked = await api.postJson('/api/admin/login', { username: 'yet-another', password: 'x' }, ip);
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) >= 1);
    // Another client is unaffected.
    assert.equal((await api.postJson('/api/admin/login', { username: 'yet-another', password: 'x' }, freshIp())).status, 401);
  });
});

describe('sessions', () => {
  test('/me without a session is 401 JSON', async () => {
    const response = await api.request('/api/admin/me');
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { error: 'unauthorized', message: 'Admin sign-in required.' });
  });

  test('logout ends the session, including copies of the cookie kept elsewhere', async () => {
    const cookie = await api.signIn(TEST_ADMIN, freshIp());
    const stolenCopy = cookie;
    const response = await api.postJson('/api/admin/logout', {}, { cookie });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { success: true, message: 'Logged out' });
    // The browser is told to drop the cookie...
    assert.ok(response.headers.getSetCookie().some((set) => /^dir_session=;/.test(set) && /expires=Thu, 01 Jan 1970/i.test(set)));
    // ...and a replayed copy no longer works either.
    const replay = await api.request('/api/admin/me', { headers: { cookie: stolenCopy } });
    assert.equal(replay.status, 401);
    // Signing in again works.
    const again = await api.signIn(TEST_ADMIN, freshIp());
    assert.equal((await api.request('/api/admin/me', { headers: { cookie: again } })).status, 200);
  });

  test('a tampered or forged cookie is rejected', async () => {
    const cookie = await api.signIn(TEST_ADMIN, freshIp());
    const value = /dir_session=([^;]+)/.exec(cookie)![1];
    const session = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...session, adminId: 999 })).toString('base64');
    const tampered = cookie.replace(value, forged);
    assert.equal((await api.request('/api/admin/me', { headers: { cookie: tampered } })).status, 401);
    const unsigned = `dir_session=${value}`;
    assert.equal((await api.request('/api/admin/me', { headers: { cookie: unsigned } })).status, 401);
    // The genuine cookie still works, so the 401s above come from the signature check.
    assert.equal((await api.request('/api/admin/me', { headers: { cookie } })).status, 200);
  });

  test('a password change ends sessions signed before it', async () => {
    await api.prisma.adminUser.create({ data: { username: 'rotating', passwordHash: await hashPassword('first password 123') } });
    const cookie = await api.signIn({ username: 'rotating', password: 'first password 123' }, freshIp());
    assert.equal((await api.request('/api/admin/me', { headers: { cookie } })).status, 200);
    await api.prisma.adminUser.update({ where: { username: 'rotating' }, data: { passwordHash: await hashPassword('second password 456') } });
    const stale = await api.request('/api/admin/me', { headers: { cookie } });
    assert.equal(stale.status, 401);
    // The stale cookie is cleared in the browser as well.
    assert.ok(stale.headers.getSetCookie().some((set) => /^dir_session=;/.test(set)));
  });
});

describe('an https site (behind a TLS-terminating proxy)', () => {
  // Its own API: PUBLIC_URL is https (so the cookie is Secure) and TRUST_PROXY is true, as the
  // configuration demands (platform/config.ts refuses https without it).
  let https: TestApi & { close(): Promise<void> };
  beforeAll(async () => {
    https = await startTestApi({ env: { PUBLIC_URL: 'https://directory.example', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await https?.close();
  });
  const origin = { origin: 'https://directory.example' };

  test('signing in over plain http is refused with a clear 403, not "Login successful" without a cookie', async () => {
    const response = await https.postJson('/api/admin/login', TEST_ADMIN, { ...origin, ...freshIp() });
    assert.equal(response.status, 403);
    const body = (await response.json()) as { error: string; message: string };
    assert.equal(body.error, 'forbidden');
    assert.match(body.message, /^Signing in needs https: .* Open https:\/\/directory\.example\/admin/);
    assert.deepEqual(response.headers.getSetCookie(), []);
  });

  test('through the proxy (X-Forwarded-Proto: https) it signs in with a Secure cookie', async () => {
    const response = await https.postJson('/api/admin/login', TEST_ADMIN, { ...origin, ...freshIp(), 'x-forwarded-proto': 'https' });
    assert.equal(response.status, 200);
    const cookies = response.headers.getSetCookie();
    assert.ok(cookies.some((cookie) => cookie.startsWith('dir_session=')), cookies.join(' | '));
    for (const cookie of cookies) assert.match(cookie, /; secure/i);
  });
});
