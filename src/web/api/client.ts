import { callMessages } from '#shared/texts/calls.ts';

/** An answer that was not 2xx, or no answer at all (status 0). Status and data are kept (storefront.md §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  constructor(message: string, status: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    const body = (data ?? {}) as { code?: unknown; fields?: unknown };
    this.code = typeof body.code === 'string' ? body.code : undefined;
    this.fields = body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The session probe answers 401 for every visitor, a wrong password too: the news itself, not a session to renew. */
  handleUnauthorized?: boolean;
};

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';
export const TIMEOUT_MS = 30_000;
export const RETRY_DELAYS_MS = [1000, 2000, 4000];

/** What the app does when its session has ended: true once the user is signed in again (the request is sent again). */
type UnauthorizedHandler = () => Promise<boolean>;
let onUnauthorized: UnauthorizedHandler | undefined;
/** The app registers how a 401 is met (main.tsx): a sign-in over the back office, the session's end elsewhere. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined) {
  onUnauthorized = handler;
}

/** How a request reaches the API: the browser's fetch, or on the server's render the app itself (entry-server.tsx). */
let send: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(transport: typeof fetch) {
  send = transport;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildUrl(path: string, query: RequestOptions['query']) {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An error answer in the shop's shape (decision 0003): its `error` is a pt-PT sentence, its `code` a word. */
const shopAnswer = (data: unknown) => Boolean(data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string' && typeof (data as { error?: unknown }).error === 'string');

function messageOf(data: unknown): string {
  if (data && typeof data === 'object') {
    const { error, message } = data as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return callMessages.unexpected;
}

/**
 * The one HTTP client: cookies, JSON (or FormData), 30 s timeout; a network failure or 502 is retried after
 * 1, 2 and 4 s; a 401 goes to the app's handler, and the request is sent again once the user has signed in again
 * (decision 0035); 429 and other errors become an ApiError with a pt-PT message (a 429's own when the shop wrote it,
 * else the spec's).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { handleUnauthorized = true, ...once } = options;
  for (;;) {
    try {
      return await requestOnce<T>(path, once);
    } catch (err) {
      const renewable = err instanceof ApiError && err.status === 401 && handleUnauthorized && typeof window !== 'undefined';
      if (!renewable || window.location.pathname === '/login' || !onUnauthorized || !(await onUnauthorized())) throw err;
    }
  }
}

async function requestOnce<T>(path: string, options: Omit<RequestOptions, 'handleUnauthorized'>): Promise<T> {
  const { method = 'GET', body, query, headers = {}, signal } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  };
  const url = buildUrl(path, query);

  for (let attempt = 0; ; attempt++) {
    // A timer (not AbortSignal.timeout) so the 30 s limit also covers reading the body.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, TIMEOUT_MS);
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });
    let response: Response;
    let data: unknown;
    try {
      response = await send(url, { ...init, signal: controller.signal });
      data = await readBody(response);
    } catch (err) {
      if (signal?.aborted) throw err;
      // A timeout is not retried: the server may still be working on the first attempt.
      if (!timedOut && attempt < RETRY_DELAYS_MS.length) {
        await sleep(RETRY_DELAYS_MS[attempt] ?? 0);
        continue;
      }
      throw new ApiError(callMessages.connection, 0);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
    if (response.status === 502 && attempt < RETRY_DELAYS_MS.length) {
      await sleep(RETRY_DELAYS_MS[attempt] ?? 0);
      continue;
    }
    if (response.ok) return data as T;
    if (response.status === 502) throw new ApiError(callMessages.unavailable, 502, data);
    // A 429 of the shop's own says which limit and what to do (a checkout's); a proxy's gets the spec's text.
    if (response.status === 429) throw new ApiError(shopAnswer(data) ? messageOf(data) : callMessages.tooManyRequests, 429, data);
    throw new ApiError(messageOf(data), response.status, data);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  // A body only where the call needs one (DELETE /user/me carries its confirmation).
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'DELETE' }),
};

/** The message to show for a failed call: the server's (or the client's pt-PT) text, else the screen's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message && err.message !== callMessages.unexpected) return err.message;
  return fallback;
}
