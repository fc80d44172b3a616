/**
 * The one API client of the site, public pages and admin panel alike. On the server it is created with
 * the loopback base URL of the same Express process; in the browser it uses relative URLs and sends the
 * session cookie. Errors follow spec §8: "{status}: {body text or status text}", and a JSON body
 * `{ error, message, details }` (common/api/public.ts ErrorBody) is unwrapped.
 */
import type { ErrorBody } from '../../../common/api/public.ts';

export type FieldError = NonNullable<ErrorBody['details']>[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusText = '',
    /** The answer's own message (its JSON `message`), without the status in front: what a page may show. */
    readonly detail = '',
    /** The answer's machine-readable `error` (not_found, bad_request...); null when the body was not JSON. */
    readonly code: string | null = null,
    /** Every field at fault of a refused input (400), as the API lists them: what a form shows beside its fields. */
    readonly fieldErrors: FieldError[] = [],
    /** The whole JSON body (a failed upload's partial counts ride beside `error` and `message`); null when not JSON. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message of the field `name`, when the API refused it. */
  fieldError(name: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === name)?.message;
  }

  /**
   * Errors of server-side queries are dehydrated into the page as JSON. Only what the public pages read
   * goes there: the admin panel renders in the browser alone, so its errors are never dehydrated, and the
   * pages' HTML stays as it was.
   */
  toJSON() {
    return { name: this.name, status: this.status, statusText: this.statusText, message: this.message, detail: this.detail };
  }
}

/** The status of a query's error: an ApiError, or one dehydrated from the server (a plain object then). */
export function readErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export interface ApiClient {
  baseUrl: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** A multipart form (a file and its fields), POSTed; the browser writes the multipart boundary itself. */
  upload<T>(path: string, form: FormData): Promise<T>;
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is FieldError => typeof entry?.field === 'string' && typeof entry?.message === 'string',
  );
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let detail = text || response.statusText;
  let code: string | null = null;
  let fieldErrors: FieldError[] = [];
  let body: unknown = null;
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof ErrorBody, unknown>>;
    body = parsed;
    if (typeof parsed.message === 'string') detail = parsed.message;
    else if (typeof parsed.error === 'string') detail = parsed.error;
    if (typeof parsed.error === 'string') code = parsed.error;
    fieldErrors = readFieldErrors(parsed.details);
  } catch {
    // not JSON: keep the body text
  }
  return new ApiError(response.status, `${response.status}: ${detail}`, response.statusText, detail, code, fieldErrors, body);
}

export function createApiClient(baseUrl = '', init: { headers?: Record<string, string> } = {}): ApiClient {
  async function request<T>(path: string, options: RequestInit): Promise<T> {
    const response = await fetch(baseUrl + path, {
      credentials: 'include',
      ...options,
      headers: { accept: 'application/json', ...init.headers, ...(options.headers as Record<string, string> | undefined) },
    });
    if (!response.ok) throw await readError(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }
  const sendJson = <T>(method: string, path: string, body: unknown) =>
    body === undefined
      ? request<T>(path, { method })
      : request<T>(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return {
    baseUrl,
    get: (path) => request(path, { method: 'GET' }),
    post: (path, body) => sendJson('POST', path, body),
    put: (path, body) => sendJson('PUT', path, body),
    patch: (path, body) => sendJson('PATCH', path, body),
    delete: (path) => request(path, { method: 'DELETE' }),
    upload: (path, form) => request(path, { method: 'POST', body: form }),
  };
}
