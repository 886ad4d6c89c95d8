// CONTRACT §9: staff (/api/…) and developer (/developer/…) writes refuse fields they do not know,
// naming each one; integration endpoints accept and ignore them (SPEC.md's extended payloads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type Response } from '../helpers/app.ts';

function unknownFieldsOf(res: Response): string[] {
  expectError(res, 400, 'validation-failed');
  return res.data.details.filter((d: any) => d.message === 'unknown field').map((d: any) => d.field);
}

/** Every object schema reachable from `schema`, with its path. */
function objectSchemas(schema: any, path: string, out: [string, any][] = []): [string, any][] {
  if (!schema || typeof schema !== 'object') return out;
  if (schema.type === 'object' && schema.properties) out.push([path, schema]);
  for (const [name, sub] of Object.entries<any>(schema.properties ?? {})) objectSchemas(sub, `${path}.${name}`, out);
  if (schema.items) objectSchemas(schema.items, `${path}[]`, out);
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) objectSchemas(sub, path, out);
  return out;
}

describeEachDb('unknown fields on writes', (env) => {
  test('a misspelled field on a staff item update is refused by name and changes nothing', async () => {
    const store = await env.createStore();
    const item = await env.createItem(store, { price: 12 });
    const res = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${item.id}`, headers: env.staffHeaders(store), payload: { prize: 999 } });
    assert.deepEqual(res.data.details, [{ field: 'prize', message: 'unknown field' }]);
    expectError(res, 400, 'validation-failed');
    const after = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${item.id}`, headers: env.staffHeaders(store) });
    assert.equal(after.data.item.price, 12);
    assert.equal(after.data.item.updatedAt, item.updatedAt);
  });

  test('creating an item with misspelled fields names each one and creates nothing', async () => {
    const store = await env.createStore();
    const res = await env.inject({
      method: 'POST',
      url: `/api/stores/${store.storeId}/items`,
      headers: env.staffHeaders(store),
      payload: { name: 'Soap', itemType: 'product', price: 5, pubished: false, stock: 5 },
    });
    assert.deepEqual(unknownFieldsOf(res).sort(), ['pubished', 'stock']);
    const list = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: env.staffHeaders(store) });
    assert.equal(list.data.items.length, 0);
  });

  test('unknown fields inside nested objects are named with their path', async () => {
    const store = await env.createStore();
    const staff = env.staffHeaders(store);
    const service = await env.inject({
      method: 'POST',
      url: `/api/stores/${store.storeId}/items`,
      headers: staff,
      payload: { name: 'Braids', itemType: 'service', price: 50, schedule: { durationMinutes: 60, capcity: 2, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00', open: true }] } },
    });
    assert.deepEqual(unknownFieldsOf(service).sort(), ['schedule.capcity', 'schedule.weeklyHours.0.open']);
    const settings = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: staff, payload: { settings: { feeBearer: 'store', fee: 1 } } });
    assert.deepEqual(unknownFieldsOf(settings), ['settings.fee']);
    const signup = await env.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nested@example.test', password: 'long enough pw', name: 'N', store: { name: 'Nested', curency: 'GHS' } },
    });
    assert.deepEqual(unknownFieldsOf(signup), ['store.curency']);
  });

  test('staff and developer writes each refuse an unknown field; integration writes ignore them', async () => {
    const store = await env.createStore();
    const staff = env.staffHeaders(store);
    const S = `/api/stores/${store.storeId}`;
    const item = await env.createItem(store, {});
    const customer = await env.inject({ method: 'POST', url: `${S}/customers`, headers: staff, payload: { name: 'Esi' } });
    const gallery = await env.inject({ method: 'POST', url: `${S}/gallery`, headers: staff, payload: { url: 'https://img.example/a.png' } });
    const video = await env.inject({ method: 'POST', url: `${S}/videos`, headers: staff, payload: { title: 'Tour', url: 'https://video.example/v/1' } });
    const post = await env.inject({ method: 'POST', url: `${S}/blog/posts`, headers: staff, payload: { title: 'Hello there', contentHtml: '<p>x</p>' } });
    const hook = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: staff, payload: { url: 'http://127.0.0.1:9/hook' } });
    const routes: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/auth/login', { email: store.email, password: store.password }],
      ['PATCH', S, { notificationsEnabled: false }],
      ['POST', `${S}/members`, { email: 'member@example.test', role: 'staff' }],
      ['POST', `${S}/items`, { name: 'Mug', itemType: 'product', price: 3 }],
      ['PATCH', `${S}/items/${item.id}`, { price: 4 }],
      ['POST', `${S}/customers`, { name: 'Kwame' }],
      ['PATCH', `${S}/customers/${customer.data.customer.id}`, { name: 'Esi M.' }],
      ['POST', `${S}/gallery`, { url: 'https://img.example/b.png' }],
      ['PATCH', `${S}/gallery/${gallery.data.entry.id}`, { caption: 'x' }],
      ['PUT', `${S}/promo`, { title: 'Sale' }],
      ['POST', `${S}/videos`, { title: 'Tour 2', url: 'https://video.example/v/2' }],
      ['PATCH', `${S}/videos/${video.data.video.id}`, { title: 'Tour 1' }],
      ['POST', `${S}/blog/posts`, { title: 'Another post', contentHtml: '' }],
      ['PATCH', `${S}/blog/posts/${post.data.post.id}`, { title: 'Hello again' }],
      ['POST', `${S}/blog/posts/${post.data.post.id}/unpublish`, {}],
      ['POST', `/developer/keys?storeId=${store.storeId}`, { name: 'Site' }],
      ['POST', `/developer/webhooks?storeId=${store.storeId}`, { url: 'http://127.0.0.1:9/other' }],
      ['PATCH', `/developer/webhooks/${hook.data.endpoint.endpointId}?storeId=${store.storeId}`, { enabled: false }],
      ['POST', `/developer/sync-runs?storeId=${store.storeId}`, { mode: 'upsert', items: [] }],
    ];
    for (const [method, url, body] of routes) {
      const res = await env.inject({ method: method as 'POST', url, headers: staff, payload: { ...body, zzUnknown: 1 } });
      assert.deepEqual(unknownFieldsOf(res), ['zzUnknown'], `${method} ${url}: ${res.body}`);
    }

    // Integration writes accept and ignore them (SPEC.md's extended payloads carry extra keys).
    const key = await env.createKey(store);
    const mug = await env.createItem(store, { price: 2, stockCount: 5 });
    const checkout = await env.inject({
      method: 'POST',
      url: '/integrationCheckoutCreate',
      headers: env.keyHeaders(key),
      payload: {
        storeId: store.storeId,
        store_id: store.storeId,
        items: [{ item_id: mug.id, qty: 1, colour: 'blue' }],
        customer: { name: 'Ama', email: 'ama@example.test', nickname: 'A' },
        paymentMethod: 'cash',
        loyaltyCard: '123',
      },
    });
    assert.equal(checkout.statusCode, 201, checkout.body);
    const service = await env.createItem(store, { itemType: 'service', price: 5, schedule: { weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '00:00', end: '24:00' })) } });
    const slots = await env.inject({
      method: 'GET',
      url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${service.id}&from=${new Date(Date.now() + 86_400_000).toISOString()}&to=${new Date(Date.now() + 3 * 86_400_000).toISOString()}`,
      headers: env.keyHeaders(key),
    });
    const slot = slots.data.slots[0];
    const booking = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId: service.id, bookingDate: slot.date, bookingTime: slot.time, customer: { name: 'Ama', phone: '0244000000', title: 'Ms' }, attributes: { anything: { goes: [1] } }, referrer: 'x' },
    });
    assert.equal(booking.statusCode, 201, booking.body);
  });

  test('every staff and developer JSON body in /openapi.json refuses unknown fields, nested objects too', async () => {
    const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    let checked = 0;
    for (const [path, operations] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/') && !path.startsWith('/developer/')) continue;
      for (const [method, operation] of Object.entries<any>(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        for (const [at, object] of objectSchemas(schema, 'body')) {
          checked++;
          assert.equal(object.additionalProperties, false, `${method.toUpperCase()} ${path} ${at}`);
        }
      }
    }
    assert.ok(checked > 25, `${checked} body schemas checked`);
  });

  test('a sync feed item with an unknown field fails the run, naming the row and the field', async () => {
    const store = await env.createStore();
    const res = await env.inject({
      method: 'POST',
      url: `/developer/sync-runs?storeId=${store.storeId}`,
      headers: env.staffHeaders(store),
      payload: { mode: 'upsert', items: [{ id: 'soap', name: 'Soap', itemType: 'product', price: 5, stok: 3 }] },
    });
    expectError(res, 400, 'validation-failed');
    assert.deepEqual(res.data.details, [{ field: 'items.0', message: 'soap: stok: unknown field' }]);
    assert.equal(res.data.run.status, 'failed');
    const csv = await env.inject({
      method: 'POST',
      url: `/developer/sync-runs?storeId=${store.storeId}&mode=upsert`,
      headers: { ...env.staffHeaders(store), 'content-type': 'text/csv' },
      payload: 'id,name,itemType,price,colour\nsoap,Soap,product,5,red\n',
    });
    expectError(csv, 400, 'invalid-csv');
    assert.match(csv.data.details[0].message, /unknown column "colour"/);
  });
});
