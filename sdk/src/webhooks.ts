// Receiving the service's webhooks: Standard Webhooks signatures, made and checked with the
// standardwebhooks package's HMAC.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { WebhookEvent } from './types.js';

export { WebhookVerificationError } from 'standardwebhooks';

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares in time that depends on the length only, not on where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface VerifyWebhookOptions {
  /** How far, in seconds, `webhook-timestamp` may be from this machine's clock, either way (default 300). */
  tolerance?: number;
}

/**
 * Verifies a delivery and returns its event. `rawBody` is the body exactly as received (before any
 * JSON parsing); `headers` a fetch Headers or Node's req.headers; `secret` the endpoint's `whsec_…`.
 * `webhook-signature` may hold several space-separated `v1,…` signatures (for 24 hours after a
 * secret rotation the service signs with the new and the previous secret): the delivery is valid when
 * any one matches. Throws WebhookVerificationError on missing headers, no matching signature, or a
 * timestamp more than `tolerance` seconds (default 300) off.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string, options: VerifyWebhookOptions = {}): WebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing required headers');
  const seconds = /^\d+$/.test(timestamp.trim()) ? Number(timestamp.trim()) : NaN;
  if (!Number.isSafeInteger(seconds)) throw new WebhookVerificationError('Invalid Signature Headers');
  const tolerance = options.tolerance ?? 300;
  const now = Math.floor(Date.now() / 1000);
  if (now - seconds > tolerance) throw new WebhookVerificationError('Message timestamp too old');
  if (seconds - now > tolerance) throw new WebhookVerificationError('Message timestamp too new');
  const expected = new Webhook(secret).sign(id, new Date(seconds * 1000), body);
  if (!signatures.split(' ').some((s) => sameText(s, expected))) throw new WebhookVerificationError('No matching signature found');
  return JSON.parse(body) as WebhookEvent;
}

export interface SignTestWebhookOptions {
  /** When it was signed: a Date or Unix seconds (default now). */
  timestamp?: Date | number;
  /** `webhook-id` (default the payload's `id`, else a random `msg_…`). */
  id?: string;
}

/**
 * The headers a real delivery of `payload` carries, to test a webhook handler without the service:
 * `webhook-id`, `webhook-timestamp`, `webhook-signature` (one `v1,…` signature per secret; pass two
 * to imitate the 24 hours after a rotation) and `content-type`. `payload` is the raw body, or an event
 * object sent as `JSON.stringify(payload)`: post exactly that string.
 */
export function signTestWebhook(payload: string | object, secret: string | string[], options: SignTestWebhookOptions = {}): Record<string, string> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const ownId = typeof payload === 'object' && typeof (payload as { id?: unknown }).id === 'string' ? (payload as { id: string }).id : undefined;
  const id = options.id ?? ownId ?? `msg_${Math.random().toString(36).slice(2, 14)}`;
  const at = options.timestamp === undefined ? new Date() : typeof options.timestamp === 'number' ? new Date(options.timestamp * 1000) : options.timestamp;
  const signature = (Array.isArray(secret) ? secret : [secret]).map((s) => new Webhook(s).sign(id, at, body)).join(' ');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
    'content-type': 'application/json',
  };
}
