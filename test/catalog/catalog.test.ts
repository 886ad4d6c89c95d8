import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';

const schedule = { durationMinutes: 45, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] };

describeEachDb('catalog', (env) => {
  let store: TestStore;
  let key: string;
  let url: string;

  test('setup: a store with products, services, a course and an unpublished item', async () => {
    store = await env.createStore({ currency: 'GHS' });
    key = await env.createKey(store);
    url = `/v1IntegrationProducts?storeId=${store.storeId}`;
    await env.createItem(store, { id: 'shea-butter', name: 'Shea Butter', price: 25.5, stockCount: 3, category: 'Skin', imageUrl: 'https://img.example/shea.jpg', imageUrls: ['https://img.example/shea-2.jpg'], imageAlt: 'A jar' });
    await env.createItem(store, { id: 'soap', name: 'Black Soap', priceMinor: 1000 });
    await env.createItem(store, { id: 'braids', name: 'Box Braids', itemType: 'service', price: 150, schedule });
    await env.createItem(store, { id: 'course-1', name: 'Braiding Course', itemType: 'course', price: 900 });
    await env.createItem(store, { id: 'secret', name: 'Unreleased', price: 1, published: false });
  });

  test('GET /v1IntegrationProducts returns every SPEC field and the three arrays', async () => {
    const res = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    assert.equal(res.statusCode, 200);
    const body = res.data;
    assert.equal(body.ok, true);
    assert.equal(body.storeId, store.storeId);
    assert.equal(body.count, 4);
    assert.equal(body.products.length, 4);
    assert.deepEqual(body.publicProducts.map((p: any) => p.id).sort(), ['shea-butter', 'soap']);
    assert.deepEqual(body.publicServices.map((p: any) => p.id), ['braids']);
    const shea = body.products.find((p: any) => p.id === 'shea-butter');
    for (const field of ['id', 'storeId', 'name', 'category', 'description', 'price', 'priceMinor', 'stockCount', 'itemType', 'type', 'imageUrl', 'imageUrls', 'imageAlt', 'updatedAt']) {
      assert.ok(field in shea, `${field} present`);
    }
    assert.equal(shea.price, 25.5);
    assert.equal(shea.priceMinor, 2550);
    assert.equal(shea.stockCount, 3);
    assert.equal(shea.type, 'PRODUCT');
    assert.equal(shea.itemType, 'product');
    assert.deepEqual(shea.imageUrls, ['https://img.example/shea-2.jpg']);
    assert.match(shea.updatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const soap = body.products.find((p: any) => p.id === 'soap');
    assert.equal(soap.stockCount, null);
    assert.equal(soap.price, 10);
    assert.equal(body.products.find((p: any) => p.id === 'braids').type, 'SERVICE');
    assert.ok(!res.body.includes('Unreleased'), 'unpublished items never appear');
    assert.equal(res.headers['cache-control'], 'private, max-age=60');
  });

  test('findItem reads the store currency through the given transaction (no wait on SQLite)', { timeout: 10_000 }, async () => {
    const item = await env.createItem(store, { name: 'Inside a transaction', price: 7 });
    const found = await env.db.transaction().execute((trx) => env.app.ctx.services.catalog.findItem(trx, store.storeId, item.id));
    assert.equal(found?.id, item.id);
    assert.equal(found?.price, 7);
  });

  test('ETag and If-None-Match give 304; a write changes the ETag at once', async () => {
    const first = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    const etag = String(first.headers.etag);
    assert.ok(etag.startsWith('"'));
    const cached = await env.inject({ method: 'GET', url, headers: { ...env.keyHeaders(key), 'if-none-match': etag } });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, '');
    const patch = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/soap`, headers: env.staffHeaders(store), payload: { price: 12 } });
    assert.equal(patch.statusCode, 200);
    assert.equal(patch.data.item.priceMinor, 1200);
    const after = await env.inject({ method: 'GET', url, headers: { ...env.keyHeaders(key), 'if-none-match': etag } });
    assert.equal(after.statusCode, 200);
    assert.notEqual(after.headers.etag, etag);
    assert.equal(after.data.products.find((p: any) => p.id === 'soap').price, 12);
  });

  test('unpublishing hides an item everywhere at once; deleting removes it', async () => {
    await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/shea-butter`, headers: env.staffHeaders(store), payload: { published: false } });
    for (const path of [url, `/integrationProducts?storeId=${store.storeId}`]) {
      const res = await env.inject({ method: 'GET', url: path, headers: env.keyHeaders(key) });
      assert.ok(!res.body.includes('shea-butter'), path);
    }
    const pub = await env.inject({ method: 'GET', url: `/publicQuickPayCatalog?storeId=${store.storeId}` });
    assert.ok(!pub.body.includes('shea-butter'));
    await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/shea-butter`, headers: env.staffHeaders(store), payload: { published: true } });
    const del = await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/items/course-1`, headers: env.staffHeaders(store) });
    assert.equal(del.statusCode, 200);
    const res = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    assert.ok(!res.body.includes('course-1'));
    expectError(await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/items/course-1`, headers: env.staffHeaders(store) }), 404, 'item-not-found');
  });

  test('GET /integrationProducts has the legacy shape with integer minor-unit prices and updatedSince', async () => {
    const res = await env.inject({ method: 'GET', url: `/integrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.storeId, store.storeId);
    const soap = res.data.products.find((p: any) => p.id === 'soap');
    assert.deepEqual(Object.keys(soap).sort(), ['currency', 'id', 'name', 'price', 'updatedAt']);
    assert.equal(soap.price, 1200);
    assert.equal(soap.currency, 'GHS');
    const future = await env.inject({ method: 'GET', url: `/integrationProducts?storeId=${store.storeId}&updatedSince=2999-01-01T00:00:00Z`, headers: env.keyHeaders(key) });
    assert.deepEqual(future.data.products, []);
    expectError(await env.inject({ method: 'GET', url: `/integrationProducts?storeId=${store.storeId}&updatedSince=yesterday`, headers: env.keyHeaders(key) }), 400, 'validation-failed');
  });

  test('GET /publicQuickPayCatalog needs no key and shows no stock counts', async () => {
    const res = await env.inject({ method: 'GET', url: `/publicQuickPayCatalog?storeId=${store.storeId}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.storeName.length > 0, true);
    assert.equal(res.data.currency, 'GHS');
    for (const p of res.data.products) {
      assert.ok(!('stockCount' in p));
      assert.equal(typeof p.inStock, 'boolean');
    }
    expectError(await env.inject({ method: 'GET', url: '/publicQuickPayCatalog?storeId=nosuchstore' }), 404, 'store-not-found');
    expectError(await env.inject({ method: 'GET', url: '/publicQuickPayCatalog' }), 400, 'missing-store-id');
    expectError(await env.inject({ method: 'GET', url: '/publicQuickPayCatalog?storeId=' }), 400, 'missing-store-id');
  });

  test('staff item input is validated with field details', async () => {
    const post = (payload: unknown) => env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/items`, headers: env.staffHeaders(store), payload: payload as object });
    const cases: [unknown, string][] = [
      [{ itemType: 'product', price: 1 }, 'name'],
      [{ name: 'X', itemType: 'gadget', price: 1 }, 'itemType'],
      [{ name: 'X', itemType: 'product' }, 'price'],
      [{ name: 'X', itemType: 'product', price: -1 }, 'price'],
      [{ name: 'X', itemType: 'product', price: '10' }, 'price'],
      [{ name: 'X', itemType: 'product', price: 1, stockCount: 1.5 }, 'stockCount'],
      [{ name: 'X', itemType: 'product', price: 1, imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ name: 'X', itemType: 'product', price: 1, imageUrls: ['ftp://x/y.png'] }, 'imageUrls'],
      [{ name: 'X', itemType: 'product', price: 1, schedule }, 'schedule'],
      [{ name: 'X', itemType: 'service', price: 1, schedule: { weeklyHours: [{ day: 'mon', start: '18:00', end: '09:00' }] } }, 'schedule.weeklyHours.0.end'],
      [{ name: 'X', itemType: 'service', price: 1, schedule: { weeklyHours: [{ day: 'someday', start: '09:00', end: '10:00' }] } }, 'schedule.weeklyHours.0.day'],
      [{ id: 'bad id with spaces', name: 'X', itemType: 'product', price: 1 }, 'id'],
      [{ name: 'x'.repeat(201), itemType: 'product', price: 1 }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field.startsWith(field)), `${field} named in ${res.body}`);
    }
    const dup = await post({ id: 'soap', name: 'Again', itemType: 'product', price: 1 });
    expectError(dup, 409, 'conflict');
    const hostile = await post({ name: '<script>alert(1)</script>', itemType: 'product', price: 1, description: '"><img src=x onerror=alert(1)>' });
    assert.equal(hostile.statusCode, 201);
    assert.equal(hostile.data.item.name, '<script>alert(1)</script>', 'stored as data, returned as JSON');
    expectError(await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/nope`, headers: env.staffHeaders(store), payload: { price: 1 } }), 404, 'item-not-found');
  });

  test('tenant walls: store B’s key and staff read and write nothing of store A’s catalog', async () => {
    const b = await env.createStore();
    const keyB = await env.createKey(b);
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(keyB) }), 401, 'invalid-api-key');
    expectError(await env.inject({ method: 'GET', url: `/integrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(keyB) }), 401, 'invalid-api-key');
    const own = await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${b.storeId}`, headers: env.keyHeaders(keyB) });
    assert.equal(own.data.count, 0);
    const attempts = [
      ['GET', `/api/stores/${store.storeId}/items`],
      ['GET', `/api/stores/${store.storeId}/items/soap`],
      ['POST', `/api/stores/${store.storeId}/items`],
      ['PATCH', `/api/stores/${store.storeId}/items/soap`],
      ['DELETE', `/api/stores/${store.storeId}/items/soap`],
    ] as const;
    for (const [method, path] of attempts) {
      const res = await env.inject({ method, url: path, headers: env.staffHeaders(b), payload: method === 'POST' || method === 'PATCH' ? { name: 'Pwned', itemType: 'product', price: 0 } : undefined });
      expectError(res, 403, 'forbidden');
    }
    // B's own item with the same id does not touch A's.
    await env.createItem(b, { id: 'soap', name: 'B soap', price: 1 });
    const a = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    assert.equal(a.data.products.find((p: any) => p.id === 'soap').name, 'Black Soap');
  });
});
