/**
 * The one error type services and handlers throw. The error middleware turns it into
 * `{ error: code, message, details? }` with the status from this table; anything that is not an
 * AppError is logged and hidden behind a 500. Answers written to a raw socket (write-socket-error.ts)
 * render the same body.
 */

/**
 * Codes named after their HTTP status. A library's error that carries only a status (http-errors
 * style) renders as the code of that status, so this part holds one code per status.
 */
export const HTTP_ERROR_STATUS = {
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

export const ERROR_STATUS = {
  ...HTTP_ERROR_STATUS,
  // Requests refused before the app sees them (server.ts) and uploads that stop arriving.
  request_timeout: 408,
  header_too_large: 431,
  // An upgrade refused because the session could not be loaded: the name it has always had on the wire.
  internal_server_error: 500,
  // Receiving an upload (routes/admin/uploads/receive-upload.ts).
  too_large: 413,
  too_many_files: 400,
  insufficient_storage: 507,
  storage_failed: 500,
  // Import failures: the file is the problem (422) unless the server failed writing it.
  unsupported_type: 415,
  malformed: 422,
  unsafe: 422,
  missing_columns: 422,
  empty: 422,
  no_valid_rows: 422,
  import_failed: 500,
  // An import cut off by a restart; only stored reports say it, no request answers with it.
  interrupted: 500,
  // A destructive global action whose admin has not entered the password in the last 10 minutes
  // (middleware/require-recent-sign-in.ts): the panel asks for it and calls POST /api/admin/reauth.
  reauth_required: 403,
  // A bulk action on "all N matching this filter" when the filter no longer matches N (issue 25).
  count_changed: 409,
  // A business whose own slug this is, held for review: not found for visitors, and the site's page must
  // not retry with the bare slug (spec §4), which would show another business of the same name and city.
  not_published: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Seconds for a Retry-After header (429 and 503). */
  retryAfterSeconds?: number;
  /** The methods the path answers, for the Allow header of a 405. */
  allow?: string[];
  /**
   * Fields the spec's answer carries beside `error` and `message`: the login's `success: false`, an
   * upload's results, the title the upload form shows. They come first in the body, in their order.
   */
  fields?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly retryAfterSeconds?: number;
  readonly allow?: string[];
  readonly fields?: Record<string, unknown>;

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
    this.fields = options.fields;
  }
}

/**
 * The Retry-After of an outage's 503 (PostgreSQL or Meilisearch unreachable, frozen or restarting):
 * long enough that a client's retry does not pile onto a server coming back, short enough that a
 * visitor's retry finds it back after a supervised restart (a few seconds).
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The directory database is temporarily unavailable. Please try again in a moment.';
export const SEARCH_UNAVAILABLE_MESSAGE = 'The directory search service is temporarily unavailable. Please try again in a moment.';

/** A 503 for an outage of a server the API depends on, with its Retry-After. */
export function serviceUnavailable(message: string, cause?: unknown): AppError {
  return new AppError('service_unavailable', message, undefined, { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS, cause });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The JSON body of an error answer, the same whether Express or a raw socket sends it. */
export function toErrorBody(error: AppError): Record<string, unknown> {
  return {
    ...error.fields,
    error: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}
