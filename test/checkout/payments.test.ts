import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { startCheckoutWorkers } from '../../src/modules/checkout/workers.ts';
import { basicPayload, checkout, createOrder, createShop, eventsOf, openPayPage, orderStatus, stockOf, submitPayForm, type Shop } from './helpers.ts';

function redirectParams(location: string | undefined) {
  assert.ok(location, 'has a Location header');
  const url = new URL(location);
  return { url, trxref: url.searchParams.get('trxref'), reference: url.searchParams.get('reference') };
}

describeEachDb('sandbox hosted payment page', (env) => {
  let shop: Shop;
  before(async () => {
    shop = await createShop(env);
  });

  test('GET /pay/{reference} shows store, items, total and Pay / Decline / Cancel, with a strict CSP', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    const { page, token } = await openPayPage(env, order.reference);
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(page.body, /Ama&#39;s Shop|Ama’s Shop/);
    assert.match(page.body, /Mug/);
    assert.match(page.body, /25\.00/);
    for (const action of ['pay', 'decline', 'cancel']) assert.match(page.body, new RegExp(`name="action" value="${action}"`));
    assert.ok(token && token.length >= 20, 'a CSRF token is embedded');
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /form-action 'self' https:\/\/shop\.example\.test/);
    assert.match(csp, /default-src 'none'/);
    assert.equal((await env.inject({ method: 'GET', url: '/pay/ORD-NOTREAL00000' })).statusCode, 404);
  });

  test('hostile item and store names are escaped on the page', async () => {
    const evil = await createShop(env);
    const renamed = await env.inject({ method: 'PATCH', url: `/api/stores/${evil.store.storeId}`, headers: env.staffHeaders(evil.store), payload: { name: '<script>alert("s")</script>' } });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const item = await env.createItem(evil.store, { name: '<img src=x onerror=alert(1)>"\'', price: 1 });
    const order = await createOrder(env, evil, [{ id: item.id, qty: 1 }]);
    const { page } = await openPayPage(env, order.reference);
    assert.equal(page.statusCode, 200);
    assert.ok(!page.body.includes('<script>alert'), 'no raw script tag');
    assert.ok(!page.body.includes('<img src=x'), 'no raw img tag');
    assert.match(page.body, /&lt;img src=x onerror=alert\(1\)&gt;&quot;&#39;/);
    assert.match(page.body, /&lt;script&gt;alert\(&quot;s&quot;\)&lt;\/script&gt;/);
  });

  test('Pay → 303 to returnUrl with trxref and reference; order paid, order.paid emitted, status lookup agrees', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const { token } = await openPayPage(env, order.reference);
    const res = await submitPayForm(env, order.reference, 'pay', token);
    assert.equal(res.statusCode, 303, res.body);
    const { url, trxref, reference } = redirectParams(res.headers.location as string);
    assert.equal(`${url.origin}${url.pathname}`, 'https://shop.example.test/checkout/success');
    assert.equal(url.searchParams.get('x'), '1', 'existing query kept');
    assert.equal(trxref, order.reference);
    assert.equal(reference, order.reference);

    for (const q of [`reference=${order.reference}`, `trxref=${order.reference}`, `reference=${order.clientOrderId}`, `clientOrderId=${order.clientOrderId}`]) {
      const status = await orderStatus(env, shop, q);
      assert.equal(status.statusCode, 200, status.body);
      assert.equal(status.headers['cache-control'], 'no-store');
      const o = status.data.order;
      assert.equal(o.reference, order.reference);
      assert.equal(o.status, 'paid');
      assert.equal(o.paymentStatus, 'paid');
      assert.equal(o.amountPaidMinor, 1250);
      assert.equal(o.amountPaid, 12.5);
      assert.equal(o.paymentReference, order.reference);
      assert.ok(o.paidAt);
      for (const field of ['orderId', 'reference', 'clientOrderId', 'status', 'paymentStatus', 'paymentReference', 'amountPaid', 'amountPaidMinor', 'total', 'totalMinor', 'currency', 'syncStatus', 'items', 'customer', 'createdAt', 'updatedAt', 'paidAt']) {
        assert.ok(field in o, field);
      }
    }
    const paid = (await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference);
    assert.equal(paid.length, 1);
    // The page now offers nothing to pay.
    const { page, token: none } = await openPayPage(env, order.reference);
    assert.equal(none, undefined);
    assert.match(page.body, /paid/);
  });

  test('Decline → payment_failed, 303 to cancelUrl with trxref and reference, stock released, order.payment_failed emitted', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 3 }]);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock! - 3);
    const { token } = await openPayPage(env, order.reference);
    const res = await submitPayForm(env, order.reference, 'decline', token);
    assert.equal(res.statusCode, 303);
    const { url, trxref, reference } = redirectParams(res.headers.location as string);
    assert.equal(`${url.origin}${url.pathname}`, 'https://shop.example.test/checkout/cancel');
    assert.equal(trxref, order.reference);
    assert.equal(reference, order.reference);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    const status = await orderStatus(env, shop, `reference=${order.reference}`);
    assert.equal(status.data.order.status, 'payment_failed');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.payment_failed')).filter((e) => e.data.reference === order.reference).length, 1);
  });

  test('Cancel → cancelled, 303 to cancelUrl, stock released; the same clientOrderId can then start a new order', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 2 }]);
    const first = await checkout(env, shop.key, payload);
    const { token } = await openPayPage(env, first.data.reference);
    const res = await submitPayForm(env, first.data.reference, 'cancel', token);
    assert.equal(res.statusCode, 303);
    const { url, trxref } = redirectParams(res.headers.location as string);
    assert.equal(url.pathname, '/checkout/cancel');
    assert.equal(trxref, first.data.reference);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    assert.equal((await orderStatus(env, shop, `reference=${first.data.reference}`)).data.order.status, 'cancelled');
    const retry = await checkout(env, shop.key, payload);
    assert.equal(retry.statusCode, 201);
    assert.notEqual(retry.data.reference, first.data.reference);
    assert.equal((await orderStatus(env, shop, `clientOrderId=${payload.clientOrderId}`)).data.order.reference, retry.data.reference, 'newest order for the clientOrderId');
  });

  test('order status finds a closed order by its clientOrderId alone, and an order by a payment reference unlike its own (not from another store)', async () => {
    const payload = basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }]);
    const order = (await checkout(env, shop.key, payload)).data;
    const { token } = await openPayPage(env, order.reference);
    assert.equal((await submitPayForm(env, order.reference, 'cancel', token)).statusCode, 303);
    // Cancelled: its clientOrderId is no longer the live key, and no other order has it.
    const closed = (await orderStatus(env, shop, `clientOrderId=${payload.clientOrderId}`)).data.order;
    assert.deepEqual([closed.reference, closed.status], [order.reference, 'cancelled']);
    // A provider that gives the payment a reference of its own: trxref finds the order by it too.
    await env.db.updateTable('orders').set({ payment_reference: `PSK-${order.reference}` }).where('reference', '=', order.reference).execute();
    for (const query of [`trxref=PSK-${order.reference}`, `reference=PSK-${order.reference}`, `trxref=${order.reference}`, `clientOrderId=${payload.clientOrderId}`]) {
      const found = (await orderStatus(env, shop, query)).data.order;
      assert.deepEqual([found.reference, found.paymentReference], [order.reference, `PSK-${order.reference}`], query);
    }
    const other = await createShop(env);
    expectError(await orderStatus(env, other, `trxref=PSK-${order.reference}`), 404, 'order-not-found');
    expectError(await orderStatus(env, other, `clientOrderId=${payload.clientOrderId}`), 404, 'order-not-found');
  });

  test('a paid clientOrderId is not re-created: 409 conflict', async () => {
    const payload = basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }]);
    const first = await checkout(env, shop.key, payload);
    const { token } = await openPayPage(env, first.data.reference);
    await submitPayForm(env, first.data.reference, 'pay', token);
    expectError(await checkout(env, shop.key, payload), 409, 'conflict');
  });

  test('the form needs the page token (CSRF): missing or wrong token is 403 and changes nothing', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    expectError(await submitPayForm(env, order.reference, 'pay', 'forged-token-value'), 403, 'forbidden');
    const missing = await env.inject({ method: 'POST', url: `/pay/${order.reference}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay' });
    expectError(missing, 400, 'validation-failed');
    const { token } = await openPayPage(env, order.reference);
    expectError(await submitPayForm(env, order.reference, 'steal', token), 400, 'validation-failed');
    const jsonBody = await env.inject({ method: 'POST', url: `/pay/${order.reference}`, payload: { action: 'pay', token: 'x' } });
    assert.ok([400, 403].includes(jsonBody.statusCode));
    assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, 'pending_payment');
  });

  test('a duplicate confirmation is applied once: double-submitted Pay and concurrent confirmations', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const { token } = await openPayPage(env, order.reference);
    const [a, b] = await Promise.all([submitPayForm(env, order.reference, 'pay', token), submitPayForm(env, order.reference, 'pay', token)]);
    assert.equal(a.statusCode, 303);
    assert.equal(b.statusCode, 303);
    const checkoutSvc = env.app.ctx.services.checkout;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => checkoutSvc.confirmPayment(order.reference, { amountMinor: 1250, currency: 'GHS', via: 'test' })),
    );
    assert.equal(results.filter((r) => r.applied).length, 0, 'already paid: nothing applied again');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference).length, 1);

    const fresh = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }], { customer: { name: 'Once', email: 'once@example.test' } });
    const race = await Promise.all(Array.from({ length: 6 }, () => checkoutSvc.confirmPayment(fresh.reference, { amountMinor: 1250, currency: 'GHS', via: 'race' })));
    assert.equal(race.filter((r) => r.applied).length, 1, 'exactly one confirmation applied');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === fresh.reference).length, 1);
    const customers = await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/customers?q=once@example.test`, headers: env.staffHeaders(shop.store) });
    assert.equal(customers.data.customers[0].totalSpentMinor, 1250, 'spent counted once');
  });

  test('a wrong amount goes to manual review, never paid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const r = await env.app.ctx.services.checkout.confirmPayment(order.reference, { amountMinor: 1, currency: 'GHS', via: 'test' });
    assert.equal(r.applied, true);
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'pending_manual');
    assert.equal(o.paymentStatus, 'manual_review');
    assert.equal(o.amountPaidMinor, 1);
  });

  test('an expired checkout releases its stock (worker pass), its page no longer pays, and a late payment goes to manual review', async () => {
    const scarce = await env.createItem(shop.store, { name: 'Expiring', price: 4, stockCount: 3 });
    const order = await createOrder(env, shop, [{ id: scarce.id, qty: 3 }]);
    const other = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    assert.equal(await stockOf(env, shop, scarce.id), 0);
    const checkoutSvc = env.app.ctx.services.checkout;
    assert.equal(await checkoutSvc.expireDue(), 0, 'nothing due yet');
    // 31 minutes later:
    const later = new Date(Date.now() + 31 * 60_000).toISOString();
    const [n1, n2] = await Promise.all([checkoutSvc.expireDue(later), checkoutSvc.expireDue(later)]);
    assert.ok(n1 + n2 >= 2, 'both due orders expired');
    assert.equal(await stockOf(env, shop, scarce.id), 3, 'released exactly once even with two workers');
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'expired');
    assert.equal((await orderStatus(env, shop, `reference=${other.reference}`)).data.order.status, 'expired');
    const { token } = await openPayPage(env, order.reference);
    assert.equal(token, undefined, 'expired page shows no forms');

    const late = await checkoutSvc.confirmPayment(order.reference, { amountMinor: 1200, currency: 'GHS', via: 'late webhook' });
    assert.equal(late.applied, true);
    const reviewed = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(reviewed.paymentStatus, 'manual_review', 'money received after expiry is never lost');
    assert.equal(await stockOf(env, shop, scarce.id), 3, 'no stock taken silently');
  });
});

