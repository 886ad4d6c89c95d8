// Two app instances on one database (as behind a load balancer): the payment outcome and the
// expiry sweep are decided by conditional updates in the database, not by either process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.ts';
import { describeEachDb } from '../helpers/app.ts';
import { createOrder, createShop, eventsOf, orderStatus, stockOf, type Shop } from './helpers.ts';

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
