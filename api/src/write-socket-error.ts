/**
 * The one place that writes an error answer straight to a socket, for the requests Express never
 * sees: those Node's HTTP parser refuses (server.ts) and refused Upgrade requests (routes/index.ts).
 * The body is the same `{ error, message }` JSON the error middleware renders.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { toErrorBody, type AppError } from './errors.ts';

export interface WriteSocketErrorOptions {
  /**
   * Destroy the socket once the answer is flushed. An upgraded socket is out of the HTTP server's
   * care (no timeouts), so a client that never closes it would hold it open.
   */
  destroyWhenFlushed?: boolean;
}

export function writeSocketError(socket: Duplex, error: AppError, options: WriteSocketErrorOptions = {}): void {
  const body = JSON.stringify(toErrorBody(error));
  const headers = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    ...(error.retryAfterSeconds === undefined ? [] : [`Retry-After: ${Math.max(1, Math.ceil(error.retryAfterSeconds))}`]),
    // As the error middleware: no cache keeps a failure of the server.
    ...(error.status >= 500 ? ['Cache-Control: no-store'] : []),
    ...(error.allow ? [`Allow: ${error.allow.join(', ')}`] : []),
    'Connection: close',
  ];
  const answer = `${headers.join('\r\n')}\r\n\r\n${body}`;
  if (options.destroyWhenFlushed) socket.end(answer, () => socket.destroy());
  else socket.end(answer);
}
