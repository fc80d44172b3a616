/**
 * The one place that renders errors: JSON `{ error, message, details? }`, never a stack; a page
 * request (outside /api, from a client that takes HTML) gets the same status and message as a small
 * HTML page, so a browser never shows raw JSON for a site address.
 * AppErrors render as thrown; body-parser, Prisma and http-errors style errors are mapped by their
 * code or type (never by message text); everything else is logged and becomes a 500. A client that
 * left mid-request (isClientAbort) is one debug line and no answer: there is nobody to answer.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { Prisma } from '../../../generated/prisma/client.ts';
import { escapeHtml } from '../../../common/html.ts';
import type { Logger } from '../../../platform/log.ts';
import { isDatabaseUnavailable } from '../../../platform/db/unavailable.ts';
import { isSearchUnavailable } from '../../../platform/search/client.ts';
import {
  AppError,
  DATABASE_UNAVAILABLE_MESSAGE,
  HTTP_ERROR_STATUS,
  OUTAGE_RETRY_AFTER_SECONDS,
  SEARCH_UNAVAILABLE_MESSAGE,
  serviceUnavailable,
  toErrorBody,
  type ErrorCode,
} from '../errors.ts';
import { methodNotAllowed } from './public-methods.ts';
import { isInternalRequest } from './request-log.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side.';

// body-parser sets `type` on every error it raises; these are the ones a client can cause.
const BODY_PARSER_ERRORS: Record<string, [ErrorCode, string]> = {
  'entity.parse.failed': ['bad_request', 'The request body is not valid JSON.'],
  'entity.too.large': ['payload_too_large', 'The request body is too large.'],
  'parameters.too.many': ['payload_too_large', 'The request has too many parameters.'],
  'request.size.invalid': ['bad_request', 'The request body does not match its Content-Length.'],
  'request.aborted': ['bad_request', 'The request was aborted before its body was received.'],
  'encoding.unsupported': ['unsupported_media_type', 'The request body encoding is not supported.'],
  'charset.unsupported': ['unsupported_media_type', 'The request body charset is not supported.'],
};

// Prisma error codes a caller can cause (https://www.prisma.io/docs/orm/reference/error-reference).
const PRISMA_ERRORS: Record<string, [ErrorCode, string]> = {
  P2002: ['conflict', 'A record with the same unique value already exists.'],
  P2025: ['not_found', 'The record was not found.'],
  P2003: ['conflict', 'The record is still referenced by another record.'],
};

const STATUS_CODES = new Map<number, ErrorCode>(Object.entries(HTTP_ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]));

/**
 * Codes of a connection that went away: send's 'Request aborted' (res.sendFile, express.static: the
 * client closed before the file was sent), and a write to or a stream over a socket the peer closed.
 */
