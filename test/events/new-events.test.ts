// The events of issue 35 item 6: catalog.item.created/updated/deleted (staff item changes, following
// the integration catalog), customer.created (staff, bookings and orders from a new contact, the
// PostgreSQL one-statement paths included), order.refunded; each written through the outbox in the
// change's transaction, subscribable, and matching its schema in the `webhooks` of /openapi.json.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import type { Ajv as AjvType } from 'ajv';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { createOrder, createShop, openPayPage, submitPayForm, type Shop } from '../checkout/helpers.ts';
import { createDeliveryWorker } from '../../src/modules/events/workers.ts';
import { EVENT_TYPES } from '../../src/modules/events/service.ts';
import { eventSchemaName } from '../../src/http/openapi-webhooks.ts';
import { Receiver, verify } from './receiver.ts';

const require = createRequire(import.meta.url);
const ZONE = 'Africa/Accra';
const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

/** Every event of the store, oldest first, as delivered bodies (the outbox's payloads). */
async function eventsOf(env: TestEnv, storeId: string, type?: string): Promise<any[]> {
  let q = env.db.selectFrom('events').select(['payload', 'created_at', 'id']).where('store_id', '=', storeId);
  if (type) q = q.where('type', '=', type);
  return (await q.orderBy('created_at').orderBy('id').execute()).map((r) => JSON.parse(r.payload));
}

const ITEM_EVENTS = ['catalog.item.created', 'catalog.item.updated', 'catalog.item.deleted'];
const itemEventsOf = async (env: TestEnv, storeId: string) => (await eventsOf(env, storeId)).filter((e) => ITEM_EVENTS.includes(e.type));

