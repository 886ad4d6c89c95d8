// POST /v1IntegrationCheckoutCancel, both engines: a website cancels a checkout of its own that is
// still waiting for payment (a cart across stores whose other checkout failed): cancelled, stock back
// at once, order.updated; a paid, cancelled or unknown order is refused; another store's order is not
// found with this store's key; the key needs checkout:write; Idempotency-Key replays; bad bodies are 400.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { createOrder, createShop, eventsOf, openPayPage, stockOf, submitPayForm, type Shop } from './helpers.ts';

describeEachDb('POST /v1IntegrationCheckoutCancel', (env) => {
  let shop: Shop;
  let other: Shop;

  before(async () => {
    shop = await createShop(env);
    other = await createShop(env);
  });

  const cancel = (body: unknown, key = shop.key, s: Shop = shop, headers: Record<string, string> = {}) =>
    env.inject({ method: 'POST', url: `/v1IntegrationCheckoutCancel?storeId=${s.store.storeId}`, headers: { ...env.keyHeaders(key), 'content-type': 'application/json', ...headers }, payload: body as object });

  test('a pending checkout is cancelled, its stock back at once, order.updated emitted; by reference or clientOrderId', async () => {
    const before = await stockOf(env, shop, shop.mug.id);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 3 }]);
    assert.equal(await stockOf(env, shop, shop.mug.id), before! - 3);
    const res = await cancel({ reference: order.reference });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.order.status, 'cancelled');
    assert.equal(res.data.order.reference, order.reference);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(await stockOf(env, shop, shop.mug.id), before);
    assert.ok((await eventsOf(env, shop.store.storeId, 'order.updated')).some((e) => e.data.reference === order.reference && e.data.status === 'cancelled'));
    // Twice: no longer waiting for payment.
    expectError(await cancel({ reference: order.reference }), 409, 'conflict');
    const second = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    const byClientId = await cancel({ reference: second.clientOrderId });
    assert.equal(byClientId.statusCode, 200, byClientId.body);
    assert.equal(byClientId.data.order.status, 'cancelled');
  });

  test('a paid checkout is refused (409) and stays paid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const { token } = await openPayPage(env, order.reference);
    assert.equal((await submitPayForm(env, order.reference, 'pay', token)).statusCode, 303);
    const res = await cancel({ reference: order.reference });
    expectError(res, 409, 'conflict');
    assert.equal(res.data.details[0].message, 'order is paid');
  });

  test('unknown and foreign orders are 404; the key needs checkout:write; bad bodies are 400', async () => {
    expectError(await cancel({ reference: 'ORD-NOSUCHORDER1' }), 404, 'order-not-found');
    const theirs = await createOrder(env, other, [{ id: other.mug.id, qty: 1 }]);
    // This store's key, this store's id, another store's reference: not found here.
    expectError(await cancel({ reference: theirs.reference }), 404, 'order-not-found');
    // This store's key naming the other store: refused before anything is read.
    expectError(await cancel({ reference: theirs.reference }, shop.key, other), 401, 'invalid-api-key');
    const readOnly = await env.createKey(shop.store, ['catalog:read']);
    expectError(await cancel({ reference: theirs.reference }, readOnly), 403, 'forbidden');
    expectError(await cancel({}), 400, 'validation-failed');
    expectError(await cancel({ reference: '' }), 400, 'validation-failed');
    expectError(await cancel({ reference: 'x'.repeat(201) }), 400, 'validation-failed');
    expectError(await cancel({ reference: 42 }), 400, 'validation-failed');
    const raw = await env.inject({ method: 'POST', url: `/v1IntegrationCheckoutCancel?storeId=${shop.store.storeId}`, headers: { ...env.keyHeaders(shop.key), 'content-type': 'application/json' }, payload: '{"reference":' });
    expectError(raw, 400, 'invalid-json');
    // The other store's order is untouched.
    const status = await env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus?storeId=${other.store.storeId}&reference=${theirs.reference}`, headers: env.keyHeaders(other.key) });
    assert.equal(status.data.order.status, 'pending_payment');
  });

  test('an Idempotency-Key replays the first answer; racing cancels of one order: one 200, the rest 409', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const first = await cancel({ reference: order.reference }, shop.key, shop, { 'idempotency-key': `cancel-${order.reference}` });
    const replay = await cancel({ reference: order.reference }, shop.key, shop, { 'idempotency-key': `cancel-${order.reference}` });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(replay.statusCode, 200, replay.body);
    assert.deepEqual(replay.data, first.data);
    const raced = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    const stock = await stockOf(env, shop, shop.mug.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel({ reference: raced.reference })));
    assert.equal(results.filter((r) => r.statusCode === 200).length, 1, JSON.stringify(results.map((r) => r.statusCode)));
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, 'conflict');
    assert.equal(await stockOf(env, shop, shop.mug.id), stock! + 2, 'stock returned once');
  });
});
