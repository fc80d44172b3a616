/** The HTTP server around the app: listening, WebSocket upgrades and a graceful close. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import { createRequestListener, type CreateAppOptions } from './app.ts';
import type { AppDeps } from './deps.ts';
import { attachUpgradeHandlers, type UpgradeHandler } from './routes/index.ts';

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

export async function startServer(deps: AppDeps, options: StartServerOptions = {}): Promise<RunningServer> {
  const { app, listener } = createRequestListener(deps, options);
  const server = http.createServer(listener);
  // Slightly above common load balancer idle timeouts, so the balancer closes idle sockets first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  attachUpgradeHandlers(server, deps, options.upgradeHandlers);

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
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  return { server, app, url, close };
}
