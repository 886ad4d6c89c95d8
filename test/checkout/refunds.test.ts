// Refunds, whole and in part, both engines. Sandbox: at once (partially_refunded, then refunded; each
// an order.refunded event; never more than was paid, even asked twice at once). Paystack (the local
// stand-in of its API): the refund is asked of Paystack and pending until its callback says processed
// (then applied once) or failed (the order as it was, the refund saying why); a refusal is 502 with
// the refund recorded failed; a callback that never comes is replaced by the status check (the clock
// moved, nothing waits); a deposit paid through Paystack whose callback was dropped is found by the
// payment status check, and its booking is paid.
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { createOrder, createShop, eventsOf, openPayPage, orderStatus, stockOf, submitPayForm, type Shop } from './helpers.ts';
import { PaystackStandIn } from './paystack-standin.ts';

const SECRET = 'sk_test_standin_refunds_0123456789';
const standIn = new PaystackStandIn(SECRET);
await standIn.start();
after(() => standIn.stop());
const MINUTE = 60_000;

describeEachDb('refunds with the sandbox provider', (env) => {
  let shop: Shop;
  before(async () => {
    shop = await createShop(env);
  });
  const refund = (reference: string, payload: Record<string, unknown>, headers = env.staffHeaders(shop.store)) =>
    env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${reference}/refund`, headers, payload });

  async function paidOrder(qty: number) {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty }]);
    const { token } = await openPayPage(env, order.reference);
    assert.equal((await submitPayForm(env, order.reference, 'pay', token)).statusCode, 303);
    return order;
  }

  test('part, then the rest: partially_refunded, then refunded; each refund an event, a message and a line in the order', async () => {
    const order = await paidOrder(4); // 50.00
    const stock = await stockOf(env, shop, shop.mug.id);
    const first = await refund(order.reference, { amountMinor: 1500, note: 'one mug broken' });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.data.order.status, 'partially_refunded');
    // The rest still goes out: a partly refunded order moves on to delivery.
    const out = await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${order.reference}/fulfilment`, headers: env.staffHeaders(shop.store), payload: { status: 'pending_delivery' } });
    assert.equal(out.statusCode, 200, out.body);
    assert.equal(out.data.order.refundedMinor, 1500);
    assert.equal(first.data.order.paymentStatus, 'paid');
    assert.equal(first.data.order.refundedMinor, 1500);
    assert.equal(first.data.order.refunded, 15);
    assert.deepEqual(first.data.order.refunds.map((r: any) => [r.amountMinor, r.status, r.provider]), [[1500, 'processed', 'sandbox']]);
    // More than is left: refused, nothing changes.
    const tooMuch = await refund(order.reference, { amountMinor: 3501 });
    expectError(tooMuch, 400, 'validation-failed');
    assert.equal(tooMuch.data.details[0].field, 'amountMinor');
    const rest = await refund(order.reference, { restock: true });
    assert.equal(rest.statusCode, 200, rest.body);
    assert.equal(rest.data.order.status, 'refunded');
    assert.equal(rest.data.order.paymentStatus, 'refunded');
    assert.equal(rest.data.order.refundedMinor, 5000);
    assert.deepEqual(rest.data.order.refunds.map((r: any) => r.amountMinor), [1500, 3500]);
    assert.equal(await stockOf(env, shop, shop.mug.id), (stock as number) + 4, 'restocked when refunded whole');
    const events = (await eventsOf(env, shop.store.storeId, 'order.refunded')).filter((e) => e.data.reference === order.reference);
    assert.deepEqual(events.map((e) => e.data.refundedMinor), [1500, 5000]);
    expectError(await refund(order.reference, {}), 409, 'conflict');
    const one = await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/orders/${order.orderId}`, headers: env.staffHeaders(shop.store) });
    assert.equal(one.data.order.refunds.length, 2);
  });

  test('two refunds of the whole at once: one is made, the other refused; never more than was paid', async () => {
    const order = await paidOrder(2);
    const answers = await Promise.all([refund(order.reference, {}), refund(order.reference, {})]);
    const codes = answers.map((a) => a.statusCode).sort();
    assert.equal(codes[0], 200, answers.map((a) => a.body).join('\n'));
    assert.ok([400, 409].includes(codes[1]), answers.map((a) => a.body).join('\n'));
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.refundedMinor, 2500);
  });

  test('bad input: zero, fractions, strings and unknown fields are 400; an unpaid order is 409; staff role and other stores are 403', async () => {
    const order = await paidOrder(1);
    for (const payload of [{ amountMinor: 0 }, { amountMinor: 1.5 }, { amountMinor: '100' }, { amountMinor: -5 }, { amount: 5 }, { amountMinor: 3_000_000_000 }]) {
      expectError(await refund(order.reference, payload), 400, 'validation-failed');
    }
    const pending = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    expectError(await refund(pending.reference, { amountMinor: 100 }), 409, 'conflict');
    const clerk = await env.addMember(shop.store, { role: 'staff' });
    expectError(await refund(order.reference, {}, clerk.headers), 403, 'forbidden');
    const stranger = await createShop(env);
    expectError(await refund(order.reference, {}, env.staffHeaders(stranger.store)), 403, 'forbidden');
    assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, 'paid');
  });
});

describeEachDb('refunds through Paystack (stand-in)', (env) => {
  let shop: Shop;
  before(async () => {
    shop = await createShop(env);
  });
  const refund = (reference: string, payload: Record<string, unknown>) =>
    env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${reference}/refund`, headers: env.staffHeaders(shop.store), payload });
  const webhook = (hook: { body: string; signature: string }) =>
    env.inject({ method: 'POST', url: '/webhooks/paystack', headers: { 'content-type': 'application/json', 'x-paystack-signature': hook.signature }, payload: hook.body });
  const order = async (reference: string) => (await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/orders/${reference}`, headers: env.staffHeaders(shop.store) })).data.order;
  const refundsAsked = (reference: string) => standIn.requests.filter((r) => r.method === 'POST' && r.path === '/refund' && r.body.transaction === reference);

  async function paidOrder(qty: number) {
    const created = await createOrder(env, shop, [{ id: shop.mug.id, qty }]);
    standIn.settle(created.reference, 'success');
    const paid = await webhook(standIn.webhook(created.reference, SECRET));
    assert.equal(paid.data.applied, true, paid.body);
    return created;
  }
  const lastRefundId = (reference: string) => [...standIn.refunds.values()].filter((r) => r.transactionReference === reference).at(-1)!.id;

  test('a partial refund is asked of Paystack and pending; its callback applies it once; then the rest', async () => {
    const o = await paidOrder(4); // 5000
    const asked = await refund(o.reference, { amountMinor: 2000, note: 'late delivery' });
    assert.equal(asked.statusCode, 200, asked.body);
    assert.equal(asked.data.order.status, 'paid', 'nothing refunded until Paystack says so');
    assert.equal(asked.data.order.refundPendingMinor, 2000);
    assert.deepEqual(asked.data.order.refunds.map((r: any) => [r.amountMinor, r.status, r.provider]), [[2000, 'pending', 'paystack']]);
    assert.deepEqual(refundsAsked(o.reference).map((r) => [r.body.amount, r.body.currency, r.authorization]), [[2000, 'GHS', `Bearer ${SECRET}`]]);
    // While it is pending, at most what is left beside it can be asked.
    expectError(await refund(o.reference, { amountMinor: 3001 }), 400, 'validation-failed');
    const hook = standIn.finishRefund(lastRefundId(o.reference), 'processed', SECRET);
    const first = await webhook(hook);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.data.applied, true);
    const again = await webhook(hook);
    assert.equal(again.data.applied, false, 'a repeated callback changes nothing');
    let now = await order(o.reference);
    assert.equal(now.status, 'partially_refunded');
    assert.equal(now.refundedMinor, 2000);
    assert.equal(now.refundPendingMinor, 0);
    assert.equal(now.refunds[0].status, 'processed');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.refunded')).filter((e) => e.data.reference === o.reference).length, 1);
    // The rest: refused by Paystack → 502, recorded as failed with its reason; the order as it was.
    standIn.failRefund = 400;
    try {
      const refused = await refund(o.reference, {});
      expectError(refused, 502, 'payment-provider-error');
    } finally {
      standIn.failRefund = null;
    }
    now = await order(o.reference);
    assert.equal(now.status, 'partially_refunded');
    assert.equal(now.refundPendingMinor, 0);
    assert.equal(now.refunds[1].status, 'failed');
    assert.match(now.refunds[1].failure, /Refund cannot be processed/);
    // Asked again, it goes through; its callback never comes: the status check finds it processed.
    const rest = await refund(o.reference, {});
    assert.equal(rest.statusCode, 200, rest.body);
    standIn.refunds.get(lastRefundId(o.reference))!.status = 'processed';
    const later = Date.now() + 11 * MINUTE;
    mock.timers.enable({ apis: ['Date'], now: later });
    try {
      const checks = await Promise.all([env.app.ctx.services.checkout.reconcileRefunds(new Date(later).toISOString()), env.app.ctx.services.checkout.reconcileRefunds(new Date(later).toISOString())]);
      assert.equal(checks.reduce((n, c) => n + c.settled, 0), 1, 'settled once with two checks at once');
    } finally {
      mock.timers.reset();
    }
    now = await order(o.reference);
    assert.equal(now.status, 'refunded');
    assert.equal(now.refundedMinor, 5000);
    assert.deepEqual(now.refunds.map((r: any) => r.status), ['processed', 'failed', 'processed']);
  });

  test('refund.failed: the refund says why; the money stays with the store and can be refunded again', async () => {
    const o = await paidOrder(1);
    assert.equal((await refund(o.reference, {})).statusCode, 200);
    const failed = await webhook(standIn.finishRefund(lastRefundId(o.reference), 'failed', SECRET));
    assert.equal(failed.data.applied, true);
    const now = await order(o.reference);
    assert.equal(now.status, 'paid');
    assert.equal(now.refundPendingMinor, 0);
    assert.equal(now.refunds[0].status, 'failed');
    assert.ok(now.refunds[0].failure);
    // A callback for a refund this service never asked for, a forged one, or junk: nothing changes.
    const unknown = await webhook({ body: JSON.stringify({ event: 'refund.processed', data: { transaction_reference: 'ORD-NOPE', amount: '100' } }), signature: '' });
    assert.equal(unknown.statusCode, 401);
    const junk = standIn.finishRefund(lastRefundId(o.reference), 'processed', 'not-the-secret');
    assert.equal((await webhook(junk)).statusCode, 401);
  });

  test('a deposit paid through Paystack whose callback was dropped: the 2-minute status check pays its booking', async () => {
    const service = await env.createItem(shop.store, {
      name: 'Cornrows',
      itemType: 'service',
      price: 200,
      schedule: { durationMinutes: 60, weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' })), deposit: { percent: 50 } },
    });
    const date = DateTime.now().setZone('Africa/Accra').plus({ days: 5 }).toISODate();
    const body = { serviceId: service.id, bookingDate: date, bookingTime: '10:00', customer: { name: 'Abena', phone: '0244123456' } };
    const noEmail = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${shop.store.storeId}`, headers: env.keyHeaders(shop.key), payload: body });
    expectError(noEmail, 400, 'validation-failed');
    assert.equal(noEmail.data.details[0].field, 'customer.email');
    const res = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${shop.store.storeId}`, headers: env.keyHeaders(shop.key), payload: { ...body, customer: { ...body.customer, email: 'abena@example.test' } } });
    assert.equal(res.statusCode, 201, res.body);
    const { payment, booking } = res.data;
    assert.match(payment.checkoutUrl, new RegExp(`^${standIn.baseUrl}/checkout/`));
    assert.equal(standIn.transactions.get(payment.reference)!.amount, 10000);
    standIn.settle(payment.reference, 'success');
    const created = (await orderStatus(env, shop, `reference=${payment.reference}`)).data.order.createdAt;
    const at = Date.parse(created) + 2 * MINUTE + 1000;
    mock.timers.enable({ apis: ['Date'], now: at });
    try {
      await env.app.ctx.services.checkout.reconcileDue(new Date(at).toISOString());
    } finally {
      mock.timers.reset();
    }
    const b = (await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(shop.store) })).data.booking;
    assert.equal(b.paymentStatus, 'paid');
    assert.equal(b.amountPaidMinor, 10000);
    assert.equal((await orderStatus(env, shop, `reference=${payment.reference}`)).data.order.paidVia, 'status_check');
    // The store cancels: the deposit goes back through Paystack.
    const cancel = await env.inject({ method: 'PATCH', url: `/api/stores/${shop.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(shop.store), payload: { status: 'cancelled' } });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.deepEqual(refundsAsked(payment.reference).map((r) => r.body.amount), [10000]);
    assert.equal((await webhook(standIn.finishRefund(lastRefundId(payment.reference), 'processed', SECRET))).data.applied, true);
    const after = (await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(shop.store) })).data.booking;
    assert.equal(after.paymentStatus, 'refunded');
    assert.equal(after.deposit.state, 'refunded');
  });
}, { env: { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: standIn.baseUrl } });
