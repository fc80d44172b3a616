/**
 * HTTP Upgrade requests (WebSockets), which never reach Express: routed here to the endpoints listed
 * in routes/index.ts under the same policy as HTTP. The session middleware and the deps are the app's
 * own (server.ts builds them once), so a socket and a request cannot disagree about who is signed in.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import type { RouteDeps } from './deps.ts';
import { AppError, type ErrorCode } from './errors.ts';
import { findDisallowedOrigin, requiresAdmin } from './middleware/admin-guard.ts';
import { toAppError } from './middleware/error-handler.ts';
import { authenticateSession, loadSessionOutsideExpress } from './middleware/session.ts';
import type { AdminUser } from './repositories/admin-users.ts';
import { writeSocketError } from './write-socket-error.ts';

/** A WebSocket (or other Upgrade) endpoint. Under /api/admin the admin is already authenticated. */
export interface UpgradeHandler {
  /** Exact path, e.g. '/api/admin/imports/progress' (query strings are ignored when matching). */
  path: string;
  handle(req: IncomingMessage & { admin?: AdminUser }, socket: Duplex, head: Buffer, deps: RouteDeps): void;
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  // The reason phrase is the message, and a 500 is `internal_server_error`, as these answers always said.
  const codes: Partial<Record<number, ErrorCode>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };
  writeSocketError(socket, new AppError(codes[status] ?? 'internal_server_error', reason), { destroyWhenFlushed: true });
}

const normalisePath = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * Routes HTTP Upgrade requests to `handlers` under the same policy as HTTP: the Origin must be allowed
 * and paths under /api/admin need an admin session. Anything else gets 404.
 */
export function attachUpgradeHandlers(server: Server, options: { deps: RouteDeps; session: RequestHandler; handlers: readonly UpgradeHandler[] }): void {
  const { deps, session, handlers } = options;
  const allowedOrigins = deps.config.allowedOrigins.map((origin) => new URL(origin).origin);
  server.on('upgrade', (req: IncomingMessage & { admin?: AdminUser }, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handler = handlers.find((candidate) => normalisePath(candidate.path) === normalisePath(pathname));
    if (!handler) return rejectUpgrade(socket, 404, 'Not Found');
    if (findDisallowedOrigin(req.headers, allowedOrigins) !== null) return rejectUpgrade(socket, 403, 'Forbidden');
    if (!requiresAdmin(req.method ?? 'GET', pathname)) return handler.handle(req, socket, head, deps);
    loadSessionOutsideExpress(req, session)
      .then(() => authenticateSession(req, deps))
      .then((admin) => {
        if (!admin) return rejectUpgrade(socket, 401, 'Unauthorized');
        req.admin = admin;
        handler.handle(req, socket, head, deps);
      })
      .catch((error: unknown) => {
        // The session could not be checked because PostgreSQL is unavailable: a 503 with Retry-After, as over HTTP.
        const outage = toAppError(error);
        if (outage?.status === 503) {
          deps.logger.warn({ path: pathname, message: outage.message }, 'upgrade refused: dependency unavailable');
          if (!socket.destroyed) writeSocketError(socket, outage, { destroyWhenFlushed: true });
          return;
        }
        deps.logger.error({ path: pathname, error: error instanceof Error ? error.message : String(error) }, 'upgrade failed');
        if (!socket.destroyed) rejectUpgrade(socket, 500, 'Internal Server Error');
      });
  });
}