describeEachDb('catalog.item.* events', (env) => {
  let store: TestStore;
  let other: TestStore;
  let key: string;
  const items = (s: TestStore, rest = '') => `/api/stores/${s.storeId}/items${rest}`;
  const staff = (method: 'POST' | 'PATCH' | 'DELETE', s: TestStore, rest: string, payload?: unknown) =>
    env.inject({ method, url: items(s, rest), headers: env.staffHeaders(s), ...(payload !== undefined ? { payload: payload as object } : {}) });
  /** The item as GET /v1IntegrationProducts shows it now (undefined when it is not listed). */
  const listed = async (id: string) => {
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data.products.find((p: any) => p.id === id);
  };

  before(async () => {
    store = await env.createStore({ currency: 'GHS' });
    other = await env.createStore();
    key = await env.createKey(store);
  });

  test('create, update, stock adjustment and delete of a published item each emit one event whose data is the item as the integration catalog shows it', async () => {
    const start = (await itemEventsOf(env, store.storeId)).length;
    const created = await staff('POST', store, '', { id: 'shea-butter', name: 'Shea butter', itemType: 'product', price: 60, stockCount: 5, category: 'Body' });
    assert.equal(created.statusCode, 201, created.body);
    let events = (await itemEventsOf(env, store.storeId)).slice(start);
    assert.deepEqual(events.map((e) => e.type), ['catalog.item.created']);
    assert.deepEqual(events[0].data, await listed('shea-butter'));
    assert.equal(events[0].storeId, store.storeId);
    assert.match(events[0].id, /^evt_/);

    assert.equal((await staff('PATCH', store, '/shea-butter', { price: 65.5 })).statusCode, 200);
    events = (await itemEventsOf(env, store.storeId)).slice(start);
    assert.deepEqual(events.map((e) => e.type), ['catalog.item.created', 'catalog.item.updated']);
    assert.deepEqual(events[1].data, await listed('shea-butter'));
    assert.equal(events[1].data.priceMinor, 6550);

    assert.equal((await staff('PATCH', store, '/shea-butter/stock', { add: 3 })).statusCode, 200);
    assert.equal((await staff('PATCH', store, '/shea-butter/stock', { stockCount: 2 })).statusCode, 200);
    events = (await itemEventsOf(env, store.storeId)).slice(start);
    assert.deepEqual(events.slice(2).map((e) => [e.type, e.data.stockCount]), [['catalog.item.updated', 8], ['catalog.item.updated', 2]]);
    assert.deepEqual(events[3].data, await listed('shea-butter'));

    const asItWas = await listed('shea-butter');
    assert.equal((await staff('DELETE', store, '/shea-butter')).statusCode, 200);
    events = (await itemEventsOf(env, store.storeId)).slice(start);
    assert.equal(events.length, 5);
    assert.deepEqual([events[4].type, events[4].data], ['catalog.item.deleted', asItWas]);
    assert.equal(await listed('shea-butter'), undefined);
  });

  test('events follow the integration catalog: unpublishing is a delete, publishing a create, changes of unpublished items emit nothing', async () => {
    const start = (await itemEventsOf(env, store.storeId)).length;
    const hidden = await env.createItem(store, { id: 'draft-soap', name: 'Draft soap', published: false });
    assert.equal(hidden.published, false);
    assert.equal((await staff('PATCH', store, '/draft-soap', { price: 4 })).statusCode, 200);
    assert.equal((await staff('PATCH', store, '/draft-soap/stock', { stockCount: 10 })).statusCode, 200);
    assert.deepEqual(await itemEventsOf(env, store.storeId).then((e) => e.slice(start)), [], 'nothing while unpublished');

    assert.equal((await staff('PATCH', store, '/draft-soap', { published: true })).statusCode, 200);
    const shown = await listed('draft-soap');
    assert.equal((await staff('PATCH', store, '/draft-soap', { published: false })).statusCode, 200);
    assert.equal((await staff('DELETE', store, '/draft-soap')).statusCode, 200);
    const events = (await itemEventsOf(env, store.storeId)).slice(start);
    assert.deepEqual(events.map((e) => e.type), ['catalog.item.created', 'catalog.item.deleted']);
    assert.deepEqual(events[0].data, shown);
    assert.equal(events[1].data.id, 'draft-soap');
    assert.equal(events[1].data.priceMinor, 400, 'the item as it was when it left the catalog');
  });

  test('refused changes emit nothing: duplicate id, bad input, unknown or foreign item, stock below zero, a service\'s stock', async () => {
    await env.createItem(store, { id: 'kept', name: 'Kept', stockCount: 1 });
    const foreign = await env.createItem(other, { id: 'theirs', name: 'Theirs' });
    const start = (await itemEventsOf(env, store.storeId)).length;
    const otherStart = (await itemEventsOf(env, other.storeId)).length;
    expectError(await staff('POST', store, '', { id: 'kept', name: 'Again', itemType: 'product', price: 1 }), 409, 'conflict');
    expectError(await staff('POST', store, '', { name: 'No price', itemType: 'product', price: -1 }), 400, 'validation-failed');
    expectError(await staff('PATCH', store, '/kept', { price: 'free' }), 400, 'validation-failed');
    expectError(await staff('PATCH', store, '/kept/stock', { add: -5 }), 409, 'conflict');
    expectError(await staff('PATCH', store, '/missing', { price: 2 }), 404, 'item-not-found');
    expectError(await staff('PATCH', store, '/missing/stock', { add: 1 }), 404, 'item-not-found');
    expectError(await staff('DELETE', store, '/missing'), 404, 'item-not-found');
    // Another store's item id, named under this store: not found, and that store's item is untouched.
    expectError(await staff('PATCH', store, `/${foreign.id}`, { price: 2 }), 404, 'item-not-found');
    expectError(await staff('DELETE', store, `/${foreign.id}`), 404, 'item-not-found');
    const service = await env.createItem(store, { id: 'massage', itemType: 'service', price: 5, schedule: { durationMinutes: 30, weeklyHours: everyDay } });
    expectError(await staff('PATCH', store, `/${service.id}/stock`, { add: 1 }), 422, 'not-stocked');
    const events = (await itemEventsOf(env, store.storeId)).slice(start);
    assert.deepEqual(events.map((e) => [e.type, e.data.id]), [['catalog.item.created', 'massage']]);
    assert.deepEqual((await itemEventsOf(env, other.storeId)).slice(otherStart), []);
  });

  test('a catalog sync run emits its run event, not one event per item (documented); a rollback the same', async () => {
    const start = (await eventsOf(env, store.storeId)).length;
    const feed = Array.from({ length: 25 }, (_, i) => ({ id: `feed-${i}`, name: `Feed ${i}`, itemType: 'product', price: 1 + i }));
    const run = await env.inject({ method: 'POST', url: `/developer/sync-runs?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { mode: 'upsert', items: feed } });
    assert.equal(run.statusCode, 201, run.body);
    const rollback = await env.inject({ method: 'POST', url: `/developer/sync-runs/${run.data.run.runId}/rollback?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(rollback.statusCode, 200, rollback.body);
    const types = (await eventsOf(env, store.storeId)).slice(start).map((e) => e.type);
    assert.deepEqual(types, ['catalog.sync.succeeded', 'catalog.rolled_back']);
  });
});

describeEachDb('customer.created', (env) => {
  let store: TestStore;
  let key: string;
  let service: any;
  const customers = (rest = '') => `/api/stores/${store.storeId}/customers${rest}`;
  const book = (date: string, time: string, customer: Record<string, unknown>) =>
    env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: { serviceId: service.id, bookingDate: date, bookingTime: time, customer } });
  const customerRecord = async (id: string) => {
    const res = await env.inject({ method: 'GET', url: customers(`/${id}`), headers: env.staffHeaders(store) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data.customer;
  };

  before(async () => {
    store = await env.createStore({ timezone: ZONE, currency: 'GHS' });
    key = await env.createKey(store);
    service = await env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, slotIntervalMinutes: 60, capacity: 5, maxAdvanceDays: 365, weeklyHours: everyDay } });
  });

  test('staff create emits the customer record; a refused create (duplicate email, bad input) emits nothing', async () => {
    const start = (await eventsOf(env, store.storeId, 'customer.created')).length;
    const res = await env.inject({ method: 'POST', url: customers(), headers: env.staffHeaders(store), payload: { name: 'Esi Owusu', email: 'esi@example.test', phone: '024 111 2222', tags: ['vip'], notes: 'prefers mornings' } });
    assert.equal(res.statusCode, 201, res.body);
    expectError(await env.inject({ method: 'POST', url: customers(), headers: env.staffHeaders(store), payload: { name: 'Esi again', email: 'esi@example.test' } }), 409, 'conflict');
    expectError(await env.inject({ method: 'POST', url: customers(), headers: env.staffHeaders(store), payload: { email: 'x' } }), 400, 'validation-failed');
    const events = (await eventsOf(env, store.storeId, 'customer.created')).slice(start);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0].data, await customerRecord(res.data.customer.id));
    assert.deepEqual(events[0].data, res.data.customer);
  });

  test('a booking from a new contact emits customer.created once, with the record as created; later bookings of that contact emit none', async () => {
    const start = (await eventsOf(env, store.storeId, 'customer.created')).length;
    const first = await book(dayAhead(3), '10:00', { name: 'Kwame Boateng', phone: '+233 20 765 4321', email: 'kwame@example.test' });
    assert.equal(first.statusCode, 201, first.body);
    const again = await book(dayAhead(3), '11:00', { name: 'Kwame B.', phone: '020 765 4321', email: 'kwame@example.test' });
    assert.equal(again.statusCode, 201, again.body);
    const byPhone = await book(dayAhead(3), '12:00', { name: 'Kwame', phone: '020 765 4321' });
    assert.equal(byPhone.statusCode, 201, byPhone.body);
    const events = (await eventsOf(env, store.storeId, 'customer.created')).slice(start);
    assert.equal(events.length, 1, 'one customer, created once');
    const customerId = first.data.booking.customerId;
    assert.equal(events[0].data.id, customerId);
    assert.deepEqual(
      { ...events[0].data },
      {
        id: customerId, name: 'Kwame Boateng', email: 'kwame@example.test', phone: '+233 20 765 4321', phoneE164: '+233207654321', notes: null, tags: [], noShowCount: 0,
        createdAt: events[0].data.createdAt, updatedAt: events[0].data.createdAt, bookingsCount: 1, ordersCount: 0, totalSpent: 0, totalSpentMinor: 0,
      },
    );
    // The event is the record as it was created; the record moved on with the later bookings.
    const now = await customerRecord(customerId);
    assert.equal(now.bookingsCount, 3);
    assert.deepEqual(Object.keys(events[0].data).sort(), Object.keys(now).sort());
  });

  test('an order from a new contact emits customer.created (the checkout\'s one-statement path on PostgreSQL) and is queued to a subscribed endpoint in the same transaction', async () => {
    const shop: Shop = await createShop(env);
    const endpointId = await env.createWebhookEndpoint(shop.store, ['customer.created']);
    await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }], { customer: { name: 'Abena', email: 'abena@example.test', phone: '+233 24 555 0000' } });
    await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }], { customer: { name: 'Abena', email: 'abena@example.test' } });
    const events = await eventsOf(env, shop.store.storeId, 'customer.created');
    assert.equal(events.length, 1);
    assert.deepEqual([events[0].data.email, events[0].data.ordersCount, events[0].data.bookingsCount], ['abena@example.test', 1, 0]);
    const orderEvent = (await eventsOf(env, shop.store.storeId, 'order.created'))[0];
    assert.equal(orderEvent.data.customerId, events[0].data.id, 'the order and the customer event name the same customer');
    const queued = await env.db.selectFrom('webhook_deliveries').select(['event_id', 'event_type']).where('store_id', '=', shop.store.storeId).where('endpoint_id', '=', endpointId).execute();
    assert.deepEqual(queued, [{ event_id: events[0].id, event_type: 'customer.created' }], 'only the subscribed type, once');
  });

  test('a booking\'s new customer is queued to a subscribed endpoint (the booking\'s one-statement path on PostgreSQL); a disabled endpoint gets nothing', async () => {
    const wanted = await env.createWebhookEndpoint(store, ['customer.created', 'booking.created']);
    const off = await env.createWebhookEndpoint(store, ['customer.created'], { enabled: false });
    const res = await book(dayAhead(4), '10:00', { name: 'Yaw', phone: '+233 26 000 1111', email: `yaw-${env.dialect.name}@example.test` });
    assert.equal(res.statusCode, 201, res.body);
    const event = (await eventsOf(env, store.storeId, 'customer.created')).find((e) => e.data.id === res.data.booking.customerId);
    assert.ok(event, 'customer.created recorded');
    const queued = await env.db.selectFrom('webhook_deliveries').select(['event_id', 'event_type', 'endpoint_id']).where('store_id', '=', store.storeId).where('endpoint_id', 'in', [wanted, off]).execute();
    assert.deepEqual(queued.map((q) => q.event_type).sort(), ['booking.created', 'customer.created']);
    assert.ok(queued.every((q) => q.endpoint_id === wanted));
    assert.ok(queued.some((q) => q.event_id === event.id));
  });

  test('concurrent bookings with one new email create one customer and one customer.created', async () => {
    const start = (await eventsOf(env, store.storeId, 'customer.created')).length;
    const email = `race-${env.dialect.name}@example.test`;
    const results = await Promise.all(['09:00', '10:00', '11:00', '12:00', '13:00'].map((time) => book(dayAhead(6), time, { name: 'Racer', phone: '+233 27 000 2222', email })));
    for (const r of results) assert.equal(r.statusCode, 201, r.body);
    assert.equal(new Set(results.map((r) => r.data.booking.customerId)).size, 1);
    const events = (await eventsOf(env, store.storeId, 'customer.created')).slice(start);
    assert.equal(events.length, 1);
    assert.equal(events[0].data.id, results[0]!.data.booking.customerId);
  });
});

