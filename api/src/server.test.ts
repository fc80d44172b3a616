/** The HTTP server: WebSocket upgrades under the same policy, graceful close, and the process entry. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Router } from 'express';
import { findFreePort } from '../../platform/runtime/ports.ts';
import { routers } from './routes/index.ts';
import type { UpgradeHandler } from './upgrade.ts';
import { apiProcessEnv, startTestApi, type TestApi } from './test/api-harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const echoHandler = (name: string): UpgradeHandler => ({
  path: `/api/${name}`,
  handle(req, socket) {
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nX-Handler: ${name}\r\nX-Admin: ${req.admin?.username ?? '-'}\r\n\r\n`);
  },
});

const slowRouter = () =>
  Router().get('/api/test-only/slow', async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    res.json({ finished: true });
  });

let api: TestApi & { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi({ routers: [...routers, slowRouter], upgradeHandlers: [echoHandler('admin/test-only/progress'), echoHandler('test-only/public-feed')] });
});
afterAll(async () => {
  await api?.close();
});

/** Writes `raw` on a new connection and returns everything the server answered before closing it. */
function rawRequest(raw: string): Promise<string> {
  const { port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.write(raw);
  });
}

/** Sends a raw Upgrade request and returns the status line and headers the server wrote. */
async function upgrade(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const text = await rawRequest(`GET ${pathname} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text };
}

describe('requests Node refuses before the app', () => {
  test('headers over 16 KB (a huge URL or cookie) and a malformed request answer JSON errors, not a bare status line', async () => {
    const longUrl = await rawRequest(`GET /api/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    assert.match(longUrl, /^HTTP\/1\.1 431 /);
    assert.match(longUrl, /content-type: application\/json/i);
    assert.match(longUrl, /\r\n\r\n\{"error":"header_too_large","message":"The request headers are too large/);
    const cookie = await rawRequest(`GET / HTTP/1.1\r\nHost: localhost\r\nCookie: ${'c=1; '.repeat(4000)}\r\n\r\n`);
    assert.match(cookie, /^HTTP\/1\.1 431 /);
    const garbage = await rawRequest('NOT A REQUEST\r\n\r\n');
    assert.match(garbage, /^HTTP\/1\.1 400 [\s\S]*\{"error":"bad_request","message":"The request is not valid HTTP\."\}$/);
  });
});

describe('upgrade requests', () => {
  test('an unknown upgrade path is refused with 404 and the socket closed', async () => {
    const { status, text } = await upgrade('/api/nothing-here');
    assert.equal(status, 404);
    assert.match(text, /"error":"not_found"/);
  });

  test('a refused upgrade answers the JSON error body the API uses, then closes the socket', async () => {
    const { text } = await upgrade('/api/admin/test-only/progress');
    const [head, body] = text.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 401 Unauthorized\r\n/);
    assert.match(head, /\r\ncontent-type: application\/json/i);
    assert.deepEqual(JSON.parse(body), { error: 'unauthorized', message: 'Unauthorized' });
  });

  test('an admin upgrade path needs a session and an allowed Origin', async () => {
    assert.equal((await upgrade('/api/admin/test-only/progress')).status, 401);
    const cookie = await api.signIn();
    assert.equal((await upgrade('/api/admin/test-only/progress', { cookie, origin: 'https://evil.example' })).status, 403);
    const accepted = await upgrade('/api/admin/test-only/progress?job=1', { cookie, origin: api.origin });
    assert.equal(accepted.status, 101);
    assert.match(accepted.text, /X-Admin: admin/);
  });

  test('a public upgrade path needs no session', async () => {
    const { status, text } = await upgrade('/api/test-only/public-feed');
    assert.equal(status, 101);
    assert.match(text, /X-Admin: -/);
  });
});

describe('startServer().close()', () => {
  test('lets an in-flight request finish, then refuses new connections', async () => {
    const { startServer } = await import('./server.ts');
    const running = await startServer({ config: api.config, prisma: api.prisma, pool: api.pool, meili: api.meili }, { host: '127.0.0.1', port: 0, routers: [...routers, slowRouter] });
    const inFlight = fetch(`${running.url}/api/test-only/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const closing = running.close();
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { finished: true });
    await closing;
    // Not held open by the now idle keep-alive socket until the 10 s shutdown timeout.
    assert.ok(Date.now() - started < 5000, `close() took ${Date.now() - started} ms`);
    await assert.rejects(fetch(`${running.url}/healthz`));
  });
});

describe('npm run api (main.ts)', () => {
  const startMain = async (withIpc: boolean) => {
    const port = await findFreePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: ROOT,
      stdio: withIpc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      env: apiProcessEnv(api.config, { PORT: String(port) }),
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    while (!/"name":"api".*"msg":"listening on/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`api did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(output, new RegExp(`"name":"api".*"msg":"listening on http://127\\.0\\.0\\.1:${port}"`));
    return { child, port, exited, output: () => output };
  };

  test('serves, then exits 0 on SIGTERM', async () => {
    const { child, port, exited } = await startMain(false);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(health.status, 200);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  test('exits when the parent that started it goes away (no orphan api)', async () => {
    const { child, exited } = await startMain(true);
    child.disconnect();
    assert.equal(await exited, 0);
  });
});
