// Payment reconciliation against the local Paystack stand-in: a payment whose callback never comes is
// found by the scheduled status check (2, 5, 15, 60 minutes, then hourly for a day) and recorded as
// the callback would have, once, with two instances checking; a mobile-money charge still waiting is
// checked again at the next step; a declined one fails; money that arrives after the checkout expired
// goes to manual review; the provider down changes nothing and the check is made again. The clock the
// schedule reads is moved (mock timers); nothing waits.
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.ts';
import { CHECK_SCHEDULE_MINUTES } from '../../src/modules/checkout/service.ts';
import { describeEachDb } from '../helpers/app.ts';
import { createOrder, createShop, eventsOf, orderStatus, stockOf, type Shop } from './helpers.ts';
import { PaystackStandIn } from './paystack-standin.ts';

const SECRET = 'sk_test_standin_reconcile_0123456789';
const standIn = new PaystackStandIn(SECRET);
await standIn.start();
after(() => standIn.stop());

const MINUTE = 60_000;
/** The stand-in's verify calls for a reference. */
const verifies = (reference: string) => standIn.requests.filter((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`).length;

describeEachDb('payment reconciliation', (env) => {
  let shop: Shop;
  let second: App;
  before(async () => {
    shop = await createShop(env);
    second = await buildApp(env.config, { database: env.database, logger: false });
    await second.ready();
  });
  after(() => second.close());

  /** Runs the checks due at `createdAt + minutes` on the given instances at once. */
  async function checksAt(createdAt: string, minutes: number, apps: App[] = [env.app]) {
    const now = new Date(Date.parse(createdAt) + minutes * MINUTE + 1000).toISOString();
    mock.timers.enable({ apis: ['Date'], now: Date.parse(now) });
    try {
      return await Promise.all(apps.map((app) => app.ctx.services.checkout.reconcileDue(now)));
    } finally {
      mock.timers.reset();
    }
  }
  const row = (reference: string) => env.db.selectFrom('orders').select(['next_check_at', 'checks_done', 'status', 'payment_status', 'paid_via']).where('reference', '=', reference).executeTakeFirstOrThrow();

  test('the schedule: 2, 5, 15 and 60 minutes, then hourly until a day has passed', () => {
    assert.deepEqual(CHECK_SCHEDULE_MINUTES.slice(0, 5), [2, 5, 15, 60, 120]);
    assert.equal(CHECK_SCHEDULE_MINUTES.at(-1), 24 * 60);
  });

  test('paid on Paystack, callback dropped: the 2-minute check records it, once, with two instances checking', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const created = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order.createdAt;
    assert.equal((await row(order.reference)).next_check_at, new Date(Date.parse(created) + 2 * MINUTE).toISOString());
    standIn.settle(order.reference, 'success');
    // Not due yet: nothing is asked.
    await checksAt(created, 1, [env.app, second]);
    assert.equal(verifies(order.reference), 0);
    const results = await checksAt(created, 2, [env.app, second]);
    assert.equal(verifies(order.reference), 1, 'one instance made the check');
    assert.deepEqual(results.map((r) => r.paid).sort(), [0, 1]);
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'paid');
    assert.equal(o.paymentStatus, 'paid');
    assert.equal(o.paidVia, 'status_check');
    assert.equal(o.amountPaidMinor, 1250);
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference).length, 1);
    assert.equal((await row(order.reference)).next_check_at, null, 'no more checks');
    // The callback arriving late changes nothing, and no check is made again.
    const hook = standIn.webhook(order.reference, SECRET);
    const late = await env.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature }, payload: hook.body });
    assert.equal(late.statusCode, 200, late.body);
    assert.equal(late.data.applied, false);
    await checksAt(created, 5, [env.app, second]);
    assert.equal(verifies(order.reference), 1);
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference).length, 1);
  });

  test('mobile money waiting for approval: checked again at each step, paid when it is approved', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const created = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order.createdAt;
    standIn.settle(order.reference, 'ongoing');
    await checksAt(created, 2);
    let r = await row(order.reference);
    assert.equal(r.status, 'pending_payment');
    assert.equal(r.checks_done, 1);
    assert.equal(r.next_check_at, new Date(Date.parse(created) + 5 * MINUTE).toISOString());
    await checksAt(created, 5);
    r = await row(order.reference);
    assert.equal(r.checks_done, 2);
    assert.equal(r.next_check_at, new Date(Date.parse(created) + 15 * MINUTE).toISOString());
    standIn.settle(order.reference, 'success');
    await checksAt(created, 15);
    assert.equal((await row(order.reference)).status, 'paid');
    assert.equal((await row(order.reference)).paid_via, 'status_check');
    assert.equal(verifies(order.reference), 3);
  });

  test('declined: the check records the failure and puts the stock back', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }]);
    const created = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order.createdAt;
    standIn.settle(order.reference, 'failed');
    await checksAt(created, 2);
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'payment_failed');
    assert.match(o.note, /status check/);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    assert.equal((await row(order.reference)).next_check_at, null);
  });

  test('money after the checkout expired: the next hourly check finds it and puts it in manual review, never paid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const created = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order.createdAt;
    for (const minutes of [2, 5, 15]) await checksAt(created, minutes);
    // The checkout expires unpaid (verified first: still nothing).
    mock.timers.enable({ apis: ['Date'], now: Date.parse(created) + 31 * MINUTE });
    try {
      await env.app.ctx.services.checkout.expireDue(new Date(Date.parse(created) + 31 * MINUTE).toISOString());
    } finally {
      mock.timers.reset();
    }
    assert.equal((await row(order.reference)).status, 'expired');
    standIn.settle(order.reference, 'success');
    await checksAt(created, 60);
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'pending_manual');
    assert.equal(o.paymentStatus, 'manual_review');
    assert.equal(o.paidVia, 'status_check');
    assert.match(o.note, /arrived after the checkout was closed/);
  });

  test('the provider down: nothing changes, and the check is made again once its lease ends; after a day, no more checks', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const created = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order.createdAt;
    standIn.failVerify = 503;
    try {
      await checksAt(created, 2);
    } finally {
      standIn.failVerify = null;
    }
    let r = await row(order.reference);
    assert.equal(r.status, 'pending_payment');
    assert.equal(r.checks_done, 0, 'the step is not counted');
    // Within the lease, nobody checks again; after it, the same step is made.
    await checksAt(created, 3);
    assert.equal(verifies(order.reference), 1);
    await checksAt(created, 4.5);
    assert.equal(verifies(order.reference), 2);
    r = await row(order.reference);
    assert.equal(r.checks_done, 1);
    // Still pending at every step: the schedule ends a day after checkout.
    for (const minutes of CHECK_SCHEDULE_MINUTES.slice(1)) await checksAt(created, minutes);
    r = await row(order.reference);
    assert.equal(r.next_check_at, null);
    assert.equal(r.checks_done, CHECK_SCHEDULE_MINUTES.length);
    const before = verifies(order.reference);
    await checksAt(created, 48 * 60);
    assert.equal(verifies(order.reference), before);
  });

}, { env: { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: standIn.baseUrl } });

describeEachDb('payment reconciliation with the sandbox provider', (env) => {
  test('a sandbox checkout has no checks (its own page decides) and the sweep asks nothing', async () => {
    const shop = await createShop(env);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    const r = await env.db.selectFrom('orders').select(['next_check_at']).where('reference', '=', order.reference).executeTakeFirstOrThrow();
    assert.equal(r.next_check_at, null);
    assert.deepEqual(await env.app.ctx.services.checkout.reconcileDue(new Date(Date.now() + 3 * MINUTE).toISOString()), { checked: 0, paid: 0, failed: 0 });
  });
});
