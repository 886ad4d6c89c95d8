// The website's cart: entries unique by merchantId, productId and
// type; adding an existing entry adds to its quantity; quantities are integers of at least 1; every
// entry names its merchant. Prices in it are informational: the service prices the checkout.

export type CartItemType = 'PRODUCT' | 'SERVICE';

export interface CartEntry {
  productId: string;
  merchantId: string;
  productName: string;
  quantity: number;
  type: CartItemType;
  price?: number;
  currency?: string;
  imageUrl?: string;
  storeName?: string;
}

/** What `add` takes: `type` defaults to PRODUCT (any case), `quantity` to 1. */
export type CartEntryInput = Omit<CartEntry, 'type' | 'quantity'> & { type?: string; quantity?: number };

/** Which entry `remove` and `setQuantity` mean: `type` defaults to PRODUCT. */
export interface CartEntryKey {
  merchantId: string;
  productId: string;
  type?: string;
}

function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`cart entry: ${field} is required (a non-empty string)`);
  return value;
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new TypeError(`cart entry: ${field} is required (a string)`);
  return value;
}

function requireQuantity(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RangeError(`cart entry: quantity must be an integer of at least 1 (got ${String(value)})`);
  return value;
}

function normalizeType(value: unknown): CartItemType {
  if (value === undefined) return 'PRODUCT';
  const type = typeof value === 'string' ? value.toUpperCase() : '';
  if (type !== 'PRODUCT' && type !== 'SERVICE') throw new TypeError(`cart entry: type must be PRODUCT or SERVICE (got ${String(value)})`);
  return type;
}

function optionalText(entry: Record<string, unknown>, field: string): string | undefined {
  const value = entry[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new TypeError(`cart entry: ${field} must be a string`);
  return value;
}

/** A clean entry from untrusted input (a form, a cookie): known fields only, each checked. */
function toEntry(input: CartEntryInput): CartEntry {
  if (typeof input !== 'object' || input === null) throw new TypeError('cart entry must be an object');
  const raw = input as unknown as Record<string, unknown>;
  const entry: CartEntry = {
    productId: requireText(raw.productId, 'productId'),
    merchantId: requireText(raw.merchantId, 'merchantId'),
    productName: requireString(raw.productName, 'productName'),
    quantity: raw.quantity === undefined ? 1 : requireQuantity(raw.quantity),
    type: normalizeType(raw.type),
  };
  if (raw.price !== undefined && raw.price !== null) {
    if (typeof raw.price !== 'number' || !Number.isFinite(raw.price) || raw.price < 0) throw new TypeError('cart entry: price must be a number of at least 0');
    entry.price = raw.price;
  }
  for (const field of ['currency', 'imageUrl', 'storeName'] as const) {
    const value = optionalText(raw, field);
    if (value !== undefined) entry[field] = value;
  }
  return entry;
}

const sameEntry = (a: CartEntryKey & { type: CartItemType }, b: CartEntry) => a.merchantId === b.merchantId && a.productId === b.productId && a.type === b.type;

export class Cart {
  #entries: CartEntry[] = [];

  constructor(entries: Iterable<CartEntryInput> = []) {
    for (const entry of entries) this.add(entry);
  }

  /** A copy of the entries, in the order they were first added. */
  get entries(): CartEntry[] {
    return this.#entries.map((e) => ({ ...e }));
  }

  /** Units in the cart (the sum of quantities). */
  get count(): number {
    return this.#entries.reduce((sum, e) => sum + e.quantity, 0);
  }

  /** Adds an entry, or adds its quantity to the entry with the same merchantId, productId and type. */
  add(input: CartEntryInput): CartEntry {
    const entry = toEntry(input);
    const existing = this.#entries.find((e) => sameEntry(entry, e));
    if (existing) {
      existing.quantity += entry.quantity;
      return { ...existing };
    }
    this.#entries.push(entry);
    return { ...entry };
  }

  /** Removes an entry; false when there was none. */
  remove(key: CartEntryKey): boolean {
    const k = { ...key, type: normalizeType(key.type) };
    const index = this.#entries.findIndex((e) => sameEntry(k, e));
    if (index === -1) return false;
    this.#entries.splice(index, 1);
    return true;
  }

  /** Sets an entry's quantity (an integer of at least 1: use `remove` to take it out). */
  setQuantity(key: CartEntryKey, quantity: number): CartEntry {
    const k = { ...key, type: normalizeType(key.type) };
    const entry = this.#entries.find((e) => sameEntry(k, e));
    if (!entry) throw new RangeError(`cart has no ${k.type} ${k.productId} of merchant ${k.merchantId}`);
    entry.quantity = requireQuantity(quantity);
    return { ...entry };
  }

  clear(): void {
    this.#entries = [];
  }

  /** The entries grouped by merchantId, merchants in the order they were first added (one checkout each). */
  byMerchant(): Map<string, CartEntry[]> {
    const groups = new Map<string, CartEntry[]>();
    for (const e of this.#entries) groups.set(e.merchantId, [...(groups.get(e.merchantId) ?? []), { ...e }]);
    return groups;
  }

  toJSON(): CartEntry[] {
    return this.entries;
  }

  /**
   * A cart from what `toJSON` gave (the array, or its JSON text). Every entry is checked as `add`
   * checks it, so a tampered cookie or storage value throws instead of reaching a checkout.
   */
  static fromJSON(json: unknown): Cart {
    const value = typeof json === 'string' ? JSON.parse(json) : json;
    if (!Array.isArray(value)) throw new TypeError('a cart is an array of entries');
    return new Cart(value as CartEntryInput[]);
  }
}
