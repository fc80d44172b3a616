/** The HTTP server around the app: listening, WebSocket upgrades and a graceful close. */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import { createLogger } from '../../platform/log.ts';
import { createRequestListener, type CreateAppOptions } from './app.ts';
import { resolveRouteDeps, type AppDeps } from './deps.ts';
import { AppError } from './errors.ts';
import { createSessionMiddleware } from './middleware/session.ts';
import { upgradeHandlers } from './routes/index.ts';
import { attachUpgradeHandlers, type UpgradeHandler } from './upgrade.ts';
import { writeSocketError } from './write-socket-error.ts';

export interface StartServerOptions extends CreateAppOptions {
  /** Overrides config.host / config.port (tests listen on port 0). */
  host?: string;
  port?: number;
  /** How long close() waits for in-flight requests before cutting connections. */
  shutdownTimeoutMs?: number;
  /** Defaults to the list in routes/index.ts; tests pass their own. */
  upgradeHandlers?: readonly UpgradeHandler[];
}

export interface RunningServer {
  server: http.Server;
  app: express.Express;
  url: string;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes every connection. */
  close(): Promise<void>;
}

/**
 * Requests Node refuses before any handler sees them (headers over 16 KB: a huge URL or cookie; a
 * malformed request line; a request too slow to send its headers) get a JSON error like every other
 * answer, instead of Node's bare status line.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || (error.code === 'ECONNRESET')) {
    socket.destroy();
    return;
  }
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('header_too_large', 'The request headers are too large (over 16 KB): a very long URL or too many cookies.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_timeout', 'The request took too long to arrive.')
        : new AppError('bad_request', 'The request is not valid HTTP.');
  writeSocketError(socket, refusal);
}

/**
 * The one way in: the route deps (with the public cache) and the session middleware are built here,
 * once, and shared by the app and the WebSocket upgrades.
 */
export async function startServer(appDeps: AppDeps, options: StartServerOptions = {}): Promise<RunningServer> {
  const deps = resolveRouteDeps(appDeps, createLogger);
  const session = createSessionMiddleware({ sessionSecret: deps.sessionSecret, publicUrl: deps.config.publicUrl });
  const { app, listener } = createRequestListener(deps, session, options);
  const server = http.createServer(listener);
  // Slightly above common load balancer idle timeouts, so the balancer closes idle sockets first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
  attachUpgradeHandlers(server, { deps, session, handlers: options.upgradeHandlers ?? upgradeHandlers });

  const host = options.host ?? deps.config.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? deps.config.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs ?? 10_000);
      // A keep-alive socket whose request finishes after close() began would otherwise sit idle
      // until its keep-alive timeout, holding close() open: sweep idle sockets until done.
      const sweeper = setInterval(() => server.closeIdleConnections(), 50);
      timer.unref();
      sweeper.unref();
      server.close(() => {
        clearTimeout(timer);
        clearInterval(sweeper);
        deps.stopMetrics();
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  return { server, app, url, close };
}
