// Receiving the service's webhooks: Standard Webhooks signatures, checked by the standardwebhooks package.
import { Webhook } from 'standardwebhooks';
import type { StoreWebhookEvent } from './types.js';

export { WebhookVerificationError } from 'standardwebhooks';

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies a delivery and returns its event. `rawBody` is the body exactly as received (before any
 * JSON parsing); `headers` a fetch Headers or Node's req.headers; `secret` the endpoint's `whsec_…`.
 * Throws WebhookVerificationError on a missing or bad signature, or a timestamp more than 5 minutes off.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string): StoreWebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
  const picked = Object.fromEntries(wanted.map((name) => [name, header(headers, name) ?? '']));
  return new Webhook(secret).verify(body, picked) as StoreWebhookEvent;
}
