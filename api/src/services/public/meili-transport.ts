/**
 * How the API's Meilisearch client sends its requests: node:http over keep-alive sockets instead of
 * the global fetch. fetch (undici with web streams, an AbortSignal per request for the timeout) took
 * about a quarter of the API's CPU on a cache miss (profile of an uncached GET /api/countries/{slug}
 * at 50 connections); a read is a small JSON request on a local link, and plain node:http does the
 * same with far less per-request work.
 */
import http from 'node:http';
import https from 'node:https';
import { MeilisearchApiError } from 'meilisearch';

export type MeiliTransport = (input: string | URL | Request, init?: RequestInit) => Promise<unknown>;

export function createMeiliTransport(options: { timeoutMs: number; maxSockets: number }): MeiliTransport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: options.maxSockets };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  return (input, init = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const body = typeof init.body === 'string' ? init.body : undefined;
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const isHttps = url.protocol === 'https:';
      const request = (isHttps ? https : http).request(url, { method: init.method ?? 'GET', headers, agent: agents[isHttps ? 'https:' : 'http:'] }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            reject(new Error(`Meilisearch answered ${status} with a body that is not JSON`));
            return;
          }
          if (status >= 200 && status < 300) {
            resolve(parsed);
            return;
          }
          // The same error the client throws on its own transport: callers tell "document not found"
          // and "index not found" apart by its code. (A status a Response cannot carry is a plain error.)
          try {
            reject(new MeilisearchApiError(new Response(null, { status, statusText: response.statusMessage }), parsed as never));
          } catch {
            reject(new Error(`Meilisearch answered with status ${status}`));
          }
        });
      });
      request.setTimeout(options.timeoutMs, () => request.destroy(new Error(`Meilisearch did not answer within ${options.timeoutMs} ms`)));
      request.on('error', reject);
      request.end(body);
    });
}
