// CONTRACT §9: one validation answer lists every bad field, enum errors name the allowed values,
// and the caller reads plain messages, never the validator's own wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type Response, type TestEnv, type TestStore } from '../helpers/app.ts';

/** Ajv's default wording: none of it may reach a caller. */
const VALIDATOR_WORDING = /must NOT|must match|equal to constant|in anyOf|required property|must be [<>]=|additional properties|must be (string|number|integer|boolean|object|array|null)$/;

function details(res: Response): { field: string; message: string }[] {
  expectError(res, 400, 'validation-failed');
  for (const d of res.data.details) assert.doesNotMatch(d.message, VALIDATOR_WORDING, `${d.field}: ${d.message}`);
  return res.data.details;
}

const fields = (res: Response) => [...new Set(details(res).map((d) => d.field))].sort();

async function bookableService(env: TestEnv, store: TestStore) {
  return env.createItem(store, { itemType: 'service', price: 5, schedule: { weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] } });
}

describeEachDb('validation answers', (env) => {
  test('a booking with an empty name, a bad date, a bad time and a bad phone reports all four at once', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const service = await bookableService(env, store);
    const book = (body: Record<string, unknown>) => env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: body });
    const res = await book({ serviceId: service.id, bookingDate: '2026-02-30', bookingTime: '25:00', customer: { name: '', phone: '12' } });
    assert.deepEqual(fields(res), ['bookingDate', 'bookingTime', 'customer.name', 'customer.phone']);
    // A wrong type found by the schema does not hide the service's own checks either.
    const mixed = await book({ serviceId: service.id, bookingDate: 'soon', bookingTime: 930, customer: { name: 'Ama', phone: '1' } });
    assert.deepEqual(fields(mixed), ['bookingDate', 'bookingTime', 'customer.phone']);
  });

  test('schema errors and a route\'s own checks come back together on staff writes', async () => {
    const store = await env.createStore();
    const staff = env.staffHeaders(store);
    const item = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/items`, headers: staff, payload: { name: 'Mug', itemType: 'product', prize: 5 } });
    assert.deepEqual(fields(item), ['price', 'prize']);
    const post = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/blog/posts`, headers: staff, payload: { title: 'abc', slug: 7, contentHtml: '' } });
    assert.deepEqual(fields(post), ['slug', 'title']);
    const promo = await env.inject({ method: 'PUT', url: `/api/stores/${store.storeId}/promo`, headers: staff, payload: { title: 'Sale', ctaLabel: 5, startsAt: 'tomorrow' } });
    assert.deepEqual(fields(promo), ['ctaLabel', 'startsAt']);
  });

  test('an enum error lists the allowed values in one detail', async () => {
    const store = await env.createStore();
    const list = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings?status=bogus`, headers: env.staffHeaders(store) });
    assert.deepEqual(details(list), [{ field: 'status', message: 'must be one of: pending, pending_approval, confirmed, completed, cancelled, rescheduled' }]);
    const item = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/items`, headers: env.staffHeaders(store), payload: { name: 'Mug', itemType: 'gadget', price: 1 } });
    assert.deepEqual(details(item), [{ field: 'itemType', message: 'must be one of: product, service, course' }]);
  });

  test('validator keywords read as plain messages with dotted field paths', async () => {
    const store = await env.createStore();
    const staff = env.staffHeaders(store);
    const S = `/api/stores/${store.storeId}`;
    const cases: [string, string, unknown, { field: string; message: string }][] = [
      ['POST', '/api/auth/signup', { password: 'long enough pw', name: 'A', store: { name: 'S' } }, { field: 'email', message: 'is required' }],
      ['POST', '/api/auth/signup', { email: 'nope', password: 'long enough pw', name: 'A', store: { name: 'S' } }, { field: 'email', message: 'must be a valid email address' }],
      ['POST', '/api/auth/signup', { email: 'a@b.test', password: 'short', name: 'A', store: { name: 'S' } }, { field: 'password', message: 'must be at least 10 characters' }],
      ['PATCH', S, { name: 'x'.repeat(121) }, { field: 'name', message: 'must be at most 120 characters' }],
      ['PATCH', S, { settings: { platformFeeBps: -1 } }, { field: 'settings.platformFeeBps', message: 'must be at least 0' }],
      ['PATCH', S, { notificationsEnabled: 'yes' }, { field: 'notificationsEnabled', message: 'must be true or false' }],
      ['PATCH', S, { currency: 'cedi' }, { field: 'currency', message: 'must be a three-letter ISO 4217 code in capitals, e.g. GHS' }],
      ['PATCH', S, {}, { field: 'body', message: 'must have at least one field' }],
      ['POST', `${S}/items`, { name: 'Mug', itemType: 'product', price: 1, category: 5 }, { field: 'category', message: 'must be a string or null' }],
      ['POST', `${S}/items`, { name: 'Mug', itemType: 'product', priceMinor: 1.5 }, { field: 'priceMinor', message: 'must be an integer' }],
      ['POST', `${S}/items`, { name: 'Cut', itemType: 'service', price: 1, schedule: { weeklyHours: [{ day: 'mon', start: '9am', end: '17:00' }] } }, { field: 'schedule.weeklyHours.0.start', message: 'must be a time HH:MM (00:00–23:59)' }],
      ['POST', `${S}/items`, [1], { field: 'body', message: 'must be an object' }],
    ];
    for (const [method, url, payload, expected] of cases) {
      const res = await env.inject({ method: method as 'POST', url, headers: staff, payload: payload as object });
      assert.ok(
        details(res).some((d) => d.field === expected.field && d.message === expected.message),
        `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`,
      );
    }
    const checkout = await env.inject({
      method: 'POST',
      url: `/v1IntegrationCheckoutPreview?storeId=${store.storeId}`,
      headers: env.keyHeaders(await env.createKey(store)),
      payload: { items: [{ item_id: 'mug', qty: 0 }] },
    });
    assert.deepEqual(details(checkout), [{ field: 'items.0.qty', message: 'must be at least 1' }]);
  });
});
