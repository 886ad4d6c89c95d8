// The one request sender every resource goes through (stripe-node's shape): it owns the headers,
// retries with backoff, idempotency keys kept across retries, timeouts, the catalog's ETag
// revalidation and turning every failure into a StoreApiError. Resources only say what to send.
import { StoreApiError } from './errors.js';
import type { ErrorBody } from './types.js';

export const CONTRACT_VERSION = '2026-04-13';

/** Where the client reports retries: `console` fits, or a pino/winston logger. Lines never hold the key. */
export interface StoreClientLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface StoreClientOptions {
  /** The service's base URL, e.g. https://store-api.example.com */
  baseUrl: string;
  /** The store the key belongs to. */
  storeId: string;
  /** The integration key (`isk_…`). Server code only: never put it in browser code. */
  apiKey: string;
  /** Retries after the first attempt, for network errors, timeouts, 429 and 5xx (default 2). */
  maxRetries?: number;
  /** Per attempt, in milliseconds (default 10000). */
  timeoutMs?: number;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** Told about every retry, with the request id of the answer that caused it (default: silent). */
  logger?: StoreClientLogger;
}

/** @internal */
export interface SendOptions {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent as Idempotency-Key; a POST is retried only when it has one. */
  idempotencyKey?: string;
  /** Keep the body with its ETag and revalidate with If-None-Match (a 304 returns the kept body). */
  revalidate?: boolean;
}

/** @internal */
export interface RequestSender {
  send<T>(options: SendOptions): Promise<T>;
}

/** Longest Retry-After the client waits for; a longer one is given back to the caller as the error. */
const MAX_RETRY_AFTER_MS = 60_000;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** Exponential backoff with jitter: half the step fixed, half random, so clients spread out. */
export function backoffDelay(retry: number): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** retry);
  return step / 2 + Math.random() * (step / 2);
}

/** Retry-After in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Attempt {
  response?: { status: number; headers: Headers; text: string };
  error?: { code: 'network-error' | 'timeout'; message: string };
}

/** @internal */
export function createRequestSender(options: StoreClientOptions): RequestSender {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const apiKey = options.apiKey;
  const maxRetries = options.maxRetries ?? 2;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const logger = options.logger;
  const etags = new Map<string, { etag: string; body: unknown }>();
  if (!baseUrl) throw new TypeError('createStoreClient: baseUrl is required');
  if (!options.storeId) throw new TypeError('createStoreClient: storeId is required');
  if (!apiKey) throw new TypeError('createStoreClient: apiKey is required');

  /** The key never leaves in an error or a log line, even when a server or proxy echoes it. */
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[redacted]') : text);

  async function attempt(url: string, init: RequestInit): Promise<Attempt> {
    try {
      // The timeout covers the body too: a server that stalls mid-answer is a timeout as well.
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { response: { status: response.status, headers: response.headers, text: await response.text() } };
    } catch (error) {
      const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { error: { code: 'timeout', message: `no answer within ${timeoutMs} ms` } };
      const reason = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
      return { error: { code: 'network-error', message: `network error: ${redact(String(reason))}` } };
    }
  }

  function errorFrom(result: Attempt, retryable: boolean): StoreApiError {
    if (result.error) return new StoreApiError({ status: 0, code: result.error.code, message: result.error.message, retryable });
    const { status, headers, text } = result.response!;
    let body: Partial<ErrorBody> | null = null;
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed;
    } catch {
      // Not JSON (a proxy's HTML page): described by its status alone.
    }
    return new StoreApiError({
      status,
      code: typeof body?.error === 'string' ? body.error : `http-${status}`,
      message: redact(typeof body?.message === 'string' ? body.message : `HTTP ${status}`),
      requestId: (typeof body?.requestId === 'string' ? body.requestId : null) ?? headers.get('x-service-request-id'),
      details: Array.isArray(body?.details) ? body.details.map((d) => ({ field: redact(String(d.field)), message: redact(String(d.message)) })) : [],
      retryable,
      ...(typeof body?.expectedVersion === 'string' ? { expectedVersion: body.expectedVersion } : {}),
      ...(typeof body?.receivedVersion === 'string' ? { receivedVersion: redact(body.receivedVersion) } : {}),
    });
  }

  /** Worth another attempt: no answer, 429, 5xx, or an idempotent request the service says is still running (409 with Retry-After). */
  function transient(result: Attempt): boolean {
    if (result.error) return true;
    const { status, headers } = result.response!;
    return status === 429 || status >= 500 || (status === 409 && headers.has('retry-after'));
  }

  return {
    async send<T>(req: SendOptions): Promise<T> {
      const url = new URL(baseUrl + req.path);
      for (const [name, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-api-key': apiKey,
        authorization: `Bearer ${apiKey}`,
        'x-service-contract-version': CONTRACT_VERSION,
      };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;
      const cached = req.revalidate ? etags.get(url.href) : undefined;
      if (cached) headers['if-none-match'] = cached.etag;
      const init: RequestInit = { method: req.method, headers, ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}) };
      // A POST is only sent twice when the service can recognise the second as the same request.
      const mayRetry = req.method === 'GET' || req.idempotencyKey !== undefined;

      for (let retry = 0; ; retry++) {
        const result = await attempt(url.href, init);
        const status = result.response?.status ?? 0;
        if (result.response && status === 304 && cached) return cached.body as T;
        if (result.response && status >= 200 && status < 300) {
          const text = result.response.text;
          let body: unknown;
          try {
            body = text === '' ? null : JSON.parse(text);
          } catch {
            throw new StoreApiError({ status, code: 'invalid-response', message: `HTTP ${status} with a body that is not JSON`, requestId: result.response.headers.get('x-service-request-id') });
          }
          const etag = result.response.headers.get('etag');
          if (req.revalidate && etag) etags.set(url.href, { etag, body });
          return body as T;
        }
        const isTransient = transient(result);
        const wait = isTransient && result.response ? parseRetryAfter(result.response.headers.get('retry-after')) : null;
        if (!isTransient || !mayRetry || retry >= maxRetries || (wait !== null && wait > MAX_RETRY_AFTER_MS)) throw errorFrom(result, isTransient);
        const delayMs = wait ?? Math.round(backoffDelay(retry));
        const error = errorFrom(result, true);
        logger?.warn(`store-integration: ${req.method} ${req.path} failed (${error.status || error.code}${error.requestId ? `, request ${error.requestId}` : ''}); retry ${retry + 1} of ${maxRetries} in ${delayMs} ms`, {
          method: req.method,
          path: req.path,
          status: error.status,
          code: error.code,
          requestId: error.requestId,
          retry: retry + 1,
          delayMs,
        });
        await sleep(delayMs);
      }
    },
  };
}
