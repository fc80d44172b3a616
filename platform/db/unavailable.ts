/**
 * "PostgreSQL cannot answer right now", told apart from "this request is wrong" and "our code is wrong":
 * the error handler answers the first with a 503 and Retry-After (an outage, a freeze, a restart, a full
 * server), not with a 500 that reads like a bug. Recognised by codes wherever the drivers give one.
 */

const DATABASE_UNAVAILABLE_CODE = 'DATABASE_UNAVAILABLE';

/**
 * A connection could not be had within its bound (platform/db/pool.ts BoundedPool): node-postgres raises
 * these without a code, so the pool wraps them in this type, keeping the driver's error as the cause.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = DATABASE_UNAVAILABLE_CODE;
}

/**
 * SQLSTATEs of a server that is going away, not accepting work, or out of time for it: connection
 * exceptions (class 08), admin shutdown / crash shutdown / cannot connect now (57P01-57P03), a statement
 * cancelled by statement_timeout or lock_timeout (57014, 55P03), too many connections (53300), an idle
 * transaction ended by the server (25P03), and the server out of memory or disk (53100, 53200).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '53300', '53100', '53200', '25P03']);

/** Socket failures of a connection (node's errno codes), as node-postgres and the adapter pass them on. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Prisma's codes for the same: server unreachable (P1001), connect timeout (P1002), operation timed out
 * (P1008), server closed the connection (P1017), no pooled connection in time (P2024), an interactive
 * transaction that could not start or ran past its timeout (P2028).
 */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);

/** What @prisma/adapter-pg calls a lost or refused connection (meta.driverAdapterError.cause.kind). */
const UNAVAILABLE_ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * node-postgres's own errors for a connection that died under a query or a query its client gave up on
 * (`query_timeout`). The driver gives them no code, so these exact texts are the only sign; nothing else
 * in the project raises them.
 */
const DRIVER_CONNECTION_MESSAGES = new Set(['Connection terminated unexpectedly', 'Connection terminated', 'Query read timeout']);

/** True when `error` (or an error it was caused by) says PostgreSQL is unreachable, overloaded or out of time. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, severity, meta, cause, message, name } = error as {
    code?: unknown; severity?: unknown; meta?: unknown; cause?: unknown; message?: unknown; name?: unknown;
  };
  if (typeof code === 'string') {
    // Ours; Prisma passes it on as a PrismaClientKnownRequestError with this same code.
    if (code === DATABASE_UNAVAILABLE_CODE) return true;
    // A PostgreSQL error answer (node-postgres DatabaseError) carries its severity beside the SQLSTATE.
    if (typeof severity === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (SOCKET_CODES.has(code)) return true;
    if (UNAVAILABLE_PRISMA_CODES.has(code)) return true;
  }
  if (name === 'PrismaClientInitializationError') return true;
  const adapterCause = (meta as { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } | undefined)?.driverAdapterError?.cause;
  if (adapterCause) {
    if (typeof adapterCause.kind === 'string' && UNAVAILABLE_ADAPTER_KINDS.has(adapterCause.kind)) return true;
    const original = adapterCause.originalCode;
    if (typeof original === 'string' && (UNAVAILABLE_SQLSTATES.has(original) || original.startsWith('08'))) return true;
  }
  if (code === undefined && typeof message === 'string' && DRIVER_CONNECTION_MESSAGES.has(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
