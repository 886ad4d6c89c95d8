import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { basicPayload, checkout, createOrder, createShop, eventsOf, orderStatus, stockOf, type Shop } from './helpers.ts';
import { PaystackStandIn } from './paystack-standin.ts';

const SECRET = 'sk_test_standin_secret_0123456789';
const standIn = new PaystackStandIn(SECRET);
await standIn.start();
after(() => standIn.stop());

describeEachDb('Paystack provider against a local stand-in', (env) => {
  let shop: Shop;
  before(async () => {
    shop = await createShop(env);
  });

  const webhook = (body: string, signature?: string) =>
    env.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) }, payload: body });

  test('checkout initializes a transaction in subunits and returns its authorization_url', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    const init = standIn.requests.find((r) => r.path === '/transaction/initialize' && r.body.reference === order.reference);
    assert.ok(init, 'initialize called');
    assert.equal(init.authorization, `Bearer ${SECRET}`);
    assert.equal(init.body.amount, 2500, 'GHS 25.00 in pesewas');
    assert.equal(init.body.currency, 'GHS');
    assert.equal(init.body.email, 'kofi@example.test');
    assert.equal(init.body.callback_url, `http://localhost:3000/pay/${order.reference}/return`);
    assert.match(order.authorizationUrl, new RegExp(`^${standIn.baseUrl}/checkout/ac_`));
    assert.equal(order.checkoutUrl, order.authorizationUrl);
    assert.equal(order.paymentReference, order.reference);
  });

  test('Paystack needs the customer email: 400 validation-failed without it', async () => {
    const res = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { customer: { name: 'No mail', phone: '0244000001' } }));
    expectError(res, 400, 'validation-failed');
    assert.equal(res.data.details[0].field, 'customer.email');
  });

  test('a provider outage is 502 payment-provider-error and the stock goes back', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    standIn.failInitialize = 503;
    try {
      const res = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]));
      expectError(res, 502, 'payment-provider-error');
    } finally {
      standIn.failInitialize = null;
    }
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
  });

  test('callback after success: verified, order paid, 303 to returnUrl with trxref and reference', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    standIn.settle(order.reference, 'success');
    const res = await env.inject({ method: 'GET', url: `/pay/${order.reference}/return?trxref=${order.reference}&reference=${order.reference}` });
    assert.equal(res.statusCode, 303, res.body);
    const url = new URL(res.headers.location as string);
    assert.equal(url.pathname, '/checkout/success');
    assert.equal(url.searchParams.get('trxref'), order.reference);
    assert.equal(url.searchParams.get('reference'), order.reference);
    const o = (await orderStatus(env, shop, `trxref=${order.reference}`)).data.order;
    assert.equal(o.status, 'paid');
    assert.equal(o.amountPaidMinor, 1250);
    assert.ok(standIn.requests.some((r) => r.method === 'GET' && r.path === `/transaction/verify/${order.reference}`));
  });

  test('callback after a failed charge: payment_failed, stock released, 303 to cancelUrl', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    standIn.settle(order.reference, 'failed');
    const res = await env.inject({ method: 'GET', url: `/pay/${order.reference}/return?trxref=${order.reference}&reference=${order.reference}` });
    assert.equal(res.statusCode, 303);
    assert.equal(new URL(res.headers.location as string).pathname, '/checkout/cancel');
    assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, 'payment_failed');
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
  });

  test('callback while the customer has not finished leaves the order pending and returns to returnUrl', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    const res = await env.inject({ method: 'GET', url: `/pay/${order.reference}/return` });
    assert.equal(res.statusCode, 303);
    assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, 'pending_payment');
  });

  test('webhook with a good signature marks the order paid once; a forged or missing signature is 401 and changes nothing', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    standIn.settle(order.reference, 'success');
    const forged = standIn.webhook(order.reference, 'sk_test_wrong');
    expectError(await webhook(forged.body, forged.signature), 401, 'invalid-signature');
    expectError(await webhook(forged.body), 401, 'invalid-signature');
    const good = standIn.webhook(order.reference);
    // Body altered after signing (amount lowered): the signature no longer matches.
    expectError(await webhook(good.body.replace('"amount":1250', '"amount":1'), good.signature), 401, 'invalid-signature');
    assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, 'pending_payment');

    // The redirect and the webhook race: applied once.
    const [hook, back, again] = await Promise.all([
      webhook(good.body, good.signature),
      env.inject({ method: 'GET', url: `/pay/${order.reference}/return?trxref=${order.reference}&reference=${order.reference}` }),
      webhook(good.body, good.signature),
    ]);
    assert.equal(hook.statusCode, 200, hook.body);
    assert.equal(again.statusCode, 200);
    assert.equal(back.statusCode, 303);
    assert.equal([hook.data.applied, again.data.applied].filter(Boolean).length <= 1, true);
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'paid');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference).length, 1);
  });

  test('a late payment confirmed twice after a staff cancel goes to manual review once and never becomes paid without stock', async () => {
    const item = await env.createItem(shop.store, { name: 'Late pay', price: 12.5, stockCount: 10 });
    const order = await createOrder(env, shop, [{ id: item.id, qty: 3 }]);
    assert.equal(await stockOf(env, shop, item.id), 7);
    const cancel = await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${order.orderId}/cancel`, headers: env.staffHeaders(shop.store) });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(await stockOf(env, shop, item.id), 10);
    standIn.settle(order.reference, 'success');
    const good = standIn.webhook(order.reference);
    const first = await webhook(good.body, good.signature);
    assert.equal(first.statusCode, 200, first.body);
    let o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.deepEqual([o.status, o.paymentStatus], ['pending_manual', 'manual_review']);
    const again = await webhook(good.body, good.signature);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.data.applied, false, 'a repeated confirmation changes nothing');
    o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.deepEqual([o.status, o.paymentStatus], ['pending_manual', 'manual_review']);
    assert.equal(await stockOf(env, shop, item.id), 10, 'no stock sold that is not held');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference).length, 0);
    // Money taken is never cancelled away: staff refund it, or accept it (which takes the stock again).
    expectError(await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${order.orderId}/cancel`, headers: env.staffHeaders(shop.store) }), 409, 'conflict');
    const accepted = await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${order.orderId}/mark-paid`, headers: env.staffHeaders(shop.store), payload: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.data.order.status, 'paid');
    assert.equal(await stockOf(env, shop, item.id), 7, 'staff accepting the payment takes the stock again');
  });

  test('expiry verifies with Paystack first: a paid checkout whose webhook is late is paid, an abandoned one expires', async () => {
    const paid = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const abandoned = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    standIn.settle(paid.reference, 'success');
    const later = new Date(Date.now() + 31 * 60_000).toISOString();
    await env.app.ctx.services.checkout.expireDue(later);
    assert.equal((await orderStatus(env, shop, `reference=${paid.reference}`)).data.order.status, 'paid');
    assert.equal((await orderStatus(env, shop, `reference=${abandoned.reference}`)).data.order.status, 'expired');
    // Each verification is in the metrics, by what the provider said (earlier tests' checkouts expire here too).
    const metrics = (await env.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer paystack-test-metrics-token' } })).body;
    const count = (outcome: string) => Number(new RegExp(`store_payment_reconciliations_total\\{trigger="expiry",outcome="${outcome}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
    assert.ok(count('success') >= 1, metrics);
    assert.ok(count('failed') + count('pending') >= 1, metrics);
  });

  test('a website cancelling a Paystack checkout asks Paystack first: paid meanwhile, the payment is recorded and the cancel refused; unpaid, it is cancelled', async () => {
    const cancel = (reference: string) =>
      env.inject({ method: 'POST', url: `/v1IntegrationCheckoutCancel?storeId=${shop.store.storeId}`, headers: { ...env.keyHeaders(shop.key), 'content-type': 'application/json' }, payload: { reference } });
    const paid = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    standIn.settle(paid.reference, 'success');
    const refused = await cancel(paid.reference);
    expectError(refused, 409, 'conflict');
    assert.equal((await orderStatus(env, shop, `reference=${paid.reference}`)).data.order.status, 'paid');
    const unpaid = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const done = await cancel(unpaid.reference);
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.data.order.status, 'cancelled');
  });

  test('webhook for an unknown reference or another event is acknowledged and ignored', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'ORD-UNKNOWN00000', amount: 100, currency: 'GHS' } });
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha512', SECRET).update(body).digest('hex');
    const res = await webhook(body, sig);
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.applied, false);
    const withCharset = await env.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json; charset=utf-8', 'x-paystack-signature': sig }, payload: body });
    assert.equal(withCharset.statusCode, 200, withCharset.body);
    // A signed body whose reference holds a NUL (refused by PostgreSQL in text) is ignored, never a 500.
    const nul = JSON.stringify({ event: 'charge.success', data: { reference: 'ORD-\u0000x', amount: 100, currency: 'GHS' } });
    const nulRes = await webhook(nul, createHmac('sha512', SECRET).update(nul).digest('hex'));
    assert.equal(nulRes.statusCode, 200, nulRes.body);
    assert.equal(nulRes.data.applied, false);
    const other = JSON.stringify({ event: 'transfer.success', data: {} });
    assert.equal((await webhook(other, createHmac('sha512', SECRET).update(other).digest('hex'))).data.applied, false);
    const notJson = 'not json';
    expectError(await webhook(notJson, createHmac('sha512', SECRET).update(notJson).digest('hex')), 400, 'invalid-json');
  });
}, { env: { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: standIn.baseUrl, METRICS_TOKEN: 'paystack-test-metrics-token' } });

describeEachDb('Paystack webhook with the sandbox provider', (env) => {
  test('is 404 when Paystack is not configured', async () => {
    const res = await env.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': 'a'.repeat(128) }, payload: '{}' });
    expectError(res, 404, 'not-found');
  });
});
