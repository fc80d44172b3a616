/**
 * WebSocket /api/admin/import-progress: pushes every running import's progress as JSON
 * `{ jobId, file, phase, rowsRead, rowsWritten, rowsPerSecond, etaSeconds }`. The upgrade is routed by
 * api/src/upgrade.ts (attachUpgradeHandlers), which checks the Origin and the admin session cookie first.
 * Clients send nothing; anything they send is ignored (and capped at 1 KB).
 * The session is checked again while the socket is open (every SESSION_CHECK_MS, and before a message
 * when the last check is older than a second): signing out, or a password change, closes the socket
 * with code 4401 instead of letting it stream on.
 */
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticateSession } from '../../../middleware/session.ts';
import { publishImportProgress, subscribeImportProgress } from '../../../services/import/import-progress.ts';
import { listenForProgress } from '../../../services/import/progress-relay.ts';
import type { UpgradeHandler } from '../../../upgrade.ts';
import { ADMIN_ROUTES } from '../admin-routes.ts';

export const IMPORT_PROGRESS_PATH = ADMIN_ROUTES.importProgress.path;
const HEARTBEAT_MS = 30_000;
const SESSION_CHECK_MS = 5_000;
const FRESH_CHECK_MS = 1_000;
/** Close code of a socket whose session ended (4000-4999: the application's own). */
export const SIGNED_OUT_CLOSE_CODE = 4401;

type SessionCheck = () => Promise<boolean>;

/**
 * Imports run by the CLI, and uploads imported by another API replica, report through PostgreSQL
 * (progress-relay.ts): while at least one admin watches, one connection per database LISTENs and
 * republishes their progress here (this process's own uploads are published here directly).
 */
const relays = new Map<string, { sockets: number; stop: () => Promise<void> }>();

function watchRelayedProgress(databaseUrl: string | undefined): () => void {
  if (!databaseUrl) return () => undefined;
  let relay = relays.get(databaseUrl);
  if (!relay) {
    relay = { sockets: 0, stop: listenForProgress(databaseUrl, (progress) => publishImportProgress(progress, 'relayed')) };
    relays.set(databaseUrl, relay);
  }
  relay.sockets++;
  const watched = relay;
  return () => {
    if (--watched.sockets > 0) return;
    relays.delete(databaseUrl);
    void watched.stop();
  };
}

let server: WebSocketServer | null = null;

function progressServer(): WebSocketServer {
  if (server) return server;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  wss.on('connection', (socket: WebSocket, _req: IncomingMessage, stillSignedIn: SessionCheck, databaseUrl: string | undefined) => {
    const unwatch = watchRelayedProgress(databaseUrl);
    let alive = true;
    socket.on('pong', () => (alive = true));
    socket.on('message', () => undefined);
    socket.on('error', () => socket.terminate());
    let checkedAt = Date.now();
    const signedIn = async (maxAgeMs: number) => {
      if (Date.now() - checkedAt < maxAgeMs) return true;
      // A database hiccup is not a sign-out: keep the socket and ask again next time.
      const yes = await stillSignedIn().catch(() => true);
      checkedAt = Date.now();
      if (!yes && socket.readyState === socket.OPEN) socket.close(SIGNED_OUT_CLOSE_CODE, 'Signed out');
      return yes;
    };
    // Messages go out in order, each after the session is known to be alive.
    let sending = Promise.resolve();
    const unsubscribe = subscribeImportProgress((progress) => {
      sending = sending.then(async () => {
        if ((await signedIn(FRESH_CHECK_MS)) && socket.readyState === socket.OPEN) socket.send(JSON.stringify(progress));
      });
    });
    const sessionCheck = setInterval(() => void signedIn(0), SESSION_CHECK_MS);
    sessionCheck.unref();
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    socket.on('close', () => {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      unsubscribe();
      unwatch();
    });
  });
  server = wss;
  return wss;
}

export const importProgressSocket: UpgradeHandler = {
  path: IMPORT_PROGRESS_PATH,
  handle(req, socket, head, deps) {
    const wss = progressServer();
    // The session the upgrade was signed in with, checked again later against the admin's sessions.
    const session = (req as IncomingMessage & { session?: unknown }).session;
    const stillSignedIn: SessionCheck = async () => (await authenticateSession(Object.assign(Object.create(null), { session }) as IncomingMessage & { session?: unknown }, deps)) !== null;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, stillSignedIn, deps.config.databaseUrl));
  },
};
