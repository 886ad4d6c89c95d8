// The one way the console talks to the service: openapi-fetch typed from the service's own OpenAPI
// document (schema.ts: the types `npm run generate:api` writes into sdk/src/generated/). Calls go to
// the same origin with the HttpOnly session cookie; nothing secret is kept in browser storage.
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** An error answer of the service (CONTRACT §3), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  headers: { accept: 'application/json' },
  credentials: 'same-origin',
});

const expiredListeners = new Set<() => void>();

/** Called when a call answers 401 while the console believed it was signed in (the session ended). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

function isAuthCall(url: string): boolean {
  return /\/api\/auth\/(login|signup|password-reset|me)\b/.test(url);
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The phone or computer says it has no network (a guess the browser makes; it may be wrong the other way). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A call that did not reach the service. Offline it says so plainly: the console never keeps a
 * change to send later, so the person knows it was not sent and must do it again once online.
 */
function networkError(): ApiError {
  if (isOffline()) return new ApiError(0, 'offline', 'You are offline: this was not sent. Nothing was changed; try again when the connection is back.');
  return new ApiError(0, 'network-error', 'The service could not be reached. Check the connection and try again.');
}

/** The data of a successful call; otherwise throws ApiError with the service's code, message and details. */
export async function ok<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch {
    throw networkError();
  }
  const { data, error, response } = result;
  if (response.ok) return data as T;
  const body = (error && typeof error === 'object' ? error : {}) as { error?: string; message?: string; details?: ErrorDetail[]; requestId?: string };
  if (response.status === 401 && !isAuthCall(response.url)) for (const listener of expiredListeners) listener();
  throw new ApiError(response.status, body.error ?? `http-${response.status}`, body.message ?? (response.statusText || 'Request failed'), body.details ?? [], body.requestId);
}

/** Uploads an image (multipart) and returns its URL (POST /api/uploads). */
export async function uploadImage(storeId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/uploads?storeId=${encodeURIComponent(storeId)}`, { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    if (isOffline()) throw new ApiError(0, 'offline', 'You are offline: the picture was not uploaded. Try again when the connection is back.');
    throw new ApiError(0, 'network-error', 'The upload could not reach the service. Check the connection and try again.');
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    if (response.status === 401) for (const listener of expiredListeners) listener();
    throw new ApiError(response.status, body.error ?? `http-${response.status}`, body.message ?? 'Upload failed', body.details ?? [], body.requestId);
  }
  return body.url as string;
}
