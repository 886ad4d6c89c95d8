// The one request sender every resource goes through (stripe-node's shape): it owns the headers,
// retries with backoff, idempotency keys kept across retries, timeouts, the catalog's ETag
// revalidation and turning every failure into a StoreApiError. Resources only say what to send.
import { StoreApiError } from './errors.js';
import type { ErrorBody } from './types.js';
import { VERSION } from './version.js';

export const CONTRACT_VERSION = '2026-04-13';

/** What every request says of the client (the service logs it): `@store-integration/client/1.2.3 node/20.11.0`. */
export function clientHeader(): string {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  return `@store-integration/client/${VERSION}${node ? ` node/${node}` : ''}`;
}

/** Per call, overriding the client's options: `client.bookings.list({}, { timeoutMs: 2000, signal })`. */
export interface RequestOptions {
  /** Cancels the call (its attempts and the waits between them): it fails with code `aborted`. */
  signal?: AbortSignal;
  /** Per attempt, in milliseconds. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** The whole call, attempts and waits included, in milliseconds: a retry that would end after it is not made. */
  maxRetryDurationMs?: number;
  /** For POSTs: reuse one key so a repeated submission replays instead of acting twice (default: a new UUID per call, kept across its retries). */
  idempotencyKey?: string;
}

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
  /**
   * Retries after the first attempt, for network errors, timeouts, 429 and 5xx (default 5: with the
   * backoff's waits, at least 7.75 s from the first attempt to the last, so a call outlives a ~5 s restart of the service).
   */
  maxRetries?: number;
  /** Per attempt, in milliseconds (default 10000). */
  timeoutMs?: number;
  /**
   * The whole call, attempts and the waits between them, in milliseconds (default 60000): a retry
   * that could not finish within it is not made, and a 429 asking to wait longer fails at once
   * (`retryAfterMs` on the error says how long the service asked for).
   */
  maxRetryDurationMs?: number;
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
  /** The caller's per-call options. */
  call?: RequestOptions;
}

/** @internal */
export interface RequestSender {
  send<T>(options: SendOptions): Promise<T>;
}

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

/** Waits `ms`; false when `signal` aborted the wait. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (completed: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface Attempt {
  response?: { status: number; headers: Headers; text: string };
  error?: { code: 'network-error' | 'timeout' | 'aborted'; message: string };
}

const abortedError = () => new StoreApiError({ status: 0, code: 'aborted', message: 'the call was aborted by its signal', retryable: false });

/** What a value is, for an option's error: its type, never its contents (a key stays out of messages). */
const described = (value: unknown) => (value === null ? 'null' : value === '' ? 'an empty string' : Array.isArray(value) ? 'an array' : typeof value === 'number' ? String(value) : typeof value);

/**
 * @internal
 * Checks every option before anything is built, each refusal a TypeError naming the option, what it
 * must be and what it got. A common cause: environment variables not set where the client is created
 * (a build in CI or Docker without the secrets).
 */
export function checkOptions(options: StoreClientOptions): void {
  const fail = (name: string, rule: string, value: unknown) => {
    throw new TypeError(`createStoreClient: ${name} ${rule}, got ${described(value)}`);
  };
  if (options === null || typeof options !== 'object') fail('options', 'must be an object { baseUrl, storeId, apiKey }', options);
  const { baseUrl, storeId, apiKey, maxRetries, timeoutMs, maxRetryDurationMs, fetch: fetchOption, logger } = options;
  const required = 'is required (is its environment variable set where the client is created?)';
  if (baseUrl === undefined || baseUrl === null || baseUrl === '') fail('baseUrl', `${required}: the service's address, e.g. https://store-api.example.com`, baseUrl);
  if (typeof baseUrl !== 'string') fail('baseUrl', 'must be a string: the service\'s address, e.g. https://store-api.example.com', baseUrl);
  let url: URL | null = null;
  try {
    url = new URL(baseUrl);
  } catch {
    // Reported below.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TypeError(`createStoreClient: baseUrl must be an absolute http(s) URL such as https://store-api.example.com, got "${baseUrl.slice(0, 100)}"`);
  }
  if (storeId === undefined || storeId === null || storeId === '') fail('storeId', `${required}: the store's id`, storeId);
  if (typeof storeId !== 'string') fail('storeId', 'must be a string', storeId);
  if (apiKey === undefined || apiKey === null || apiKey === '') fail('apiKey', `${required}: the store's integration key (isk_…)`, apiKey);
  if (typeof apiKey !== 'string') fail('apiKey', 'must be a string', apiKey);
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) fail('maxRetries', 'must be a whole number of 0 or more', maxRetries);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) fail('timeoutMs', 'must be a number of milliseconds above 0', timeoutMs);
  if (maxRetryDurationMs !== undefined && !(typeof maxRetryDurationMs === 'number' && Number.isFinite(maxRetryDurationMs) && maxRetryDurationMs > 0)) {
    fail('maxRetryDurationMs', 'must be a number of milliseconds above 0', maxRetryDurationMs);
  }
  if (fetchOption !== undefined && typeof fetchOption !== 'function') fail('fetch', 'must be a fetch function', fetchOption);
  if (fetchOption === undefined && typeof globalThis.fetch !== 'function') fail('fetch', 'is required where there is no global fetch (Node 18 or later has one)', undefined);
  if (logger !== undefined && (logger === null || typeof logger.warn !== 'function')) fail('logger', 'must have a warn(message, fields) method (console fits)', logger);
}

