import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { integrationAuthMatrix } from '../helpers/integration-auth-matrix.ts';
import { createOrder, createShop, openPayPage, submitPayForm, type Shop } from '../checkout/helpers.ts';

async function pay(env: Parameters<typeof createOrder>[0], reference: string) {
  const { token } = await openPayPage(env, reference);
  assert.equal((await submitPayForm(env, reference, 'pay', token)).statusCode, 303);
}

describeEachDb('GET /integrationTopSelling', (env) => {
  let shop: Shop;
  let tea: any;
  const top = (query = '', s = shop) => env.inject({ method: 'GET', url: `/integrationTopSelling?storeId=${s.store.storeId}${query}`, headers: env.keyHeaders(s.key) });

  before(async () => {
    shop = await createShop(env);
    tea = await env.createItem(shop.store, { name: 'Tea', price: 2 });
  });

  test('an empty store answers an empty list with the defaults', async () => {
    const res = await top();
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data, { ok: true, storeId: shop.store.storeId, days: 30, limit: 10, currency: 'GHS', products: [] });
  });

  test('counts paid orders only: unpaid, declined and refunded orders do not count', async () => {
    const a = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }, { id: tea.id, qty: 1 }]);
    const b = await createOrder(env, shop, [{ id: tea.id, qty: 5 }]);
    const c = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    await pay(env, a.reference);
    await pay(env, b.reference);
    await pay(env, c.reference);
    // Not counted: pending, declined, refunded.
    await createOrder(env, shop, [{ id: shop.sticker.id, qty: 50 }]);
    const declined = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 40 }]);
    const { token } = await openPayPage(env, declined.reference);
    await submitPayForm(env, declined.reference, 'decline', token);
    const refunded = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 30 }]);
    await pay(env, refunded.reference);
    const refund = await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${refunded.orderId}/refund`, headers: env.staffHeaders(shop.store), payload: {} });
    assert.equal(refund.statusCode, 200, refund.body);

    const res = await top();
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'private, max-age=60');
    assert.deepEqual(res.data.products, [
      { productId: tea.id, name: 'Tea', quantity: 6, revenue: 12, revenueMinor: 1200, ordersCount: 2 },
      { productId: shop.mug.id, name: 'Mug', quantity: 3, revenue: 37.5, revenueMinor: 3750, ordersCount: 2 },
    ]);
    const one = await top('&limit=1&days=7');
    assert.equal(one.data.limit, 1);
    assert.equal(one.data.days, 7);
    assert.deepEqual(one.data.products.map((p: any) => p.productId), [tea.id]);
  });

  test('orders paid before the window are left out', async () => {
    const old = await createShop(env);
    const order = await createOrder(env, old, [{ id: old.mug.id, qty: 1 }]);
    await pay(env, order.reference);
    await env.db.updateTable('orders').set({ paid_at: new Date(Date.now() - 10 * 86_400_000).toISOString() }).where('id', '=', order.orderId).execute();
    assert.equal((await top('&days=30', old)).data.products.length, 1);
    assert.equal((await top('&days=5', old)).data.products.length, 0);
  });

  test('days and limit outside their bounds are 400 validation-failed', async () => {
    for (const q of ['&days=0', '&days=366', '&days=abc', '&limit=0', '&limit=101', '&limit=2.5']) expectError(await top(q), 400, 'validation-failed');
  });

  test('another store sees only its own sales', async () => {
    const other = await createShop(env);
    const res = await top('', other);
    assert.deepEqual(res.data.products, []);
  });

  integrationAuthMatrix(env, { path: '/integrationTopSelling', scope: 'catalog:read', scopesWithoutIt: ['checkout:write', 'orders:read'] });
});

describeEachDb('GET /api/stores/:storeId/reports/sales', (env) => {
  let shop: Shop;
  before(async () => {
    shop = await createShop(env);
  });
  const sales = (query: string, headers = env.staffHeaders(shop.store), s = shop) =>
    env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/reports/sales${query}`, headers });

  test('paid orders per day in the store time zone, every day listed', async () => {
    const a = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const b = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    await createOrder(env, shop, [{ id: shop.mug.id, qty: 3 }]);
    await pay(env, a.reference);
    await pay(env, b.reference);
    // Africa/Accra is UTC+0. Pin both payment times (noon today, noon yesterday) so the test holds at midnight.
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T12:00:00.000Z`) - 86_400_000);
    await env.db.updateTable('orders').set({ paid_at: yesterday.toISOString() }).where('id', '=', a.orderId).execute();
    await env.db.updateTable('orders').set({ paid_at: `${today}T12:00:00.000Z` }).where('id', '=', b.orderId).execute();
    const from = new Date(now - 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await sales(`?from=${from}&to=${today}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.timezone, 'Africa/Accra');
    assert.equal(res.data.days.length, 3);
    assert.deepEqual(res.data.days[0], { date: from, ordersCount: 0, revenue: 0, revenueMinor: 0 });
    assert.deepEqual(res.data.days[1], { date: yesterday.toISOString().slice(0, 10), ordersCount: 1, revenue: 12.5, revenueMinor: 1250 });
    assert.deepEqual(res.data.days[2], { date: today, ordersCount: 1, revenue: 25, revenueMinor: 2500 });
    assert.deepEqual(res.data.totals, { ordersCount: 2, revenue: 37.5, revenueMinor: 3750 });
  });

  test('bad ranges are 400', async () => {
    expectError(await sales('?from=2026-01-10&to=2026-01-01'), 400, 'invalid-range');
    expectError(await sales('?from=2024-01-01&to=2026-01-01'), 400, 'invalid-range');
    expectError(await sales('?from=2026-13-01&to=2026-13-02'), 400, 'invalid-range');
    expectError(await sales('?from=yesterday&to=today'), 400, 'validation-failed');
    expectError(await sales(''), 400, 'validation-failed');
  });

  test('staff of another store are 403; no session is 401', async () => {
    const other = await createShop(env);
    expectError(await sales('?from=2026-01-01&to=2026-01-02', env.staffHeaders(other.store)), 403, 'forbidden');
    expectError(await sales('?from=2026-01-01&to=2026-01-02', {}), 401, 'unauthorized');
  });
});
