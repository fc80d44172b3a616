/**
 * The live import progress (WebSocket /api/admin/import-progress, same host): opened while files are
 * being uploaded, closed afterwards (spec §4). Each message is one import's progress as JSON; the screen
 * keeps the latest message per file name.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ImportProgressMessage } from '../../../../common/api/admin.ts';

const PROGRESS_PATH = '/api/admin/import-progress';

export function useImportProgress() {
  const socketRef = useRef<WebSocket | null>(null);
  const [latest, setLatest] = useState<ImportProgressMessage | null>(null);

  const open = useCallback(() => {
    if (socketRef.current) return;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${PROGRESS_PATH}`;
    const socket = new WebSocket(url);
    socketRef.current = socket;
    socket.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      try {
        const parsed = ImportProgressMessage.safeParse(JSON.parse(event.data));
        if (parsed.success) setLatest(parsed.data);
      } catch {
        // Not JSON: ignored.
      }
    });
    // A socket that cannot open only costs the live figures: the upload itself goes on.
    socket.addEventListener('close', () => {
      if (socketRef.current === socket) socketRef.current = null;
    });
  }, []);

  const close = useCallback(() => {
    const socket = socketRef.current;
    socketRef.current = null;
    if (!socket) return;
    if (socket.readyState === WebSocket.CONNECTING) socket.addEventListener('open', () => socket.close(1000));
    else socket.close(1000);
  }, []);

  const reset = useCallback(() => setLatest(null), []);
  // Leaving the screen mid-upload closes the socket too.
  useEffect(() => close, [close]);

  return { latest, open, close, reset };
}

/** How far one file's import is, 0..1, from its progress (rows read and the estimated time left). */
export function fileFraction(progress: ImportProgressMessage | null): number {
  if (!progress) return 0;
  if (progress.phase === 'completed' || progress.phase === 'failed') return 1;
  if (progress.etaSeconds === null || progress.rowsPerSecond <= 0) return 0;
  const remaining = progress.etaSeconds * progress.rowsPerSecond;
  const whole = progress.rowsRead + remaining;
  return whole > 0 ? Math.min(1, progress.rowsRead / whole) : 0;
}
