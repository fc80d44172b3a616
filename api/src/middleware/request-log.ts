/**
 * One log line per answered request, and its count in the request metrics: written by the server's
 * request listener (app.ts) when the answer is done, so the response cache's early hits (answered before
 * Express) are logged and counted like everything else.
 *
 * The path is logged without query values: a search (`q=`), a contact address or a token in a query
 * string may be personal data, and logs are kept and shipped further than the database. The parameter
 * names stay (`/search?q=&page=`), which says what was asked without what was typed.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../../platform/log.ts';
import { methodLabel, routeLabelOf, type RequestMetrics } from './request-metrics.ts';

/** The status logged and counted for a request whose client left before its answer began. */
export const CLIENT_CLOSED_REQUEST = 499;

/** An incoming id is kept when it looks like one (a proxy's or a load balancer's), never anything longer. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The site's own reads of its API (a page render's loopback calls, frontend/server) carry this header
 * with a secret made when the process starts, so they are told from a visitor's API calls: their lines
 * carry the page request's id (the render passes it on) at debug level with `internal: true`, and they
 * are not counted again in the request metrics (the page's own answer is). Anyone else's header is
 * ignored, and the header goes no further than here.
 */
export const INTERNAL_REQUEST_HEADER = 'x-directory-internal';
const INTERNAL_TOKEN = randomUUID();

const INTERNAL = Symbol('directory.internalRequest');

/** Whether `req` is one of the site's own loopback reads (the mark checked by observeRequest). */
export function isInternalRequest(req: IncomingMessage): boolean {
  return (req as IncomingMessage & { [INTERNAL]?: true })[INTERNAL] === true;
}

/** The headers of a loopback API call made for `req`: its request id and the internal mark. */
export function internalRequestHeaders(req: IncomingMessage): Record<string, string> {
  const requestId = req.headers['x-request-id'];
  return { ...(typeof requestId === 'string' ? { 'x-request-id': requestId } : {}), [INTERNAL_REQUEST_HEADER]: INTERNAL_TOKEN };
}

/** The path with each query parameter's name and none of its value. */
export function loggedPath(url: string | undefined): string {
  if (!url) return '';
  const at = url.indexOf('?');
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const equals = part.indexOf('=');
      return `${equals === -1 ? part : part.slice(0, equals)}=`;
    });
  return names.length ? `${url.slice(0, at)}?${names.join('&')}` : url.slice(0, at);
}

/**
 * Health and readiness probes (api/src/routes/health): a balancer asks every few seconds and `npm start`
 * every 250 ms while the API starts (scripts/start.ts polls /readyz), so their lines are at debug level,
 * not in the info log between the requests of people, and they are not in the request metrics: a
 * starting API answers /readyz 503 by design, and those answers would read as server errors (an alert
 * on the 5xx rate fired at every start). A failing readiness check logs its own warning.
 */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Whether a request is a probe: its path (as Express routes it: any case, a trailing slash) is one of PROBE_PATHS. */
export function isProbeRequest(url: string | undefined): boolean {
  const pathname = (url ?? '').split('?')[0].toLowerCase();
  return PROBE_PATHS.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}

/**
 * Gives the request its id (kept in its headers, so the error handler and anything after it log the
 * same one; sent back as X-Request-Id) and logs and counts the answer once it is done or cut off.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, options: { logger: Logger; metrics: RequestMetrics }): void {
  const started = performance.now();
  const requestId = requestIdOf(req);
  req.headers['x-request-id'] = requestId;
  const isInternal = req.headers[INTERNAL_REQUEST_HEADER] === INTERNAL_TOKEN;
  delete req.headers[INTERNAL_REQUEST_HEADER];
  if (isInternal) (req as IncomingMessage & { [INTERNAL]?: true })[INTERNAL] = true;
  res.setHeader('X-Request-Id', requestId);
  // As the client sent it: a router mounted at a path (the site's /assets) strips its prefix from req.url
  // while it runs, and a client that leaves then has its line written with the shorter path.
  const path = loggedPath(req.url);
  const socket = req.socket;
  const bytesBefore = socket.bytesWritten;
  const isProbe = isProbeRequest(req.url);
  const level = isInternal || isProbe ? 'debug' : 'info';
  res.once('close', () => {
    const durationMs = performance.now() - started;
    // A client that left before any answer was sent got none: 499 (nginx's "client closed request"), not
    // the 200 Node's response holds by default, in the line and in the metrics.
    const status = res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST;
    if (!isInternal && !isProbe) options.metrics.record({ method: methodLabel(req.method), route: routeLabelOf(req, status), status }, durationMs);
    if (!options.logger.isLevelEnabled(level)) return;
    const fields = {
      reqId: requestId,
      ...(isInternal ? { internal: true } : {}),
      method: req.method,
      path,
      status,
      durationMs: Math.round(durationMs * 100) / 100,
      // On the wire, headers included (a streamed page has no Content-Length to read).
      bytes: socket.bytesWritten - bytesBefore,
    };
    // Cut off before the answer was complete: the client left, or the connection broke.
    if (!res.writableFinished) options.logger[level]({ ...fields, aborted: true }, 'request');
    else options.logger[level](fields, 'request');
  });
}
