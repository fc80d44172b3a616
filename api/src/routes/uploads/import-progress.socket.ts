/**
 * WebSocket /api/admin/import-progress: pushes every running import's progress as JSON
 * `{ jobId, file, phase, rowsRead, rowsWritten, rowsPerSecond, etaSeconds }`. The upgrade is routed by
 * routes/index.ts (attachUpgradeHandlers), which checks the Origin and the admin session cookie first.
 * Clients send nothing; anything they send is ignored (and capped at 1 KB).
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { subscribeImportProgress } from '../../services/import/import-progress.ts';
import type { UpgradeHandler } from '../index.ts';

export const IMPORT_PROGRESS_PATH = '/api/admin/import-progress';
const HEARTBEAT_MS = 30_000;

let server: WebSocketServer | null = null;

function progressServer(): WebSocketServer {
  if (server) return server;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  wss.on('connection', (socket: WebSocket) => {
    let alive = true;
    socket.on('pong', () => (alive = true));
    socket.on('message', () => undefined);
    socket.on('error', () => socket.terminate());
    const unsubscribe = subscribeImportProgress((progress) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(progress));
    });
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    socket.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
  server = wss;
  return wss;
}

export const importProgressSocket: UpgradeHandler = {
  path: IMPORT_PROGRESS_PATH,
  handle(req, socket, head) {
    const wss = progressServer();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  },
};
