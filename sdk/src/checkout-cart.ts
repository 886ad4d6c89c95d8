// Multi-merchant checkout: one checkout per merchantId in the cart, each created with that
// merchant's key (so it runs on the website's server, never in the browser).
import { Cart, type CartEntry, type CartEntryInput } from './browser/cart.js';
import { isValidPhone } from './browser/rules.js';
import type { StoreClientOptions } from './client.js';
import { StoreApiError, type StoreApiErrorCode } from './errors.js';
import { createStoreClient } from './store-client.js';
import type { CheckoutPayload } from './resources/checkout.js';
import type { Checkout } from './types.js';

export interface CheckoutCartOptions extends Pick<StoreClientOptions, 'maxRetries' | 'timeoutMs' | 'maxRetryDurationMs' | 'fetch' | 'logger'> {
  baseUrl: string;
  /** The integration key of every merchant in the cart, by merchantId (the store id). */
  keys: Record<string, string>;
  customer: { name: string; email?: string; phone?: string };
  /** Where the customer lands after paying; each merchant's copy gets `merchantId=<that merchant>` added to its query. */
  returnUrl: string;
  /** Where the customer lands after cancelling or a failed payment; `merchantId` is added the same way. */
  cancelUrl: string;
  /**
   * When one merchant's checkout fails, cancel the checkouts already made for the others (their stock
   * goes back at once), so the customer pays for all of the cart or none of it. Default false: the
   * others stay open and expire unpaid on their own.
   */
  allOrNothing?: boolean;
  /** Your order reference; each merchant's checkout gets `<clientOrderId>-<merchantId>`. Default: a new `web-<uuid>`. */
  clientOrderId?: string;
  /** Extra payload fields for every checkout (sourceLabel, delivery, currency…). */
  payload?: Omit<CheckoutPayload, 'items' | 'cart' | 'customer' | 'returnUrl' | 'cancelUrl' | 'clientOrderId'>;
}

export interface MerchantCheckout {
  merchantId: string;
  reference: string;
  checkoutUrl: string | null;
  clientOrderId: string | null;
  /** The service's answer (totals, expiry…). */
  checkout: Checkout;
}

export interface CheckoutCartResult {
  /** True when every merchant's checkout was created. */
  ok: boolean;
  /** One per merchant that got a checkout, in cart order: send the customer to each checkoutUrl in turn. */
  merchantCheckouts: MerchantCheckout[];
  /**
   * Merchants whose checkout the service refused (out of stock…). Without allOrNothing the others
   * were still created (an unpaid checkout expires on its own at `expiresAt`).
   */
  failures: { merchantId: string; error: StoreApiError }[];
  /**
   * allOrNothing, after a failure: the checkouts made and then cancelled (merchantCheckouts is then
   * empty), and those that could not be cancelled (paid meanwhile, or the service unreachable; they
   * stay in merchantCheckouts).
   */
  cancelled?: { merchantId: string; reference: string }[];
  cancelFailures?: { merchantId: string; reference: string; error: StoreApiError }[];
}

/**
 * `url` with `merchantId=<merchantId>` added to its query, the rest kept as written (other
 * parameters, their encoding, the fragment), so the return page knows whose order came back.
 */
