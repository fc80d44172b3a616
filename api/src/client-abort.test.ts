/**
 * A client that leaves mid-request (a browser navigating away while an asset is sent, a cancelled
 * upload) is not a server error: one debug line, no error line, no 500 written to the closed socket,
 * nothing printed by Express's final handler. A real server error stays an error.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Router } from 'express';
import { hashedAssets } from '../../frontend/server/static-assets.ts';
import { captureLogs } from '../../platform/testing/capture-logs.ts';
import { routers } from './routes/index.ts';
import { startTestApi, type TestApi } from './test/api-harness.ts';

const logs = captureLogs({ level: 'debug' });
let api: TestApi & { close(): Promise<void> };
let assetsDir: string;
/** What Express's final handler prints (console.error, outside the log) for an error passed on after the headers went out. */
const printed: unknown[] = [];
const consoleError = console.error;

beforeAll(async () => {
  // A large hashed asset with its gzip form, served by the site's own asset middleware: big enough that
  // the client can leave in the middle of it.
  assetsDir = await mkdtemp(path.join(os.tmpdir(), 'client-abort-'));
  const content = Buffer.alloc(16 * 1024 * 1024, 'x');
  await writeFile(path.join(assetsDir, 'app-1a2b3c.js'), content);
  await writeFile(path.join(assetsDir, 'app-1a2b3c.js.gz'), content);
  const testRoutes = () => {
    const router = Router();
    router.use('/api/test-only/assets', hashedAssets(assetsDir));
    // An answer that takes a while (a search waiting on a frozen Meilisearch): the client gives up first.
    router.get('/api/test-only/slow', async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      if (!res.destroyed) res.json({ late: true });
    });
    router.get('/api/test-only/upstream-reset', () => {
      // A connection of the server's own reset (an upstream), while the client is still there.
      throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    });
    return router;
  };
  api = await startTestApi({ routers: [...routers, testRoutes], logger: logs.logger });
  // As in production: Express's final handler prints what reaches it (it is silent under env=test).
  api.app.set('env', 'production');
  console.error = (...args: unknown[]) => void printed.push(args);
});
afterAll(async () => {
  console.error = consoleError;
  await api?.close();
  if (assetsDir) await rm(assetsDir, { recursive: true, force: true });
});

type Leave = 'before-the-answer' | 'after-the-first-bytes' | 'while-sending-the-body';

/** A real HTTP client that gives up: `leave` says when. Resolves once its socket is closed. */
function requestAndLeave(leave: Leave, options: { path: string; method?: string; headers: Record<string, string>; body?: string }): Promise<void> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve) => {
    const req = http.request({ host: hostname, port, path: options.path, method: options.method ?? 'GET', headers: options.headers });
    req.on('error', () => undefined);
    req.on('close', () => resolve());
    req.on('response', (res) => res.once('data', () => req.destroy()));
    if (leave === 'while-sending-the-body') {
      // Part of a declared body, then gone.
      req.write(options.body ?? '', () => setTimeout(() => req.destroy(), 50));
      return;
    }
    if (leave === 'before-the-answer') req.on('finish', () => setImmediate(() => req.destroy()));
    req.end();
  });
}

const linesOf = (reqId: string) => logs.lines().filter((line) => line.reqId === reqId);
const abortLines = (reqId: string) => linesOf(reqId).filter((line) => line.msg === 'client closed the connection');
const errorLines = () => logs.lines().filter((line) => line.level === 'error' || line.level === 'warn');

/** Polls until the abort is logged one way or another: the debug line, an error line, or a print to stderr. */
async function settled(reqId: string, printedBefore: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (abortLines(reqId).length || errorLines().some((line) => line.reqId === reqId) || printed.length > printedBefore) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing was logged for ${reqId}: ${JSON.stringify(linesOf(reqId))}`);
}

async function expectOneDebugLine(reqId: string, printedBefore: number, expectedPath: string): Promise<void> {
  await settled(reqId, printedBefore);
  // The request line (written when the socket closed) comes in too: it says the answer was cut off.
  const deadline = Date.now() + 10_000;
  while (!linesOf(reqId).some((line) => line.msg === 'request') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(errorLines().filter((line) => line.reqId === reqId), [], 'a client that left is not an error of the server');
  assert.deepEqual(printed.slice(printedBefore), [], "nothing printed by Express's final handler");
  const [line, ...more] = abortLines(reqId);
  assert.equal(more.length, 0, 'one line');
  assert.equal(line.level, 'debug');
  assert.equal(line.path, expectedPath);
  const request = linesOf(reqId).find((entry) => entry.msg === 'request');
  assert.equal(request?.aborted, true, JSON.stringify(linesOf(reqId)));
  assert.equal(request?.path, expectedPath, 'the request line names the path the client asked for');
  assert.notEqual(request?.status, 500, 'no 500 was attempted on the closed socket');
}

describe('a client that leaves', () => {
  test('before the first byte of an asset: one debug line, not an unhandled error', async () => {
    const before = printed.length;
    await requestAndLeave('before-the-answer', { path: '/api/test-only/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip', 'x-request-id': 'leave-early' } });
    await expectOneDebugLine('leave-early', before, '/api/test-only/assets/app-1a2b3c.js');
  });

  test('in the middle of an asset: one debug line, nothing printed to stderr', async () => {
    const before = printed.length;
    await requestAndLeave('after-the-first-bytes', { path: '/api/test-only/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip', 'x-request-id': 'leave-midway' } });
    await expectOneDebugLine('leave-midway', before, '/api/test-only/assets/app-1a2b3c.js');
  });

  test('while sending a JSON body: one debug line, no error answer', async () => {
    const before = printed.length;
    await requestAndLeave('while-sending-the-body', {
      path: '/api/admin/login',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(500_000), origin: api.origin, 'x-request-id': 'leave-upload' },
      body: `{"username": "${'a'.repeat(10_000)}`,
    });
    await expectOneDebugLine('leave-upload', before, '/api/admin/login');
  });

  test('before any answer began: logged and counted as 499 (client closed request), not as the 200 Node holds by default', async () => {
    const { hostname, port } = new URL(api.url);
    await new Promise<void>((resolve) => {
      const req = http.request({ hostname, port, path: '/api/test-only/slow', headers: { 'x-request-id': 'gave-up' } });
      req.on('error', () => undefined);
      req.on('close', () => resolve());
      req.end(() => setTimeout(() => req.destroy(), 200));
    });
    const deadline = Date.now() + 10_000;
    while (!linesOf('gave-up').some((line) => line.msg === 'request') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const request = linesOf('gave-up').find((line) => line.msg === 'request');
    assert.deepEqual([request?.status, request?.aborted, request?.bytes], [499, true, 0], JSON.stringify(linesOf('gave-up')));
    await new Promise((resolve) => setTimeout(resolve, 1_600)); // the late answer finds the socket closed: nothing more
    assert.equal(linesOf('gave-up').filter((line) => line.msg === 'request').length, 1);
  });

  test("the same socket code from the server's own connection, with the client still there, stays a logged server error", async () => {
    const response = await api.request('/api/test-only/upstream-reset', { headers: { 'x-request-id': 'upstream-reset' } });
    assert.ok(response.status >= 500, `status ${response.status}`);
    await response.arrayBuffer();
    assert.ok(errorLines().some((line) => line.reqId === 'upstream-reset'), JSON.stringify(linesOf('upstream-reset')));
    assert.equal(abortLines('upstream-reset').length, 0);
  });
});
