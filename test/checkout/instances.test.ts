// Two app instances on one database (as behind a load balancer): the payment outcome and the
// expiry sweep are decided by conditional updates in the database, not by either process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.ts';
import { describeEachDb } from '../helpers/app.ts';
import { basicPayload, checkout, createOrder, createShop, eventsOf, openPayPage, orderStatus, stockOf, type Shop } from './helpers.ts';

describeEachDb('checkout with two instances on one database', (env) => {
  let shop: Shop;
  let second: App;
  before(async () => {
    second = await buildApp(env.config, { database: env.database, logger: false });
    await second.ready();
    shop = await createShop(env);
  });
  after(() => second.close());

  test('pay on one instance racing decline on the other: one outcome, money never lost, stock consistent', async () => {
    for (let round = 0; round < 5; round++) {
      const stock = await stockOf(env, shop, shop.mug.id);
      const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
      const [paid, declined] = await Promise.all([
        env.app.ctx.services.checkout.confirmPayment(order.reference, { amountMinor: 2500, currency: 'GHS', via: 'instance 1' }),
        second.ctx.services.checkout.closeUnpaid(order.reference, 'payment_failed', 'instance 2'),
      ]);
      const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
      if (!declined.applied) {
        // The payment committed first: the order is paid and the decline changed nothing.
        assert.equal(paid.applied, true, `round ${round}`);
        assert.equal(o.status, 'paid');
        assert.equal(await stockOf(env, shop, shop.mug.id), stock! - 2);
      } else {
        // The decline committed first and released the stock; the payment that arrived after it is
        // not lost (docs/checkout.md: money for a closed checkout goes to manual review), never "paid".
        assert.equal(paid.applied, true, `round ${round}: the late payment is recorded`);
        assert.equal(paid.row?.status, 'pending_manual');
        assert.equal(o.status, 'pending_manual');
        assert.equal(await stockOf(env, shop, shop.mug.id), stock);
      }
    }
  });

  test('10 Pay and 10 Cancel on the sandbox page across two instances: paid only with its stock held, a late payment reviewed once', async () => {
    const item = await env.createItem(shop.store, { name: 'Raced', price: 5, stockCount: 9 });
    for (let round = 0; round < 3; round++) {
      const before = await stockOf(env, shop, item.id);
      const order = await createOrder(env, shop, [{ id: item.id, qty: 3 }]);
      const { token } = await openPayPage(env, order.reference);
      const form = (action: string) => ({
        method: 'POST' as const,
        url: `/pay/${order.reference}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ action, token: token! }).toString(),
      });
      const sends = [];
      for (let i = 0; i < 10; i++) {
        sends.push((i % 2 ? second : env.app).inject(form('pay')));
        sends.push((i % 2 ? env.app : second).inject(form('cancel')));
      }
      const answers = await Promise.all(sends);
      assert.ok(answers.every((a) => a.statusCode === 303), `round ${round}: every form post redirects`);
      const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
      const paidEvents = (await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference);
      const stock = await stockOf(env, shop, item.id);
      if (o.status === 'paid') {
        assert.equal(stock, before! - 3, `round ${round}: a paid order keeps its stock`);
        assert.equal(paidEvents.length, 1);
      } else {
        // The cancel committed first: the order is closed with its stock back. A Pay that was already
        // on its way then lands as money for a closed order, which goes to manual review (once), never to paid.
        assert.ok(['cancelled', 'pending_manual'].includes(o.status), `round ${round}: ${o.status}`);
        assert.equal(stock, before, `round ${round}: closed, stock back`);
        assert.equal(paidEvents.length, 0, `round ${round}: never paid after the cancel released the stock`);
      }
      const row = await env.db.selectFrom('orders').select(['stock_held', 'payment_status']).where('reference', '=', order.reference).executeTakeFirstOrThrow();
      if (o.status === 'paid') assert.equal(Number(row.stock_held), 1);
      if (o.status === 'pending_manual') {
        assert.equal(row.payment_status, 'manual_review', `round ${round}: the late payment waits for staff`);
        assert.equal(Number(row.stock_held), 0, `round ${round}: no stock held for a reviewed payment`);
      }
    }
  });

  test('a late payment confirmed on both instances after a decline is reviewed once and never paid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    await second.ctx.services.checkout.closeUnpaid(order.reference, 'payment_failed', 'declined');
    const stock = await stockOf(env, shop, shop.mug.id);
    const results = await Promise.all([env.app, second, env.app, second].map((a) => a.ctx.services.checkout.confirmPayment(order.reference, { amountMinor: 1250, currency: 'GHS', via: 'late' })));
    assert.equal(results.filter((r) => r.applied).length, 1, 'recorded once');
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.deepEqual([o.status, o.paymentStatus], ['pending_manual', 'manual_review']);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
  });

  test('a checkout that takes stock shows in the cached catalog at once here and, on PostgreSQL, on the other instance', async () => {
    const item = await env.createItem(shop.store, { name: 'Counted', price: 2, stockCount: 10 });
    const catalogStock = async (app: App) => {
      const res = await app.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${shop.store.storeId}`, headers: env.keyHeaders(shop.key) });
      assert.equal(res.statusCode, 200, res.body);
      return JSON.parse(res.body).products.find((p: { id: string }) => p.id === item.id)?.stockCount;
    };
    // Both instances have the catalog cached before the order.
    assert.equal(await catalogStock(env.app), 10);
    assert.equal(await catalogStock(second), 10);
    await createOrder(env, shop, [{ id: item.id, qty: 3 }]);
    assert.equal(await catalogStock(env.app), 7, 'the instance that took the stock');
    if (env.dialect.name !== 'postgres') return; // SQLite is one process: nothing else caches it.
    // The other instance hears the commit's NOTIFY (asynchronously).
    const deadline = Date.now() + 5000;
    while ((await catalogStock(second)) !== 7 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(await catalogStock(second), 7, 'the other instance');
    // An order that fails on stock signals nothing and changes nothing.
    const short = await checkout(env, shop.key, basicPayload(shop, [{ id: item.id, qty: 8 }]));
    assert.equal(short.statusCode, 409, short.body);
    assert.equal(await catalogStock(env.app), 7);
  });

  test('both instances sweeping expiry release each checkout\'s stock once', async () => {
    const item = await env.createItem(shop.store, { name: 'Swept', price: 1, stockCount: 6 });
    const orders = await Promise.all([1, 2, 3].map(() => createOrder(env, shop, [{ id: item.id, qty: 2 }])));
    assert.equal(await stockOf(env, shop, item.id), 0);
    const later = new Date(Date.now() + 31 * 60_000).toISOString();
    const [a, b] = await Promise.all([env.app.ctx.services.checkout.expireDue(later), second.ctx.services.checkout.expireDue(later)]);
    assert.ok(a + b >= 3, 'all three expired');
    assert.equal(await stockOf(env, shop, item.id), 6, 'released exactly once each');
    for (const o of orders) {
      const updates = (await eventsOf(env, shop.store.storeId, 'order.updated')).filter((e) => e.data.reference === o.reference && e.data.status === 'expired');
      assert.equal(updates.length, 1);
    }
  });
});
