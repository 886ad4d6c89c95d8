// Shared steps of the checkout tests: a shop with products, checkouts through HTTP, the sandbox page.
import assert from 'node:assert/strict';
import type { TestEnv, TestStore, Response } from '../helpers/app.ts';

export interface Shop {
  store: TestStore;
  key: string;
  /** Tracked stock 100, price 12.50. */
  mug: any;
  /** Untracked stock, price 3.00. */
  sticker: any;
  /** A service: not purchasable. */
  haircut: any;
}

export async function createShop(env: TestEnv, overrides: { currency?: string } = {}): Promise<Shop> {
  const store = await env.createStore({ currency: overrides.currency ?? 'GHS', name: 'Ama’s Shop' });
  const key = await env.createKey(store);
  const mug = await env.createItem(store, { name: 'Mug', price: 12.5, stockCount: 100 });
  const sticker = await env.createItem(store, { name: 'Sticker', price: 3 });
  const haircut = await env.createItem(store, {
    name: 'Haircut',
    itemType: 'service',
    price: 50,
    schedule: { durationMinutes: 30, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] },
  });
  return { store, key, mug, sticker, haircut };
}

let counter = 0;

export function basicPayload(shop: Shop, items: Array<{ id: string; qty: number }>, extra: Record<string, unknown> = {}) {
  return {
    storeId: shop.store.storeId,
    merchantId: shop.store.storeId,
    clientOrderId: `co-${process.pid}-${++counter}`,
    sourceChannel: 'client_website',
    sourceLabel: 'Test site',
    currency: 'GHS',
    items: items.map((i) => ({ type: 'PRODUCT', item_type: 'product', item_id: i.id, qty: i.qty })),
    customer: { name: 'Kofi Mensah', email: 'kofi@example.test', phone: '+233 24 123 4567' },
    returnUrl: 'https://shop.example.test/checkout/success?x=1',
    cancelUrl: 'https://shop.example.test/checkout/cancel',
    ...extra,
  };
}

export function checkout(env: TestEnv, key: string, payload: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return env.inject({ method: 'POST', url: '/integrationCheckoutCreate', headers: { ...env.keyHeaders(key), ...headers }, payload: payload as any });
}

export function preview(env: TestEnv, key: string, payload: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return env.inject({ method: 'POST', url: '/v1IntegrationCheckoutPreview', headers: { ...env.keyHeaders(key), ...headers }, payload: payload as any });
}

export async function createOrder(env: TestEnv, shop: Shop, items: Array<{ id: string; qty: number }>, extra: Record<string, unknown> = {}) {
  const res = await checkout(env, shop.key, basicPayload(shop, items, extra));
  assert.equal(res.statusCode, 201, res.body);
  return res.data;
}

export function orderStatus(env: TestEnv, shop: Shop, query: string, key = shop.key): Promise<Response> {
  return env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus?storeId=${shop.store.storeId}&${query}`, headers: env.keyHeaders(key) });
}

/** Loads the sandbox page and reads the CSRF token out of its form. */
export async function openPayPage(env: TestEnv, reference: string) {
  const page = await env.inject({ method: 'GET', url: `/pay/${reference}` });
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  return { page, token };
}

export async function submitPayForm(env: TestEnv, reference: string, action: string, token: string | undefined) {
  return env.inject({
    method: 'POST',
    url: `/pay/${reference}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action, token: token ?? '' }).toString(),
  });
}

export async function stockOf(env: TestEnv, shop: Shop, itemId: string): Promise<number | null> {
  const res = await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/items/${itemId}`, headers: env.staffHeaders(shop.store) });
  assert.equal(res.statusCode, 200, res.body);
  return res.data.item.stockCount;
}

export async function eventsOf(env: TestEnv, storeId: string, type: string) {
  const rows = await env.db.selectFrom('events').select(['payload']).where('store_id', '=', storeId).where('type', '=', type).execute();
  return rows.map((r) => JSON.parse(r.payload));
}