const CONNECTION_GONE_CODES = new Set(['ECONNABORTED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/**
 * The client left before its answer was complete (a browser navigating away while an asset or a page
 * is sent, a JSON body left half-sent): nothing went wrong on our side, and the socket is closed.
 * raw-body's 'request.aborted' (body-parser) says so by itself; a connection code counts only when this
 * request's own connection is gone, since PostgreSQL's or Meilisearch's reset is ours.
 */
export function isClientAbort(error: unknown, req: Request, res: Response): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { type, code } = error as { type?: unknown; code?: unknown };
  if (type === 'request.aborted') return true;
  if (typeof code !== 'string' || !CONNECTION_GONE_CODES.has(code)) return false;
  return req.destroyed || res.destroyed || req.socket.destroyed;
}

/** The AppError an error renders as, when a client caused it; null for the server's own failures. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const outage = toOutageError(error);
  if (outage) return outage;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const mapped = PRISMA_ERRORS[error.code];
    return mapped ? new AppError(mapped[0], mapped[1]) : null;
  }
  if (typeof error !== 'object' || error === null) return null;
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (typeof type === 'string' && BODY_PARSER_ERRORS[type]) {
    const [code, message] = BODY_PARSER_ERRORS[type];
    return new AppError(code, message);
  }
  // Client errors raised with a status by Express or a library (e.g. a malformed %-escape in a
  // route parameter is a URIError with status 400). Their own message is not shown.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = STATUS_CODES.get(status) ?? 'bad_request';
    return new AppError(code, code === 'bad_request' ? 'The request is malformed.' : `Request failed (${status}).`);
  }
  return null;
}

/**
 * PostgreSQL or Meilisearch unreachable, frozen, restarting or out of time (platform/db/unavailable.ts,
 * platform/search/client.ts): a 503 with Retry-After, whatever the route, read or write. Search is asked
 * first: a refused connection to Meilisearch carries the same socket code as one to PostgreSQL.
 */
function toOutageError(error: unknown): AppError | null {
  if (isSearchUnavailable(error)) return serviceUnavailable(SEARCH_UNAVAILABLE_MESSAGE, error);
  if (isDatabaseUnavailable(error)) return serviceUnavailable(DATABASE_UNAVAILABLE_MESSAGE, error);
  return null;
}

export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (isClientAbort(error, req, res)) {
      // Not passed on either: Express's final handler would print it to stderr as an error.
      logger.debug({ reqId: req.get('x-request-id'), method: req.method, path: req.path, error: describeCause(error) }, 'client closed the connection');
      if (!res.destroyed) res.destroy();
      return;
    }
    if (res.headersSent) {
      // Too late for a JSON body: let Express end the connection.
      next(error);
      return;
    }
    const known = toAppError(error);
    if (!known) {
      logger.error({ reqId: req.get('x-request-id'), method: req.method, path: req.path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, 'unhandled error');
    }
    const appError = known ?? new AppError('internal_error', INTERNAL_MESSAGE);
    // An outage (a server's error mapped here, or a 503 thrown with its cause: the search reader's) shows
    // in the log once per failed request, as one line with the request's id, not as a stack per request.
    // A 503 without a cause (the page cache shedding a burst) is counted in the metrics, not logged.
    const outageCause = error instanceof AppError ? error.cause : error;
    if (appError.status === 503 && outageCause !== undefined) {
      // A page's own read of the API: the page logs the one warning of its failure (create-frontend-handler.ts).
      logger[isInternalRequest(req) ? 'debug' : 'warn']({ reqId: req.get('x-request-id'), method: req.method, path: req.path, message: appError.message, error: describeCause(outageCause) }, 'dependency unavailable');
    }
    // Every 503 says when to come back, whether or not its thrower chose a time.
    const retryAfter = appError.retryAfterSeconds ?? (appError.status === 503 ? OUTAGE_RETRY_AFTER_SECONDS : undefined);
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
    if (appError.allow) res.setHeader('Allow', appError.allow.join(', '));
    // No cache (browser, CDN, the site's own page render) may keep a failure of the server as the answer.
    if (appError.status >= 500) res.set('Cache-Control', 'no-store');
    res.status(appError.status);
    if (wantsHtmlPage(req)) {
      res.set('Cache-Control', 'no-store').type('html').send(errorPage(appError));
      return;
    }
    res.json(toErrorBody(appError));
  };
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return `${cause.name}${typeof code === 'string' ? ` ${code}` : ''}: ${cause.message.split('\n').filter(Boolean).at(-1) ?? ''}`;
}

/** A site address (not the API) asked for by a client that takes HTML before JSON (browsers; no Accept header too). */
function wantsHtmlPage(req: Request): boolean {
  // Express routes /API/... as /api/... (case-insensitive): so is this.
  const path = req.originalUrl.split('?')[0].toLowerCase();
  if (path === '/api' || path.startsWith('/api/')) return false;
  return req.accepts(['html', 'json']) === 'html';
}

const PAGE_TITLES: Partial<Record<number, string>> = {
  400: 'This address is not valid',
  404: 'Page not found',
  405: 'This page cannot do that',
  413: 'That was too large',
  429: 'Too many requests',
  503: 'The directory is briefly unavailable',
};

/**
 * Self-contained (no scripts, no assets, no data): it is shown when the page renderer itself could
 * not run or the request never reached it, so it must not depend on either.
 */
export function errorPage(error: AppError): string {
  const title = PAGE_TITLES[error.status] ?? (error.status >= 500 ? 'Something went wrong' : 'This request cannot be answered');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Business Directory</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}main{max-width:36rem;margin:12vh auto;padding:0 1.25rem}h1{font-size:1.6rem;margin:.25rem 0 .75rem}p{line-height:1.5}.code{color:#64748b;font-weight:600}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<p class="code">Error ${error.status}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(error.message)}</p>
<p><a href="/">Go to the home page</a> or <a href="/search">search the directory</a>.</p>
</main>
</body>
</html>
`;
}

/** Unknown paths under /api answer JSON, not the HTML of the frontend fallback. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  // Mounted at /api: the path within the mount is req.path, the whole one baseUrl + path.
  const path = req.baseUrl + req.path;
  next(methodNotAllowed(req.method, path) ?? new AppError('not_found', `No API route for ${req.method} ${path}.`));
};
