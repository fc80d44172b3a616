/**
 * The one error type services and handlers throw. The error middleware turns it into
 * `{ error: code, message, details? }` with the status from this table; anything that is not an
 * AppError is logged and hidden behind a 500.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Seconds for a Retry-After header (429 and 503). */
  retryAfterSeconds?: number;
  /** The methods the path answers, for the Allow header of a 405. */
  allow?: string[];
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly retryAfterSeconds?: number;
  readonly allow?: string[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = ERROR_STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
