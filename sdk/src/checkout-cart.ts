// Multi-merchant checkout: one checkout per merchantId in the cart, each created with that
// merchant's key (so it runs on the website's server, never in the browser).
import { Cart, type CartEntry, type CartEntryInput } from './browser/cart.js';
import { isValidPhone } from './browser/rules.js';
import type { StoreClientOptions } from './client.js';
import { StoreApiError } from './errors.js';
import { createStoreClient } from './store-client.js';
import type { CheckoutPayload } from './resources/checkout.js';
import type { Checkout } from './types.js';

export interface CheckoutCartOptions extends Pick<StoreClientOptions, 'maxRetries' | 'timeoutMs' | 'fetch' | 'logger'> {
  baseUrl: string;
  /** The integration key of every merchant in the cart, by merchantId (the store id). */
  keys: Record<string, string>;
  customer: { name: string; email?: string; phone?: string };
  returnUrl: string;
  cancelUrl: string;
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
  /** Merchants whose checkout the service refused (out of stock…); the others were still created. */
  failures: { merchantId: string; error: StoreApiError }[];
}

const refuse = (code: string, message: string, details: { field: string; message: string }[] = []) => new StoreApiError({ status: 0, code, message, details });

/**
 * Creates one checkout per merchant of the cart. Checked before anything is sent: the cart is not
 * empty, holds no service (services are booked, never bought), every merchant has a key, and the
 * phone (when given) has 9 to 15 digits.
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
  const settled = await Promise.allSettled(
    merchants.map(([merchantId, lines]) => {
      const client = createStoreClient({ baseUrl: options.baseUrl, storeId: merchantId, apiKey: options.keys[merchantId], maxRetries: options.maxRetries, timeoutMs: options.timeoutMs, fetch: options.fetch, logger: options.logger });
      return client.checkout.create({
        ...options.payload,
        clientOrderId: `${orderId}-${merchantId}`,
        items: lines.map((l) => ({ productId: l.productId, name: l.productName, qty: l.quantity, ...(l.price !== undefined ? { unitPrice: l.price } : {}) })),
        customer: options.customer,
        returnUrl: options.returnUrl,
        cancelUrl: options.cancelUrl,
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
  return result;
}
