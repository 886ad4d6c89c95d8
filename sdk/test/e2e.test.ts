// The SDK against the real service (the same buildApp as production, listening on loopback), on
// both database engines: every call of the public surface, its errors, idempotent replays, the
// catalog's ETag revalidation, checkoutCart over two stores and verifyWebhook on a real delivery.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDb, type TestStore } from '../../test/helpers/app.ts';
import { checkoutCart, createStoreClient, orderStatusLabel, StoreApiError, verifyWebhook, type StoreClient } from '../src/index.ts';

const WEBSITE_SCOPES = ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read'];
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describeEachDb('@store-integration/client against the service', (env) => {
  let base: string;
  let store: TestStore;
  let other: TestStore;
  let key: string;
  let otherKey: string;
  let client: StoreClient;
  let mug: { id: string };
  let haircut: { id: string };
  let shea: { id: string };
  /** Statuses of the answers the client received (fetch is observed, not replaced). */
  const statuses: number[] = [];
  const observingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };

  const staff = (s: TestStore, method: 'POST' | 'PUT', url: string, payload: object) =>
    env.inject({ method, url, headers: env.staffHeaders(s), payload }).then((res) => {
      assert.ok(res.statusCode < 300, `${url}: ${res.statusCode} ${res.body}`);
      return res.data;
    });

  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    store = await env.createStore({ name: 'Ama Salon', currency: 'GHS', timezone: 'Africa/Accra' });
    other = await env.createStore({ name: 'Beta Shea', currency: 'GHS' });
    key = await env.createKey(store, [...WEBSITE_SCOPES, 'customers:read']);
    otherKey = await env.createKey(other);
    mug = await env.createItem(store, { name: 'Clay mug', price: 12.5, stockCount: 10 });
    haircut = await env.createItem(store, {
      name: 'Haircut',
      itemType: 'service',
      price: 40,
      schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '00:00', end: '24:00' })) },
    });
    shea = await env.createItem(other, { name: 'Shea butter', price: 30, stockCount: 5 });
    await env.createItem(store, { name: 'Hidden', published: false });
    await staff(store, 'PUT', `/api/stores/${store.storeId}/promo`, { title: 'Book online' });
    await staff(store, 'POST', `/api/stores/${store.storeId}/gallery`, { url: 'https://images.example/a.jpg', caption: 'Shop front' });
    await staff(store, 'POST', `/api/stores/${store.storeId}/gallery`, { url: 'https://images.example/b.jpg', isPublished: false });
    await staff(store, 'POST', `/api/stores/${store.storeId}/videos`, { title: 'Tour', url: 'https://videos.example/tour' });
    client = createStoreClient({ baseUrl: base, storeId: store.storeId, apiKey: key, fetch: observingFetch });
  });

  test('catalog.get returns the published catalog and revalidates it: the second read is a 304 answered from the kept body', async () => {
    statuses.length = 0;
    const first = await client.catalog.get();
    assert.equal(first.storeId, store.storeId);
    assert.deepEqual(first.products.map((p) => p.name).sort(), ['Clay mug', 'Haircut']);
    assert.deepEqual(first.publicProducts.map((p) => p.id), [mug.id]);
    const second = await client.catalog.get();
    assert.deepEqual(second, first);
    assert.deepEqual(statuses, [200, 304]);
  });

  test('catalog.services and catalog.legacy', async () => {
    assert.deepEqual((await client.catalog.services()).map((s) => s.id), [haircut.id]);
    const legacy = await client.catalog.legacy();
    assert.equal(legacy.storeId, store.storeId);
    assert.deepEqual(legacy.products.find((p) => p.id === mug.id), { id: mug.id, name: 'Clay mug', price: 1250, currency: 'GHS', updatedAt: legacy.products.find((p) => p.id === mug.id)!.updatedAt });
  });

  test('promo.get, gallery.list (published entries only) and videos.list', async () => {
    assert.equal((await client.promo.get())?.title, 'Book online');
    assert.deepEqual((await client.gallery.list()).map((g) => g.url), ['https://images.example/a.jpg']);
    assert.deepEqual((await client.videos.list()).map((v) => v.title), ['Tour']);
  });

  test('availability and bookings.create with the display id, a replay with the same Idempotency-Key, then bookings.list', async () => {
    const displayId = `${store.storeId}_${haircut.id}`;
    const now = new Date();
    const availability = await client.availability({ serviceId: displayId, from: now, to: new Date(now.getTime() + 3 * 86_400_000) });
    assert.equal(availability.serviceId, haircut.id);
    assert.ok(availability.slots.length > 0);
    const slot = availability.slots[0];
    const body = { serviceId: displayId, serviceName: 'Haircut', bookingDate: slot.date, bookingTime: slot.time, customer: { name: 'Ama Mensah', phone: '+233 20 123 4567', email: 'ama@example.com' }, sourceChannel: 'client_website' };
    const created = await client.bookings.create(body, { idempotencyKey: 'booking-form-1' });
    assert.match(created.reference, /^IB-[0-9A-Z]{8}$/);
    assert.equal(created.status, 'pending');
    assert.equal(created.bookingStatus, 'pending_approval');
    const replayed = await client.bookings.create(body, { idempotencyKey: 'booking-form-1' });
    assert.equal(replayed.bookingId, created.bookingId);
    const taken = await client.bookings.create(body).catch((e: unknown) => e);
    assert.ok(taken instanceof StoreApiError);
    assert.equal(taken.status, 409);
    assert.equal(taken.code, 'slot-unavailable');
    const listed = await client.bookings.list({ serviceId: displayId });
    assert.deepEqual(listed.bookings.map((b) => b.reference), [created.reference]);
    assert.equal((await client.customers.list('Ama Mensah')).customers[0]?.email, 'ama@example.com');
  });

  test('checkout.preview and checkout.create with display ids, then orders.status by reference', async () => {
    const payload = {
      clientOrderId: 'sdk-e2e-1',
      items: [{ productId: `${store.storeId}_${mug.id}`, quantity: 2 }],
      customer: { name: 'Kofi', email: 'kofi@example.com', phone: '0201234567' },
      returnUrl: 'https://shop.example/orders',
      cancelUrl: 'https://shop.example/orders',
    };
    const preview = await client.checkout.preview(payload);
    assert.equal(preview.totalMinor, 2500);
    const checkout = await client.checkout.create(payload);
    assert.equal(checkout.status, 'pending_payment');
    assert.deepEqual(checkout.items.map((i) => [i.itemId, i.qty]), [[mug.id, 2]]);
    assert.equal(checkout.checkoutUrl, `http://localhost:3000/pay/${checkout.reference}`);
    const order = await client.orders.status(checkout.reference);
    assert.equal(order.reference, checkout.reference);
    assert.equal(orderStatusLabel(order.status), 'Syncing');
    assert.equal((await client.orders.status('sdk-e2e-1')).reference, checkout.reference);
    const top = await client.topSelling({ days: 7, limit: 5 });
    assert.deepEqual({ days: top.days, limit: top.limit }, { days: 7, limit: 5 });
  });

  test("the service's refusals arrive as StoreApiError with code, message, request id and details, never the key", async () => {
    const wrongKey = createStoreClient({ baseUrl: base, storeId: other.storeId, apiKey: key });
    const invalid = (await wrongKey.catalog.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(invalid.status, 401);
    assert.equal(invalid.code, 'invalid-api-key');
    assert.equal(invalid.retryable, false);
    assert.match(invalid.requestId ?? '', /\S/);
    assert.ok(!JSON.stringify(invalid).includes(key) && !String(invalid).includes(key));

    const notBookable = (await client.bookings.create({ serviceId: mug.id, bookingDate: '2030-01-01', bookingTime: '10:00', customer: { name: 'A', phone: '0201234567' } }).catch((e: unknown) => e)) as StoreApiError;
    assert.deepEqual([notBookable.status, notBookable.code], [422, 'not-bookable']);
    const notPurchasable = (await client.checkout.create({ items: [{ productId: haircut.id, qty: 1 }], customer: { name: 'K' }, returnUrl: 'https://x.example/', cancelUrl: 'https://x.example/' }).catch((e: unknown) => e)) as StoreApiError;
    assert.deepEqual([notPurchasable.status, notPurchasable.code], [422, 'not-purchasable']);
    const invalidBody = (await client.bookings.create({ serviceId: haircut.id, bookingDate: '2030-13-40', bookingTime: '25:00', customer: { name: 'A', phone: '12' } }).catch((e: unknown) => e)) as StoreApiError;
    assert.equal(invalidBody.code, 'validation-failed');
    assert.deepEqual(invalidBody.details.map((d) => d.field).sort(), ['bookingDate', 'bookingTime', 'customer.phone']);
  });

  test('checkoutCart creates one checkout per store, each seen by its own key', async () => {
    const result = await checkoutCart(
      [
        { merchantId: store.storeId, productId: `${store.storeId}_${mug.id}`, productName: 'Clay mug' },
        { merchantId: other.storeId, productId: shea.id, productName: 'Shea butter', quantity: 2 },
      ],
      { baseUrl: base, keys: { [store.storeId]: key, [other.storeId]: otherKey }, customer: { name: 'Kofi', phone: '0201234567' }, returnUrl: 'https://shop.example/orders', cancelUrl: 'https://shop.example/orders', clientOrderId: 'cart-9' },
    );
    assert.equal(result.ok, true);
    assert.deepEqual(result.merchantCheckouts.map((c) => [c.merchantId, c.clientOrderId]), [[store.storeId, `cart-9-${store.storeId}`], [other.storeId, `cart-9-${other.storeId}`]]);
    const otherClient = createStoreClient({ baseUrl: base, storeId: other.storeId, apiKey: otherKey });
    const otherOrder = await otherClient.orders.status(result.merchantCheckouts[1].reference);
    assert.deepEqual(otherOrder.items.map((i) => [i.itemId, i.qty]), [[shea.id, 2]]);
    await assert.rejects(client.orders.status(result.merchantCheckouts[1].reference), (e: StoreApiError) => e.code === 'order-not-found');
  });

  test("verifyWebhook accepts the service's own signed delivery and refuses it with another secret", async () => {
    const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const created = await staff(store, 'POST', `/developer/webhooks?storeId=${store.storeId}`, { url, events: ['webhook.test'] });
      const sent = await staff(store, 'POST', `/developer/webhooks/${created.endpoint.endpointId}/test?storeId=${store.storeId}`, {});
      assert.equal(sent.responseStatus, 204);
      const [delivery] = received;
      const event = verifyWebhook(delivery.body, delivery.headers, created.secret);
      assert.equal(event.type, 'webhook.test');
      assert.equal(event.storeId, store.storeId);
      if (event.type === 'webhook.test') assert.equal(event.data.endpointId, created.endpoint.endpointId);
      assert.throws(() => verifyWebhook(delivery.body, delivery.headers, `whsec_${Buffer.alloc(32, 7).toString('base64')}`), /signature/i);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