export function withMerchantId(url: string, merchantId: string): string {
  const hash = url.indexOf('#');
  const [head, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const joiner = !head.includes('?') ? '?' : /[?&]$/.test(head) ? '' : '&';
  return `${head}${joiner}merchantId=${encodeURIComponent(merchantId)}${fragment}`;
}

const refuse = (code: StoreApiErrorCode, message: string, details: { field: string; message: string }[] = []) => new StoreApiError({ status: 0, code, message, details });

/**
 * Creates one checkout per merchant of the cart. Checked before anything is sent: the cart is not
 * empty, holds no service (services are booked, never bought), every merchant has a key, and the
 * phone (when given) has 9 to 15 digits. Each merchant's returnUrl and cancelUrl carry
 * `merchantId=<that merchant>`, so the page the customer returns to knows whose order it is.
 */
export async function checkoutCart(cart: Cart | readonly CartEntryInput[], options: CheckoutCartOptions): Promise<CheckoutCartResult> {
  const entries: CartEntry[] = (cart instanceof Cart ? cart : new Cart(cart)).entries;
  if (entries.length === 0) throw refuse('empty-cart', 'The cart is empty.');
  const services = entries.filter((e) => e.type === 'SERVICE');
  if (services.length) {
    throw refuse(
      'not-purchasable',
      `Services are booked, never bought: book ${services.map((s) => `"${s.productName || s.productId}"`).join(', ')} instead of checking out.`,
      services.map((s) => ({ field: s.productId, message: 'a service: book it through bookings.create' })),
    );
  }
  const groups = new Map<string, CartEntry[]>();
  for (const e of entries) groups.set(e.merchantId, [...(groups.get(e.merchantId) ?? []), e]);
  const missing = [...groups.keys()].filter((m) => !options.keys[m]);
  if (missing.length) throw refuse('missing-key', `No integration key for merchant ${missing.join(', ')}.`, missing.map((m) => ({ field: m, message: 'no key' })));
  if (options.customer.phone !== undefined && options.customer.phone !== '' && !isValidPhone(options.customer.phone)) {
    throw refuse('validation-failed', 'The phone number must have 9 to 15 digits.', [{ field: 'customer.phone', message: 'must have 9 to 15 digits' }]);
  }

  const orderId = options.clientOrderId ?? `web-${globalThis.crypto.randomUUID()}`;
  const merchants = [...groups.entries()];
  const clientOf = (merchantId: string) =>
    createStoreClient({ baseUrl: options.baseUrl, storeId: merchantId, apiKey: options.keys[merchantId], maxRetries: options.maxRetries, timeoutMs: options.timeoutMs, maxRetryDurationMs: options.maxRetryDurationMs, fetch: options.fetch, logger: options.logger });
  const settled = await Promise.allSettled(
    merchants.map(([merchantId, lines]) => {
      return clientOf(merchantId).checkout.create({
        ...options.payload,
        clientOrderId: `${orderId}-${merchantId}`,
        items: lines.map((l) => ({ productId: l.productId, name: l.productName, qty: l.quantity, ...(l.price !== undefined ? { unitPrice: l.price } : {}) })),
        customer: options.customer,
        returnUrl: withMerchantId(options.returnUrl, merchantId),
        cancelUrl: withMerchantId(options.cancelUrl, merchantId),
      });
    }),
  );
  const result: CheckoutCartResult = { ok: true, merchantCheckouts: [], failures: [] };
  settled.forEach((outcome, i) => {
    const merchantId = merchants[i][0];
    if (outcome.status === 'fulfilled') {
      const c = outcome.value;
      result.merchantCheckouts.push({ merchantId, reference: c.reference, checkoutUrl: c.checkoutUrl, clientOrderId: c.clientOrderId, checkout: c });
    } else {
      const error = outcome.reason instanceof StoreApiError ? outcome.reason : refuse('internal-error', String(outcome.reason?.message ?? outcome.reason));
      result.failures.push({ merchantId, error });
    }
  });
  result.ok = result.failures.length === 0;
  if (!result.ok && options.allOrNothing && result.merchantCheckouts.length) {
    result.cancelled = [];
    result.cancelFailures = [];
    const made = result.merchantCheckouts;
    const outcomes = await Promise.allSettled(made.map((m) => clientOf(m.merchantId).checkout.cancel(m.reference)));
    result.merchantCheckouts = [];
    outcomes.forEach((outcome, i) => {
      const { merchantId, reference } = made[i];
      if (outcome.status === 'fulfilled') result.cancelled!.push({ merchantId, reference });
      else {
        result.cancelFailures!.push({ merchantId, reference, error: outcome.reason instanceof StoreApiError ? outcome.reason : refuse('internal-error', String(outcome.reason?.message ?? outcome.reason)) });
        result.merchantCheckouts.push(made[i]);
      }
    });
  }
  return result;
}
