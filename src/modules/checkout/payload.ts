// The checkout create payload of SPEC.md in both forms (basic, and the extended one a website's
// server route builds with snake_case duplicates), reduced to one CheckoutInput. Pure: no I/O.
import type { ErrorDetail } from '../../shared/errors.ts';
import { normaliseEmail, normalisePhone } from '../customers/service.ts';

export const MANUAL_METHODS = ['cash', 'manual', 'momo'] as const;
export type PaymentMethod = 'gateway_checkout' | (typeof MANUAL_METHODS)[number];
export const MAX_QTY = 999;
export const MAX_LINES = 100;

export interface CheckoutLineInput {
  /** Raw catalog id (any `<storeId>_` prefix removed). */
  itemId: string;
  qty: number;
}

export interface CheckoutInput {
  clientOrderId: string | null;
  currency: string | null;
  lines: CheckoutLineInput[];
  customer: { name: string; email: string | null; phone: string | null };
  returnUrl: string | null;
  cancelUrl: string | null;
  sourceChannel: string | null;
  sourceLabel: string | null;
  delivery: { location: string | null; notes: string | null } | null;
  paymentMethod: PaymentMethod;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `names` present in `o` (snake_case duplicates of the extended payload). */
function pick(o: Obj, ...names: string[]): unknown {
  for (const n of names) if (o[n] !== undefined && o[n] !== null) return o[n];
  return undefined;
}

/** The raw item id: a display id `<storeId>_<rawId>` loses its prefix (SPEC item identifier rule). */
export function rawItemId(storeId: string, id: string): string {
  const prefix = `${storeId}_`;
  return id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : id;
}

/** An absolute http(s) URL, or null. */
export function absoluteHttpUrl(value: string): string | null {
  if (value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function optionalText(o: Obj, field: string, names: string[], max: number, errors: ErrorDetail[]): string | null {
  const v = pick(o, ...names);
  if (v === undefined) return null;
  if (typeof v !== 'string') {
    errors.push({ field, message: 'must be a string' });
    return null;
  }
  const t = v.trim();
  // Counted in characters (code points), as the schema's maxLength counts them.
  if ([...t].length > max) errors.push({ field, message: `at most ${max} characters` });
  return t === '' ? null : t;
}

/**
 * Reads either payload form. `requireUrls` is true for create and false for the preview (nothing
 * is paid or recorded there): an order also needs its customer's name.
 * Returns the input or the list of problems (400 validation-failed).
 */
export function parseCheckoutPayload(storeId: string, raw: unknown, options: { requireUrls: boolean }): { value?: CheckoutInput; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  if (!isObj(raw)) return { errors: [{ field: 'body', message: 'must be a JSON object' }] };

  // Every store identifier sent must name the store of the key: multi-merchant carts are split by the client.
  for (const field of ['storeId', 'store_id', 'merchantId', 'merchant_id']) {
    const v = raw[field];
    if (v !== undefined && v !== storeId) errors.push({ field, message: 'must be the storeId of this checkout (send one checkout per merchant)' });
  }

  const clientOrderId = optionalText(raw, 'clientOrderId', ['clientOrderId', 'client_order_id'], 120, errors);
  const currency = optionalText(raw, 'currency', ['currency'], 3, errors);
  const sourceChannel = optionalText(raw, 'sourceChannel', ['sourceChannel', 'source_channel'], 60, errors);
  const sourceLabel = optionalText(raw, 'sourceLabel', ['sourceLabel', 'source_label'], 200, errors);

  const method = pick(raw, 'paymentMethod', 'payment_method');
  let paymentMethod: PaymentMethod = 'gateway_checkout';
  if (method !== undefined) {
    if (method === 'gateway_checkout' || (MANUAL_METHODS as readonly unknown[]).includes(method)) paymentMethod = method as PaymentMethod;
    else errors.push({ field: 'paymentMethod', message: 'one of gateway_checkout, cash, manual, momo' });
  }

  // Lines: `items` (both forms), else the extended form's `cart`.
  const source = raw.items !== undefined ? 'items' : 'cart';
  const entries = raw[source];
  const lines: CheckoutLineInput[] = [];
  if (!Array.isArray(entries) || entries.length === 0) {
    errors.push({ field: 'items', message: 'at least one item is required' });
  } else if (entries.length > MAX_LINES) {
    errors.push({ field: source, message: `at most ${MAX_LINES} entries` });
  } else {
    entries.forEach((entry, i) => {
      const at = `${source}.${i}`;
      if (!isObj(entry)) {
        errors.push({ field: at, message: 'must be an object' });
        return;
      }
      for (const field of ['merchantId', 'merchant_id', 'storeId', 'store_id']) {
        const v = entry[field];
        if (v !== undefined && v !== storeId) errors.push({ field: `${at}.${field}`, message: 'belongs to another merchant: send one checkout per merchantId' });
      }
      const id = pick(entry, 'item_id', 'id', 'productId');
      if (typeof id !== 'string' || id.trim() === '' || [...id].length > 200) {
        errors.push({ field: `${at}.item_id`, message: 'item_id (or id, or productId) is required: a string of at most 200 characters' });
        return;
      }
      const qty = pick(entry, 'qty', 'quantity');
      if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1 || qty > MAX_QTY) {
        errors.push({ field: `${at}.qty`, message: `qty (or quantity) is required: an integer from 1 to ${MAX_QTY}` });
        return;
      }
      const itemId = rawItemId(storeId, id.trim());
      const existing = lines.find((l) => l.itemId === itemId);
      if (existing) {
        existing.qty += qty;
        if (existing.qty > MAX_QTY) errors.push({ field: `${at}.qty`, message: `at most ${MAX_QTY} of one item per order` });
      } else lines.push({ itemId, qty });
    });
  }

  let customer: CheckoutInput['customer'] = { name: '', email: null, phone: null };
  if (raw.customer === undefined || raw.customer === null) {
    if (options.requireUrls) errors.push({ field: 'customer', message: 'is required: an object with name, email, phone' });
  } else if (!isObj(raw.customer)) {
    errors.push({ field: 'customer', message: 'must be an object with name, email, phone' });
  } else {
    const c = raw.customer;
    const name = optionalText(c, 'customer.name', ['name'], 200, errors);
    const blankName = c.name === undefined || c.name === null || (typeof c.name === 'string' && !c.name.trim());
    if (blankName && options.requireUrls) errors.push({ field: 'customer.name', message: 'is required (not only spaces)' });
    const emailRaw = optionalText(c, 'customer.email', ['email'], 254, errors);
    const phoneRaw = optionalText(c, 'customer.phone', ['phone'], 40, errors);
    const email = emailRaw ? normaliseEmail(emailRaw) : null;
    if (emailRaw && (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) errors.push({ field: 'customer.email', message: 'is not an email address' });
    const phone = phoneRaw ? normalisePhone(phoneRaw) : null;
    const digits = phoneRaw ? phoneRaw.replace(/\D/g, '').length : 0;
    if (phoneRaw && (digits < 9 || digits > 15)) errors.push({ field: 'customer.phone', message: '9 to 15 digits' });
    customer = { name: name ?? '', email: email ?? null, phone: phone ?? null };
  }

  const urls: Record<'returnUrl' | 'cancelUrl', string | null> = { returnUrl: null, cancelUrl: null };
  for (const [field, names] of [
    ['returnUrl', ['returnUrl', 'return_url', 'successUrl', 'success_url']],
    ['cancelUrl', ['cancelUrl', 'cancel_url']],
  ] as const) {
    const v = pick(raw, ...names);
    if (v === undefined) {
      if (options.requireUrls && paymentMethod === 'gateway_checkout') errors.push({ field, message: 'is required: an absolute http(s) URL' });
      continue;
    }
    const url = typeof v === 'string' ? absoluteHttpUrl(v) : null;
    if (!url) errors.push({ field, message: 'must be an absolute http(s) URL' });
    urls[field] = url;
  }

  let delivery: CheckoutInput['delivery'] = null;
  if (raw.delivery !== undefined && raw.delivery !== null) {
    if (!isObj(raw.delivery)) errors.push({ field: 'delivery', message: 'must be an object with location and notes' });
    else {
      delivery = {
        location: optionalText(raw.delivery, 'delivery.location', ['location'], 500, errors),
        notes: optionalText(raw.delivery, 'delivery.notes', ['notes'], 1000, errors),
      };
    }
  }

  if (errors.length) return { errors };
  return {
    value: { clientOrderId, currency: currency ? currency.toUpperCase() : null, lines, customer, ...urls, sourceChannel, sourceLabel, delivery, paymentMethod },
    errors,
  };
}
