/**
 * The one API client of the public site. On the server it is created with the loopback base URL
 * of the same Express process; in the browser it uses relative URLs. Errors follow spec §8:
 * "{status}: {body text or status text}", and a JSON body `{ error, message }` is unwrapped.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusText = '',
    /** The answer's own message (its JSON `message`), without the status in front: what a page may show. */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Errors of server-side queries are dehydrated into the page as JSON. */
  toJSON() {
    return { name: this.name, status: this.status, statusText: this.statusText, message: this.message, detail: this.detail };
  }
}

export interface ApiClient {
  baseUrl: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let detail = text || response.statusText;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') detail = parsed.message;
    else if (typeof parsed.error === 'string') detail = parsed.error;
  } catch {
    // not JSON: keep the body text
  }
  return new ApiError(response.status, `${response.status}: ${detail}`, response.statusText, detail);
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
  return {
    baseUrl,
    get: (path) => request(path, { method: 'GET' }),
    post: (path, body) =>
      request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  };
}
