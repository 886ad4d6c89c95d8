// checkoutCart: one checkout per merchant, each with that merchant's key, checked before anything
// is sent. The service is stood in for by a loopback server that records what arrives.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Cart, checkoutCart, StoreApiError, withMerchantId, type CheckoutCartOptions } from '../src/index.ts';
import { errorBody, Loopback } from './helpers/loopback.ts';

const KEYS = { acme: 'isk_acmeacmeacmeacmeacmeacmeacmeacmeacmeacme', beta: 'isk_betabetabetabetabetabetabetabetabetabeta' };

describe('checkoutCart', () => {
  const server = new Loopback();
  before(() => server.start());
  after(() => server.stop());
  const options = (extra: Partial<CheckoutCartOptions> = {}): CheckoutCartOptions => ({
    baseUrl: server.baseUrl,
    keys: KEYS,
    customer: { name: 'Kofi', email: 'kofi@example.com', phone: '+233 20 123 4567' },
    returnUrl: 'https://shop.example/orders',
    cancelUrl: 'https://shop.example/orders',
    clientOrderId: 'web-42',
    ...extra,
  });
  const created = (req: { json: any }) => ({
    status: 201,
    body: { ok: true, storeId: req.json.storeId, reference: `ORD-${req.json.storeId.toUpperCase()}`, clientOrderId: req.json.clientOrderId, checkoutUrl: `https://pay.example/${req.json.storeId}` },
  });

  test('creates one checkout per merchant with that merchant key, raw item ids and <clientOrderId>-<merchantId>', async () => {
    server.answer(created);
    const cart = new Cart([
      { merchantId: 'acme', productId: 'acme_mug', productName: 'Mug', quantity: 2, price: 12.5 },
      { merchantId: 'beta', productId: 'beta_shea', productName: 'Shea butter' },
      { merchantId: 'acme', productId: 'cup', productName: 'Cup' },
    ]);
    const result = await checkoutCart(cart, options());
    assert.equal(result.ok, true);
    assert.deepEqual(result.failures, []);
    assert.deepEqual(result.merchantCheckouts.map(({ merchantId, reference, checkoutUrl, clientOrderId }) => ({ merchantId, reference, checkoutUrl, clientOrderId })), [
      { merchantId: 'acme', reference: 'ORD-ACME', checkoutUrl: 'https://pay.example/acme', clientOrderId: 'web-42-acme' },
      { merchantId: 'beta', reference: 'ORD-BETA', checkoutUrl: 'https://pay.example/beta', clientOrderId: 'web-42-beta' },
    ]);
    assert.equal(server.requests.length, 2);
    for (const req of server.requests) {
      const merchant = req.json.storeId as keyof typeof KEYS;
      assert.equal(req.path, '/integrationCheckoutCreate');
      assert.equal(req.headers['x-api-key'], KEYS[merchant]);
      assert.equal(req.json.merchantId, merchant);
      assert.deepEqual(req.json.customer, { name: 'Kofi', email: 'kofi@example.com', phone: '+233 20 123 4567' });
      assert.equal(req.json.returnUrl, `https://shop.example/orders?merchantId=${merchant}`);
      assert.equal(req.json.cancelUrl, `https://shop.example/orders?merchantId=${merchant}`);
      assert.ok(req.headers['idempotency-key']);
    }
    const acme = server.requests.find((r) => r.json.storeId === 'acme')!;
    assert.deepEqual(acme.json.items.map((l: any) => [l.item_id, l.qty, l.originalProductId]), [['mug', 2, 'acme_mug'], ['cup', 1, 'cup']]);
  });

  test('a service in the cart is refused before anything is sent: services are booked, never bought', async () => {
    server.answer(created);
    const cart = [{ merchantId: 'acme', productId: 'mug', productName: 'Mug' }, { merchantId: 'acme', productId: 'cut', productName: 'Haircut', type: 'SERVICE' }];
    const error = (await checkoutCart(cart, options()).catch((e: unknown) => e)) as StoreApiError;
    assert.ok(error instanceof StoreApiError);
    assert.equal(error.code, 'not-purchasable');
    assert.match(error.message, /Services are booked, never bought: book "Haircut"/);
    assert.deepEqual(error.details, [{ field: 'cut', message: 'a service: book it through bookings.create' }]);
    assert.equal(server.requests.length, 0);
  });

  test('an empty cart, a merchant without a key, or a bad phone is refused before anything is sent', async () => {
    server.answer(created);
    const codeOf = (p: Promise<unknown>) => p.then(() => 'none', (e: StoreApiError) => e.code);
    assert.equal(await codeOf(checkoutCart(new Cart(), options())), 'empty-cart');
    const cart = [{ merchantId: 'acme', productId: 'mug', productName: 'Mug' }, { merchantId: 'gamma', productId: 'hat', productName: 'Hat' }];
    assert.equal(await codeOf(checkoutCart(cart, options())), 'missing-key');
    assert.equal(await codeOf(checkoutCart(cart.slice(0, 1), options({ customer: { name: 'Kofi', phone: '12345' } }))), 'validation-failed');
    assert.equal(server.requests.length, 0);
  });

  test("one merchant's refusal is reported next to the other merchant's checkout, which is still created", async () => {
    server.answer((req) => (req.json.storeId === 'beta' ? { status: 409, body: errorBody('out-of-stock', 'Not enough Shea butter.', { details: [{ field: 'shea', message: 'only 0 left' }] }) } : created(req)));
    const cart = [{ merchantId: 'acme', productId: 'mug', productName: 'Mug' }, { merchantId: 'beta', productId: 'shea', productName: 'Shea butter' }];
    const result = await checkoutCart(cart, options());
    assert.equal(result.ok, false);
    assert.deepEqual(result.merchantCheckouts.map((c) => c.merchantId), ['acme']);
    assert.equal(result.failures.length, 1);
    assert.equal(result.failures[0].merchantId, 'beta');
    assert.equal(result.failures[0].error.code, 'out-of-stock');
  });

  test('allOrNothing cancels the checkouts made, each with its merchant key; one that cannot be cancelled stays in merchantCheckouts', async () => {
    const refused = { status: 409, body: errorBody('out-of-stock', 'Not enough Shea butter.') };
    server.answer((req) => {
      if (req.path === '/v1IntegrationCheckoutCancel') return { status: 200, body: { ok: true, storeId: req.query.get('storeId'), order: { reference: req.json.reference, status: 'cancelled' } } };
      return req.json.storeId === 'beta' ? refused : created(req);
    });
    const cart = [{ merchantId: 'acme', productId: 'mug', productName: 'Mug' }, { merchantId: 'beta', productId: 'shea', productName: 'Shea butter' }, { merchantId: 'gamma', productId: 'hat', productName: 'Hat' }];
    const keys = { ...KEYS, gamma: 'isk_gammagammagammagammagammagammagammagamma' };
    const strict = await checkoutCart(cart, options({ keys, allOrNothing: true }));
    assert.equal(strict.ok, false);
    assert.deepEqual(strict.merchantCheckouts, []);
    assert.deepEqual(strict.cancelled, [{ merchantId: 'acme', reference: 'ORD-ACME' }, { merchantId: 'gamma', reference: 'ORD-GAMMA' }]);
    assert.deepEqual(strict.cancelFailures, []);
    const cancels = server.requests.filter((r) => r.path === '/v1IntegrationCheckoutCancel');
    assert.deepEqual(cancels.map((r) => [r.query.get('storeId'), r.headers['x-api-key'], r.json.reference]).sort(), [['acme', KEYS.acme, 'ORD-ACME'], ['gamma', keys.gamma, 'ORD-GAMMA']]);
    assert.ok(cancels.every((r) => r.headers['idempotency-key']), 'a cancel is retried safely');

    // Paid meanwhile: the cancel is refused, and that checkout is still the customer's to pay.
    server.answer((req) => {
      if (req.path === '/v1IntegrationCheckoutCancel') return req.query.get('storeId') === 'gamma' ? { status: 409, body: errorBody('conflict', 'The order is paid.') } : { status: 200, body: { ok: true, order: { reference: req.json.reference, status: 'cancelled' } } };
      return req.json.storeId === 'beta' ? refused : created(req);
    });
    const partly = await checkoutCart(cart, options({ keys, allOrNothing: true }));
    assert.deepEqual(partly.cancelled, [{ merchantId: 'acme', reference: 'ORD-ACME' }]);
    assert.deepEqual(partly.cancelFailures?.map((f) => [f.merchantId, f.reference, f.error.code]), [['gamma', 'ORD-GAMMA', 'conflict']]);
    assert.deepEqual(partly.merchantCheckouts.map((c) => c.merchantId), ['gamma']);

    // Nothing failed: nothing is cancelled.
    server.answer(created);
    const fine = await checkoutCart(cart.slice(0, 1), options({ allOrNothing: true }));
    assert.deepEqual([fine.ok, fine.cancelled, server.requests.length], [true, undefined, 1]);
  });

  test('maxRetries, timeoutMs, maxRetryDurationMs and logger apply to every merchant\'s checkout', async () => {
    const retried: unknown[] = [];
    server.answer((req, nth) => (nth === 1 ? { status: 503, body: errorBody('service-unavailable') } : created(req)));
    const cart = [{ merchantId: 'acme', productId: 'mug', productName: 'Mug' }];
    const ok = await checkoutCart(cart, options({ maxRetries: 1, logger: { warn: (_m, fields) => retried.push(fields?.retry) } }));
    assert.equal(ok.ok, true);
    assert.deepEqual(retried, [1]);
    assert.equal(server.requests[1].headers['idempotency-key'], server.requests[0].headers['idempotency-key']);
    server.answer(() => ({ status: 503, headers: { 'retry-after': '5' }, body: errorBody('service-unavailable') }));
    const started = Date.now();
    const budget = await checkoutCart(cart, options({ maxRetryDurationMs: 1_000 }));
    assert.deepEqual(budget.failures.map((f) => [f.error.status, f.error.retryAfterMs]), [[503, 5_000]]);
    assert.ok(Date.now() - started < 1_000, 'the 5 s wait was not started');
    server.answer(() => 'hang');
    const slow = await checkoutCart(cart, options({ timeoutMs: 100, maxRetries: 0 }));
    assert.equal(slow.failures[0]?.error.code, 'timeout');
  });

  test('withMerchantId adds merchantId to the query and keeps the other parameters, their encoding and the fragment', () => {
    assert.equal(withMerchantId('https://shop.example/orders', 'acme'), 'https://shop.example/orders?merchantId=acme');
    assert.equal(withMerchantId('https://shop.example/orders?lang=en&next=%2Fa%20b', 'acme'), 'https://shop.example/orders?lang=en&next=%2Fa%20b&merchantId=acme');
    assert.equal(withMerchantId('https://shop.example/orders?#done', 'acme'), 'https://shop.example/orders?merchantId=acme#done');
    assert.equal(withMerchantId('https://shop.example/back#/orders?tab=1', 'beta'), 'https://shop.example/back?merchantId=beta#/orders?tab=1');
  });
});
