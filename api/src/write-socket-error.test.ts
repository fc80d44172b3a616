/** The raw-socket error answer: the error middleware's body and headers, written without Express. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, test } from 'vitest';
import { AppError } from './errors.ts';
import { writeSocketError } from './write-socket-error.ts';

async function written(error: AppError, options?: Parameters<typeof writeSocketError>[2]): Promise<{ head: string; body: string; socket: PassThrough }> {
  // Not destroyed by itself once ended, so the test sees whether writeSocketError destroys it.
  const socket = new PassThrough({ autoDestroy: false });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  writeSocketError(socket, error, options);
  await once(socket, 'finish');
  const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
  return { head, body, socket };
}

describe('writeSocketError', () => {
  test('writes the status line, JSON headers with the exact length, and the { error, message } body', async () => {
    const { head, body } = await written(new AppError('header_too_large', 'Too large: ü.'));
    assert.equal(
      head,
      `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close`,
    );
    assert.equal(body, '{"error":"header_too_large","message":"Too large: ü."}');
  });

  test("an AppError's extra fields, details and Retry-After are written as the error middleware writes them", async () => {
    const error = new AppError('service_unavailable', 'Back soon.', [{ field: 'x' }], { retryAfterSeconds: 2.5, fields: { success: false } });
    const { head, body } = await written(error);
    assert.match(head, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
    assert.match(head, /\r\nRetry-After: 3\r\n/);
    assert.match(head, /\r\nCache-Control: no-store\r\n/);
    assert.deepEqual(JSON.parse(body), { success: false, error: 'service_unavailable', message: 'Back soon.', details: [{ field: 'x' }] });
  });

  test('destroys the socket once flushed only when asked (upgrade rejections)', async () => {
    const kept = await written(new AppError('not_found', 'Not Found'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(kept.socket.destroyed, false);
    const dropped = await written(new AppError('not_found', 'Not Found'), { destroyWhenFlushed: true });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(dropped.socket.destroyed, true);
  });
});
