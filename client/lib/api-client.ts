import type { FieldError } from '../../common/api-error.js';

/**
 * The one way the client talks to the server: same origin, cookies included, JSON in and out.
 * Every non-OK response becomes an ApiError whose message follows PRODUCT §8.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** The Retry-After header in seconds, when the answer says when to come back. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, fieldErrors: FieldError[] = [], retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData is sent as multipart and left to the browser to label. */
  body?: unknown;
  /** Empty values are left out (PRODUCT §7: optional non-empty query parameters). */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

const NETWORK_ERROR_MESSAGE = 'Could not reach LittleLoop. Check your connection and try again.';
const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again.';

/** The URL a request goes to: empty query values are left out, as PRODUCT §7 asks. */
export function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isRecord(entry) && typeof entry.path === 'string' && typeof entry.message === 'string'
      ? [{ path: entry.path, message: entry.message }]
      : [],
  );
}

/**
 * PRODUCT §8: the message is the JSON body's `message` when there is one, otherwise the raw body
 * text, and the HTTP status text when the body is empty.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  let message = text.trim() ? text : '';
  let fieldErrors: FieldError[] = [];
  if (text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed) && typeof parsed.message === 'string' && parsed.message) {
        message = parsed.message;
        fieldErrors = readFieldErrors(parsed.errors);
      }
    } catch {
      // Not JSON: the raw text is the message.
    }
  }
  if (!message) message = response.statusText || `Request failed with status ${response.status}`;
  const retryAfter = Number(response.headers.get('retry-after') ?? '');
  return new ApiError(
    response.status,
    message,
    fieldErrors,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** A parsed body with the response's headers, for answers that say more in headers (paging, counts). */
export type ApiResponse<T> = { data: T; headers: Headers };

/** Sends one request and returns the parsed body (undefined for an empty body). Throws ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

/** apiRequest, also handing back the response headers. Throws ApiError the same way. */
export async function apiRequestWithHeaders<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) throw await errorFromResponse(response);

  // Bodies are typed, not re-validated: the server checks its answers against the shared
  // schemas, and keeping zod out of every screen's first download matters more (decision 013).
  // A body that is not JSON at all (a proxy's error page) still gets a clear message.
  const text = await response.text();
  try {
    return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  } catch {
    throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
  }
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** A GET whose response headers matter too, e.g. GET /api/items' cursor and count. */
  getWithHeaders: <T = unknown>(path: string, options?: Options) =>
    apiRequestWithHeaders<T>(path, { ...options, method: 'GET' }),
};

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * PRODUCT §8: an error whose message contains 'unauthorized', in any case, means the session is gone.
 * A 401 status means the same whatever its wording.
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  return /unauthorized/i.test(errorMessage(error));
}
