// One signed HTTP attempt, and the pure rules that decide what happens after it.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { checkTarget, pinnedLookup, TargetRefused, type Resolver } from './ssrf.ts';

export const EXCERPT_BYTES = 1024;

export interface AttemptResult {
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  /** At most 1 KB of the response body (UTF-8). */
  responseBodyExcerpt: string | null;
  /** Seconds asked for by Retry-After on a 429/503. */
  retryAfterSeconds: number | null;
}

/** Keep-alive agents of one worker (a pooled socket stays connected to the address checked when it opened). */
export interface DeliveryAgents {
  http: http.Agent;
  https: https.Agent;
}

export function createDeliveryAgents(): DeliveryAgents {
  return { http: new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 4000 }), https: new https.Agent({ keepAlive: true, maxSockets: 16, timeout: 4000 }) };
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Without agents each attempt opens its own connection. */
  agents?: DeliveryAgents;
  /** Aborts the attempt (worker shutdown); it is then recorded as a failed attempt and retried. */
  signal?: AbortSignal;
}

/** Retry-After as seconds (delta or HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Standard Webhooks headers for one message, signed with every secret given (after a rotation: the
 * new one, then the previous one), the `v1,…` signatures space-separated as the scheme allows.
 */
export function signedHeaders(secrets: string | string[], messageId: string, body: string, at: Date): Record<string, string> {
  const signature = (Array.isArray(secrets) ? secrets : [secrets]).map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/**
 * POSTs `body` to `url`, signed, with the SSRF check done right before and the connection
 * pinned to the checked address. Never throws: every outcome is an AttemptResult.
 */
export async function sendSigned(url: string, secrets: string | string[], messageId: string, body: string, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await checkTarget(url, options.allowPrivate, options.resolve);
  } catch (error) {
    const message = error instanceof TargetRefused ? `target refused: ${error.message}` : `target check failed: ${(error as Error).message}`;
    return { responseStatus: null, durationMs: elapsed(), error: message, responseBodyExcerpt: null, retryAfterSeconds: null };
  }
  const headers = {
    ...signedHeaders(secrets, messageId, body, new Date()),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'store-integration-service-webhooks/1',
  };
  const isHttps = target.url.protocol === 'https:';
  const transport = isHttps ? https : http;
  const agent = options.agents ? (isHttps ? options.agents.https : options.agents.http) : false;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The worker's shutdown signal outlives every attempt: drop this attempt's listener.
      options.signal?.removeEventListener('abort', abort);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = transport.request(
      target.url,
      { method: 'POST', headers, lookup: pinnedLookup(target.addresses), agent },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? null;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const retryAfter = status === 429 || status === 503 ? parseRetryAfter(response.headers['retry-after']) : null;
          finish({ responseStatus: status, error: status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`, responseBodyExcerpt: excerpt || null, retryAfterSeconds: retryAfter });
          request.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The status is known; no need to download a large body.
          if (size >= EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ responseStatus: null, error: `timeout after ${options.timeoutMs} ms`, responseBodyExcerpt: null, retryAfterSeconds: null });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({ responseStatus: null, error: `connection failed: ${error.message}`, responseBodyExcerpt: null, retryAfterSeconds: null }));
    const abort = () => {
      finish({ responseStatus: null, error: 'aborted: the worker shut down during the attempt', responseBodyExcerpt: null, retryAfterSeconds: null });
      request.destroy();
    };
    if (options.signal?.aborted) abort();
    else options.signal?.addEventListener('abort', abort, { once: true });
    request.end(body);
  });
}

export type AttemptOutcome =
  | { kind: 'succeeded' }
  | { kind: 'retry'; nextAttemptAt: string }
  | { kind: 'failed'; reason: string; disableEndpoint: boolean };

/** Longest wait honoured from a Retry-After header. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/** Seconds to wait before attempt number `attempt` (1-based); past the schedule's end, its last value. */
export function delayBefore(schedule: number[], attempt: number): number {
  return schedule[Math.min(attempt - 1, schedule.length - 1)] ?? 0;
}

/**
 * What follows attempt number `attempt` (1-based) of at most `maxAttempts`. `schedule[i]` is the
 * wait in seconds before attempt i+1 (WEBHOOK_RETRY_SCHEDULE).
 */
export function decideOutcome(result: AttemptResult, attempt: number, maxAttempts: number, schedule: number[], now: number): AttemptOutcome {
  const status = result.responseStatus;
  if (status !== null && status >= 200 && status < 300) return { kind: 'succeeded' };
  if (status === 410) return { kind: 'failed', reason: 'endpoint answered 410 Gone; endpoint disabled', disableEndpoint: true };
  if (attempt >= maxAttempts) {
    return { kind: 'failed', reason: `gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}; last: ${result.error ?? `HTTP ${status}`}`, disableEndpoint: false };
  }
  let waitSeconds = delayBefore(schedule, attempt + 1);
  if (result.retryAfterSeconds !== null) waitSeconds = Math.max(waitSeconds, Math.min(result.retryAfterSeconds, MAX_RETRY_AFTER_SECONDS));
  return { kind: 'retry', nextAttemptAt: new Date(now + waitSeconds * 1000).toISOString() };
}