/** @internal */
export function createRequestSender(options: StoreClientOptions): RequestSender {
  checkOptions(options);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const apiKey = options.apiKey;
  const defaults = { maxRetries: options.maxRetries ?? 5, timeoutMs: options.timeoutMs ?? 10_000, maxRetryDurationMs: options.maxRetryDurationMs ?? 60_000 };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const logger = options.logger;
  const etags = new Map<string, { etag: string; body: unknown }>();

  /** The key never leaves in an error or a log line, even when a server or proxy echoes it. */
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[redacted]') : text);

  async function attempt(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Attempt> {
    try {
      // The timeout covers the body too: a server that stalls mid-answer is a timeout as well.
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetchImpl(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      return { response: { status: response.status, headers: response.headers, text: await response.text() } };
    } catch (error) {
      const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      if (signal?.aborted) return { error: { code: 'aborted', message: 'the call was aborted by its signal' } };
      if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { error: { code: 'timeout', message: `no answer within ${timeoutMs} ms` } };
      const reason = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
      return { error: { code: 'network-error', message: `network error: ${redact(String(reason))}` } };
    }
  }

  function errorFrom(result: Attempt, retryable: boolean, retryAfterMs: number | null = null): StoreApiError {
    if (result.error) return new StoreApiError({ status: 0, code: result.error.code, message: result.error.message, retryable: retryable && result.error.code !== 'aborted' });
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
      retryAfterMs,
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
      const call = req.call ?? {};
      const maxRetries = call.maxRetries ?? defaults.maxRetries;
      const timeoutMs = call.timeoutMs ?? defaults.timeoutMs;
      const deadline = Date.now() + (call.maxRetryDurationMs ?? defaults.maxRetryDurationMs);
      const signal = call.signal;
      if (signal?.aborted) throw abortedError();
      const url = new URL(baseUrl + req.path);
      for (const [name, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-api-key': apiKey,
        authorization: `Bearer ${apiKey}`,
        'x-service-contract-version': CONTRACT_VERSION,
        'x-store-client': clientHeader(),
      };
      const idempotencyKey = call.idempotencyKey ?? req.idempotencyKey;
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const cached = req.revalidate ? etags.get(url.href) : undefined;
      if (cached) headers['if-none-match'] = cached.etag;
      const init: RequestInit = { method: req.method, headers, ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}) };
      // A POST is only sent twice when the service can recognise the second as the same request.
      const mayRetry = req.method === 'GET' || idempotencyKey !== undefined;

      for (let retry = 0; ; retry++) {
        const result = await attempt(url.href, init, timeoutMs, signal);
        if (result.error?.code === 'aborted') throw abortedError();
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
        const delayMs = wait ?? Math.round(backoffDelay(retry));
        // The next attempt must be able to finish within the call's budget (its wait, then a whole attempt).
        const withinBudget = Date.now() + delayMs + Math.min(timeoutMs, 1_000) <= deadline;
        if (!isTransient || !mayRetry || retry >= maxRetries || !withinBudget) throw errorFrom(result, isTransient, wait);
        const error = errorFrom(result, true, wait);
        logger?.warn(`store-integration: ${req.method} ${req.path} failed (${error.status || error.code}${error.requestId ? `, request ${error.requestId}` : ''}); retry ${retry + 1} of ${maxRetries} in ${delayMs} ms`, {
          method: req.method,
          path: req.path,
          status: error.status,
          code: error.code,
          requestId: error.requestId,
          retry: retry + 1,
          delayMs,
        });
        if (!(await sleep(delayMs, signal))) throw abortedError();
      }
    },
  };
}