describeEachDb('checkout expiry worker', (env) => {
  test('startCheckoutWorkers sweeps due checkouts at once and stops with the app', async () => {
    const shop = await createShop(env);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 5 }]);
    const stock = await stockOf(env, shop, shop.mug.id);
    await env.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', order.orderId).execute();
    const stops = env.app.ctx.onClose.length;
    await startCheckoutWorkers(env.app.ctx);
    assert.equal(env.app.ctx.onClose.length, stops + 1, 'registers its stop hook');
    let status = '';
    for (let i = 0; i < 100 && status !== 'expired'; i++) {
      status = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status;
      if (status !== 'expired') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 'expired');
    assert.equal(await stockOf(env, shop, shop.mug.id), stock! + 5);
  });
});

describeEachDb('GET /v1IntegrationOrderStatus auth and isolation', (env) => {
  let shop: Shop;
  let other: Shop;
  let order: any;
  before(async () => {
    shop = await createShop(env);
    other = await createShop(env);
    order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
  });

  test('credentials → storeId → key of that store → scope → version', async () => {
    const get = (query: string, headers: Record<string, string>) => env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus${query}`, headers });
    const q = `?storeId=${shop.store.storeId}&reference=${order.reference}`;
    expectError(await get(q, {}), 401, 'unauthorized');
    expectError(await get(`?reference=${order.reference}`, env.keyHeaders(shop.key)), 400, 'missing-store-id');
    expectError(await get(q, env.keyHeaders(`isk_${'C'.repeat(40)}`)), 401, 'invalid-api-key');
    expectError(await get(q, env.keyHeaders(other.key)), 401, 'invalid-api-key');
    expectError(await get(q, env.keyHeaders(await env.createKey(shop.store, ['checkout:write']))), 403, 'forbidden');
    expectError(await get(q, { ...env.keyHeaders(shop.key), 'x-service-contract-version': '2020-01-01' }), 400, 'contract-version-mismatch');
    assert.equal((await get(q, { authorization: `Bearer ${shop.key}` })).statusCode, 200);
  });

  test('another store cannot see the order, even with its reference', async () => {
    expectError(await orderStatus(env, other, `reference=${order.reference}`), 404, 'order-not-found');
    expectError(await orderStatus(env, other, `clientOrderId=${order.clientOrderId}`), 404, 'order-not-found');
  });

  test('no reference is 400 validation-failed; unknown is 404 order-not-found', async () => {
    expectError(await env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus?storeId=${shop.store.storeId}`, headers: env.keyHeaders(shop.key) }), 400, 'validation-failed');
    expectError(await orderStatus(env, shop, 'reference=ORD-000000000000'), 404, 'order-not-found');
    expectError(await orderStatus(env, shop, `reference=${'x'.repeat(300)}`), 400, 'validation-failed');
  });
});
