import { getSocketId } from '../realtime/connection';

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) return String(body.message);
  return undefined;
}

/** A failed call: the status, the server's message and its field errors (422). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly fieldErrors: Record<string, string[]> = {},
    /** Seconds the server asks to wait (429 Retry-After), when it says. */
    readonly retryAfter: number | null = null,
  ) {
    super(messageOf(body) ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/**
 * The anti-forgery token the server put into its cookie, or '': `__Host-XSRF-TOKEN` when the
 * server uses secure cookies (production), else `XSRF-TOKEN`.
 */
export function readXsrfToken(): string {
  const match =
    document.cookie.match(/(?:^|;\s*)__Host-XSRF-TOKEN=([^;]*)/) ??
    document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : '';
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const xsrf = readXsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const socketId = getSocketId();
  if (socketId) headers['X-Socket-Id'] = socketId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const errors =
      data && typeof data === 'object' && 'errors' in data
        ? (data.errors as Record<string, string[]>)
        : {};
    const retryAfter = Number(response.headers.get('Retry-After')) || null;
    throw new HttpError(response.status, data, errors, retryAfter);
  }
  return data as T;
}

/** The page's HTTP client: same-origin cookies, X-XSRF-TOKEN and X-Socket-Id on every call. */
export const http = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