describeEachDb('order.refunded', (env) => {
  let shop: Shop;
  const staff = (rest: string, payload: unknown = {}) => env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders${rest}`, headers: env.staffHeaders(shop.store), payload: payload as object });

  before(async () => {
    shop = await createShop(env);
  });

  test('a refund emits order.refunded (beside order.updated) with the order as other order events carry it; a refused refund emits nothing', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    expectError(await staff(`/${order.orderId}/refund`), 409, 'conflict');
    assert.deepEqual(await eventsOf(env, shop.store.storeId, 'order.refunded'), []);
    const { token } = await openPayPage(env, order.reference);
    assert.equal((await submitPayForm(env, order.reference, 'pay', token)).statusCode, 303);
    const res = await staff(`/${order.reference}/refund`, { restock: true });
    assert.equal(res.statusCode, 200, res.body);
    expectError(await staff(`/${order.reference}/refund`), 409, 'conflict');
    expectError(await staff('/ord_missing/refund'), 404, 'order-not-found');
    const refunded = await eventsOf(env, shop.store.storeId, 'order.refunded');
    assert.equal(refunded.length, 1);
    const updated = (await eventsOf(env, shop.store.storeId, 'order.updated')).at(-1);
    assert.deepEqual(refunded[0].data, updated.data);
    assert.deepEqual([refunded[0].data.orderId, refunded[0].data.status, refunded[0].data.paymentStatus], [order.orderId, 'refunded', 'refunded']);
    const paid = (await eventsOf(env, shop.store.storeId, 'order.paid'))[0];
    assert.deepEqual(Object.keys(refunded[0].data).sort(), Object.keys(paid.data).sort(), 'the same order record as other order events');
  });
});

describeEachDb('new events: subscription, delivery and /openapi.json schemas', (env) => {
  const receiver = new Receiver();
  let shop: Shop;
  let ajv: AjvType;
  let doc: any;

  before(async () => {
    await receiver.start();
    shop = await createShop(env);
    doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    ajv = new (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020({ strict: false, allErrors: true });
    (require('ajv-formats') as (a: AjvType) => void)(ajv);
    ajv.addSchema({ $id: 'api', components: doc.components });
  });
  after(() => receiver.stop());

  test('/openapi.json has a webhooks entry for every event type: the envelope with that event\'s data schema, and a WebhookEvent union', () => {
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const op = doc.webhooks[type].post;
      assert.equal(op.requestBody.content['application/json'].schema.$ref, `#/components/schemas/${eventSchemaName(type)}`);
      const envelope = doc.components.schemas[eventSchemaName(type)];
      assert.deepEqual(envelope.required, ['id', 'type', 'createdAt', 'storeId', 'data']);
      assert.equal(envelope.properties.type.const, type);
      assert.ok(op.parameters.some((p: any) => p.name === 'webhook-signature' && p.in === 'header'));
    }
    assert.equal(doc.components.schemas['CatalogItemCreatedEvent'].properties.data.$ref, '#/components/schemas/CatalogItem');
    assert.equal(doc.components.schemas['CustomerCreatedEvent'].properties.data.$ref, '#/components/schemas/Customer');
    assert.equal(doc.components.schemas['OrderRefundedEvent'].properties.data.$ref, '#/components/schemas/Order');
    assert.equal(doc.components.schemas.WebhookEvent.oneOf.length, EVENT_TYPES.length);
    const createBody = doc.paths['/developer/webhooks'].post.requestBody.content['application/json'].schema;
    const enumOf = JSON.stringify(createBody);
    for (const type of EVENT_TYPES) assert.ok(enumOf.includes(`"${type}"`), `POST /developer/webhooks accepts ${type}`);
  });

  test('an endpoint subscribed to the new types gets exactly those, signed, and every body matches its schema', async () => {
    const created = await env.inject({
      method: 'POST',
      url: `/developer/webhooks?storeId=${shop.store.storeId}`,
      headers: env.staffHeaders(shop.store),
      payload: { url: `${receiver.baseUrl}/new-events`, events: ['catalog.item.created', 'catalog.item.updated', 'catalog.item.deleted', 'customer.created', 'order.refunded'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.data.endpoint.events, ['catalog.item.created', 'catalog.item.updated', 'catalog.item.deleted', 'customer.created', 'order.refunded']);
    const staffPost = (url: string, payload: unknown, method: 'POST' | 'PATCH' | 'DELETE' = 'POST') =>
      env.inject({ method, url: `/api/stores/${shop.store.storeId}${url}`, headers: env.staffHeaders(shop.store), ...(method === 'DELETE' ? {} : { payload: payload as object }) });
    assert.equal((await staffPost('/items', { id: 'oil', name: 'Oil', itemType: 'product', price: 9, stockCount: 3 })).statusCode, 201);
    assert.equal((await staffPost('/items/oil', { name: 'Coconut oil' }, 'PATCH')).statusCode, 200);
    assert.equal((await staffPost('/items/oil', null, 'DELETE')).statusCode, 200);
    assert.equal((await staffPost('/customers', { name: 'Afia', email: 'afia@example.test' })).statusCode, 201);
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }], { customer: { name: 'Kojo', email: 'kojo@example.test' } });
    const { token } = await openPayPage(env, order.reference);
    assert.equal((await submitPayForm(env, order.reference, 'pay', token)).statusCode, 303);
    assert.equal((await staffPost(`/orders/${order.orderId}/refund`, {})).statusCode, 200);

    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    worker.start();
    try {
      const received = await receiver.waitFor('/new-events', 6);
      const bodies: any[] = received.map((r) => verify(created.data.secret, r));
      assert.deepEqual(bodies.map((b) => b.type).sort(), ['catalog.item.created', 'catalog.item.deleted', 'catalog.item.updated', 'customer.created', 'customer.created', 'order.refunded']);
      const any = ajv.compile<any>({ $ref: 'api#/components/schemas/WebhookEvent' });
      for (const body of bodies) {
        const validate = ajv.compile<any>({ $ref: `api#/components/schemas/${eventSchemaName(body.type)}` });
        assert.ok(validate(body), `${body.type}: ${JSON.stringify(validate.errors)}`);
        assert.ok(any(body), `${body.type} is a WebhookEvent`);
        // The schemas are strict enough to catch a wrong payload.
        assert.ok(!validate({ ...body, data: null }), `${body.type}: a body without its data is refused`);
        assert.ok(!validate({ ...body, type: 'order.paid' }), `${body.type}: another type is refused`);
      }
    } finally {
      await worker.stop();
    }
  });
});

describe('event type list', () => {
  test('has the new types once each', () => {
    for (const type of ['catalog.item.created', 'catalog.item.updated', 'catalog.item.deleted', 'customer.created', 'order.refunded']) {
      assert.equal(EVENT_TYPES.filter((t) => t === type).length, 1, type);
    }
  });
});
