import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import { receiveUpload, UploadError } from './receive-upload.ts';

const LIMIT = 1000;
let server: http.Server;
let port: number;

before(async () => {
  const app = express();
  app.post('/upload', async (req, res) => {
    try {
      const upload = await receiveUpload(req, { maxBytes: LIMIT, idleMs: 300 });
      await upload.cleanup();
      res.json({ size: upload.size });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      res.setHeader('Connection', 'close');
      res.status(error.status).json(error.toJSON());
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const boundary = '----receive-test';
const multipart = (content: Buffer) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);

async function post(body: Buffer) {
  const response = await fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(body) });
  return { status: response.status, body: await response.json() };
}

describe('receiveUpload', () => {
  test('a file of exactly the limit is taken; one byte more is refused as too large', async () => {
    assert.deepEqual(await post(multipart(Buffer.alloc(LIMIT, 'a'))), { status: 200, body: { size: LIMIT } });
    const over = await post(multipart(Buffer.alloc(LIMIT + 1, 'a')));
    assert.equal(over.status, 413);
    assert.deepEqual(over.body, { error: 'too_large', title: 'Dosya çok büyük', message: "f.csv - Maksimum dosya boyutu 150MB'dır" });
  });

  test('an upload that stops sending mid-body is answered 408 in JSON once it has been idle, not left hanging', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const whole = multipart(Buffer.alloc(500, 'a'));
    socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${whole.length}\r\n\r\n`);
    socket.write(whole.subarray(0, 200));
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    await new Promise((resolve) => socket.once('close', resolve));
    const elapsed = Date.now() - started;
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.match(answer, /"error":"request_timeout","message":"The upload stalled: no data arrived/);
    assert.ok(elapsed >= 250 && elapsed < 5000, `answered after ${elapsed} ms`);
  });
});
