// Deposits (sandbox provider, both engines): a service that asks one answers booking create with the
// payment to make; paid on the hosted page, the booking is paid; unpaid when its hold ends (the clock
// moved, nothing waits), it is cancelled as deposit_unpaid, its customer told and its time free again;
// money arriving after that goes to manual review and never takes the time back. A store's cancel
// refunds a paid deposit, a no-show keeps it, a cancel before paying closes the payment.
import { before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { eventsOf, openPayPage, submitPayForm } from '../checkout/helpers.ts';

const ZONE = 'Africa/Accra';
const everyDay = () => ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => ({ day: d, start: '09:00', end: '17:00' }));
const createService = (env: TestEnv, store: TestStore, schedule: Record<string, unknown>, extra: Record<string, unknown>) =>
  env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, slotIntervalMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours: everyDay(), ...schedule }, ...extra });
const bookingBody = (serviceId: string, date: string, time: string, extra: Record<string, unknown> = {}) => ({
  serviceId,
  bookingDate: date,
  bookingTime: time,
  customer: { name: 'Ama Mensah', phone: '+233 24 123 4567', email: 'ama@example.test' },
  ...extra,
});
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;
const MINUTE = 60_000;

describeEachDb('deposits', (env) => {
  let store: TestStore;
  let other: TestStore;
  let key: string;
  let otherKey: string;
  let braids: any;
  let classes: any;
  let day = 10;

  before(async () => {
    store = await env.createStore({ timezone: ZONE, name: 'Ama Braids' });
    other = await env.createStore({ timezone: ZONE });
    key = await env.createKey(store);
    otherKey = await env.createKey(other);
    braids = await createService(env, store, { deposit: { percent: 20 } }, { name: 'Knotless braids', price: 400 });
    classes = await createService(env, store, { capacity: 3, deposit: { amountMinor: 1500 } }, { name: 'Braiding class', price: 100 });
  });

  const book = (body: Record<string, unknown>, headers: Record<string, string> = {}, k = key) =>
    env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(k), ...headers }, payload: body });
  const staffBooking = async (id: string) => (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${id}`, headers: env.staffHeaders(store) })).data.booking;
  const order = async (reference: string, k = key, s = store) =>
    env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus?storeId=${s.storeId}&reference=${reference}`, headers: env.keyHeaders(k) });
  const slotsOn = async (serviceId: string, date: string) => {
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${serviceId}&from=${date}T00:00:00Z&to=${date}T23:59:00Z`, headers: env.keyHeaders(key) });
    return res.data.slots.map((s: any) => s.time) as string[];
  };
  /** The booking's messages as staff see them (subjects rendered). */
  const outbox = async (bookingId: string) =>
    (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${bookingId}/messages`, headers: env.staffHeaders(store) })).data.messages as { kind: string; subject: string }[];

  /** Runs the expiry at `at` with the clock there (the worker's tick, made at once). */
  async function expireAt(at: number) {
    mock.timers.enable({ apis: ['Date'], now: at });
    try {
      return await env.app.ctx.services.checkout.expireDue(new Date(at).toISOString());
    } finally {
      mock.timers.reset();
    }
  }

  test('booking create answers the deposit to pay; the booking holds its time and shows the deposit due', async () => {
    const date = dayAhead(day++);
    const before = Date.now();
    const res = await book(bookingBody(braids.id, date, '10:00'));
    assert.equal(res.statusCode, 201, res.body);
    const { payment, booking } = res.data;
    assert.match(payment.reference, /^ORD-/);
    assert.equal(payment.checkoutUrl, `http://localhost:3000/pay/${payment.reference}`);
    assert.equal(payment.amountDueMinor, 8000, '20% of 400.00');
    assert.equal(payment.amountDue, 80);
    const hold = Date.parse(payment.expiresAt) - before;
    assert.ok(hold > 29 * MINUTE && hold <= 31 * MINUTE, `held about 30 minutes (store default), got ${hold} ms`);
    assert.deepEqual(booking.deposit, { amount: 80, amountMinor: 8000, state: 'due' });
    assert.equal(booking.paymentStatus, 'payment_pending');
    assert.equal(booking.amountPaidMinor, 0);
    assert.ok(!(await slotsOn(braids.id, date)).includes('10:00'), 'the time is held');
    // The deposit is an order of its own, tied to the booking, readable by its reference.
    const o = (await order(payment.reference)).data.order;
    assert.equal(o.totalMinor, 8000);
    assert.deepEqual(o.items.map((i: any) => i.name), ['Deposit: Knotless braids']);
    assert.equal(o.status, 'pending_payment');
    // Another store's key does not read it.
    expectError(await order(payment.reference, otherKey, other), 404, 'order-not-found');
    // The customer is asked to pay, with the link and the time it is held until.
    const mails = await outbox(booking.bookingId);
    const received = mails.find((m) => m.kind === 'booking.received');
    assert.match(received?.subject ?? '', /^Pay your deposit to keep /);
  });

  test('paid on the hosted page: back to the manage link, the booking is paid (once), still waiting for the store to confirm', async () => {
    const res = await book(bookingBody(braids.id, dayAhead(day++), '11:00'));
    const { payment, booking } = res.data;
    const { page, token } = await openPayPage(env, payment.reference);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Deposit: Knotless braids/);
    const paid = await submitPayForm(env, payment.reference, 'pay', token);
    assert.equal(paid.statusCode, 303);
    assert.ok(paid.headers.location!.startsWith(booking.manageUrl), paid.headers.location);
    const b = await staffBooking(booking.bookingId);
    assert.equal(b.paymentStatus, 'paid');
    assert.equal(b.amountPaidMinor, 8000);
    assert.deepEqual(b.deposit, { amount: 80, amountMinor: 8000, state: 'paid' });
    assert.equal(b.status, 'pending');
    const updates = (await eventsOf(env, store.storeId, 'booking.updated')).filter((e) => e.data.bookingId === booking.bookingId);
    assert.equal(updates.length, 1);
    assert.equal(updates[0].data.changedBy, 'payment');
    // Paying twice changes nothing.
    await submitPayForm(env, payment.reference, 'pay', token);
    assert.equal((await eventsOf(env, store.storeId, 'booking.updated')).filter((e) => e.data.bookingId === booking.bookingId).length, 1);
  });

  test('unpaid when the hold ends: cancelled as deposit_unpaid, the customer told, the time free again; money after that goes to manual review', async () => {
    const date = dayAhead(day++);
    const res = await book(bookingBody(braids.id, date, '12:00'));
    const { payment, booking } = res.data;
    // A minute before the end: nothing happens.
    await expireAt(Date.parse(payment.expiresAt) - MINUTE);
    assert.equal((await staffBooking(booking.bookingId)).status, 'pending');
    assert.ok((await expireAt(Date.parse(payment.expiresAt) + 1000)) >= 1);
    const b = await staffBooking(booking.bookingId);
    assert.equal(b.status, 'cancelled');
    assert.deepEqual({ by: b.cancellation.by, reason: b.cancellation.reason }, { by: 'store', reason: 'deposit_unpaid' });
    assert.equal(b.deposit.state, 'unpaid');
    assert.ok((await slotsOn(braids.id, date)).includes('12:00'), 'the time is free again');
    const cancelled = (await outbox(booking.bookingId)).find((m) => m.kind === 'booking.cancelled');
    assert.ok(cancelled, 'the customer is told');
    // Someone else takes the time.
    const taken = await book(bookingBody(braids.id, date, '12:00', { customer: { name: 'Efua', phone: '0244000111', email: 'efua@example.test' } }));
    assert.equal(taken.statusCode, 201, taken.body);
    // The first customer's money arrives late (a provider's callback): manual review, the booking stays cancelled, the time stays Efua's.
    const late = await env.app.ctx.services.checkout.confirmPayment(payment.reference, { amountMinor: 8000, currency: 'GHS', via: 'test callback', by: 'callback' });
    assert.equal(late.applied, true);
    const o = (await order(payment.reference)).data.order;
    assert.equal(o.paymentStatus, 'manual_review');
    const after = await staffBooking(booking.bookingId);
    assert.equal(after.status, 'cancelled');
    assert.equal(after.paymentStatus, 'manual_review');
    assert.equal(after.deposit.state, 'review');
    assert.equal((await staffBooking(taken.data.booking.bookingId)).status, 'pending');
  });

  test('a fixed deposit is per seat; the store sets how long a deposit holds the time', async () => {
    const patched = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { depositHoldMinutes: 60 } });
    assert.equal(patched.statusCode, 200, patched.body);
    try {
      const before = Date.now();
      const res = await book(bookingBody(classes.id, dayAhead(day++), '09:00', { quantity: 2 }));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.data.payment.amountDueMinor, 3000);
      const hold = Date.parse(res.data.payment.expiresAt) - before;
      assert.ok(hold > 59 * MINUTE && hold <= 61 * MINUTE, `held about an hour, got ${hold} ms`);
    } finally {
      await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { depositHoldMinutes: 30 } });
    }
    for (const bad of [5, 24 * 60 + 1, 'x']) {
      expectError(await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { depositHoldMinutes: bad } }), 400, 'validation-failed');
    }
  });

  test('a repeated request (same Idempotency-Key) answers the same deposit; one booking, one deposit order', async () => {
    const body = bookingBody(braids.id, dayAhead(day++), '13:00');
    const [a, b] = await Promise.all([book(body, { 'idempotency-key': 'deposit-once-1' }), book(body, { 'idempotency-key': 'deposit-once-1' })]);
    const ok = [a, b].filter((r) => r.statusCode === 201);
    assert.ok(ok.length >= 1, `${a.statusCode} ${b.statusCode}`);
    const again = await book(body, { 'idempotency-key': 'deposit-once-1' });
    assert.equal(again.statusCode, 201);
    assert.deepEqual(again.data.payment, ok[0].data.payment);
    const orders = await env.db.selectFrom('orders').select('id').where('booking_id', '=', ok[0].data.booking.bookingId).execute();
    assert.equal(orders.length, 1);
  });

  test('the store cancels a paid booking: the deposit is refunded; cancelled before paying: its payment closes', async () => {
    const res = await book(bookingBody(braids.id, dayAhead(day++), '14:00'));
    const { payment, booking } = res.data;
    const { token } = await openPayPage(env, payment.reference);
    await submitPayForm(env, payment.reference, 'pay', token);
    const cancel = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(store), payload: { status: 'cancelled', cancellationReason: 'stylist ill' } });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.data.booking.deposit.state, 'refunded', 'the answer shows the deposit refunded');
    // Staff find a booking's deposit order by its booking; another store's staff find nothing.
    const deposits = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/orders?bookingId=${booking.bookingId}`, headers: env.staffHeaders(store) });
    assert.deepEqual(deposits.data.orders.map((o: any) => o.reference), [payment.reference]);
    const foreign = await env.inject({ method: 'GET', url: `/api/stores/${other.storeId}/orders?bookingId=${booking.bookingId}`, headers: env.staffHeaders(other) });
    assert.deepEqual(foreign.data.orders, []);
    const b = await staffBooking(booking.bookingId);
    assert.equal(b.paymentStatus, 'refunded');
    assert.equal(b.amountPaidMinor, 0);
    assert.equal(b.deposit.state, 'refunded');
    const o = (await order(payment.reference)).data.order;
    assert.equal(o.status, 'refunded');
    assert.equal(o.refundedMinor, 8000);
    assert.equal((await eventsOf(env, store.storeId, 'order.refunded')).filter((e) => e.data.reference === payment.reference).length, 1);

    const unpaid = (await book(bookingBody(braids.id, dayAhead(day++), '14:00'))).data;
    const manage = new URL(unpaid.booking.manageUrl).pathname;
    const page = await env.inject({ method: 'GET', url: `${manage}/cancel` });
    const form = Object.fromEntries([...page.body.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const byCustomer = await env.inject({ method: 'POST', url: `${manage}/cancel`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    assert.ok([200, 303].includes(byCustomer.statusCode), `${byCustomer.statusCode} ${byCustomer.body.slice(0, 200)}`);
    assert.equal((await staffBooking(unpaid.booking.bookingId)).status, 'cancelled');
    assert.equal((await order(unpaid.payment.reference)).data.order.status, 'cancelled');
  });

  test('a deposit paid just as its booking is cancelled (the callback landing between the cancel and the close of its payment) is refunded, not kept', async () => {
    const { payment, booking } = (await book(bookingBody(braids.id, dayAhead(day++), '16:00'))).data;
    const { token } = await openPayPage(env, payment.reference);
    const checkout = env.app.ctx.services.checkout;
    const original = checkout.closeDeposit.bind(checkout);
    // The payment completes at that moment: after the booking's cancel committed, before its payment closes.
    const close = mock.method(checkout, 'closeDeposit', async (storeId: string, bookingId: string) => {
      assert.equal((await submitPayForm(env, payment.reference, 'pay', token)).statusCode, 303);
      return original(storeId, bookingId);
    });
    try {
      const cancel = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(store), payload: { status: 'cancelled', cancellationReason: 'customer called' } });
      assert.equal(cancel.statusCode, 200, cancel.body);
      assert.equal(close.mock.callCount(), 1);
      assert.equal(cancel.data.booking.status, 'cancelled');
      assert.equal(cancel.data.booking.deposit.state, 'refunded');
    } finally {
      close.mock.restore();
    }
    const o = (await order(payment.reference)).data.order;
    assert.equal(o.status, 'refunded');
    assert.equal(o.refundedMinor, 8000);
    assert.equal((await staffBooking(booking.bookingId)).amountPaidMinor, 0);
  });

  test('a no-show keeps the deposit', async () => {
    const res = await book(bookingBody(braids.id, dayAhead(day++), '15:00'));
    const { payment, booking } = res.data;
    const { token } = await openPayPage(env, payment.reference);
    await submitPayForm(env, payment.reference, 'pay', token);
    // Its time has passed (moved in the database, as in the front-desk tests).
    const past = DateTime.now().minus({ hours: 3 });
    await env.db.updateTable('bookings').set({ status: 'confirmed', start_at: past.toUTC().toISO()!, end_at: past.plus({ hours: 1 }).toUTC().toISO()! }).where('id', '=', booking.bookingId).execute();
    const marked = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(store), payload: { attendance: 'no_show' } });
    assert.equal(marked.statusCode, 200, marked.body);
    const b = await staffBooking(booking.bookingId);
    assert.equal(b.deposit.state, 'kept');
    assert.equal(b.amountPaidMinor, 8000);
    assert.equal((await order(payment.reference)).data.order.status, 'paid');
  });

  test('schedule deposits are checked: a percentage 1–100 or an amount, one of them', async () => {
    for (const deposit of [{ percent: 0 }, { percent: 101 }, { percent: 2.5 }, { amountMinor: 0 }, { percent: 10, amountMinor: 100 }, { fixed: 5 }, {}, 'ten', [1]]) {
      const res = await env.inject({
        method: 'POST',
        url: `/api/stores/${store.storeId}/items`,
        headers: env.staffHeaders(store),
        payload: { name: 'Bad deposit', itemType: 'service', price: 10, schedule: { weeklyHours: [], deposit } },
      });
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => String(d.field).startsWith('schedule.deposit')), `${JSON.stringify(deposit)} → ${res.body}`);
    }
    // null clears it.
    const cleared = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${classes.id}`, headers: env.staffHeaders(store), payload: { schedule: { ...classes.schedule, deposit: null } } });
    assert.equal(cleared.statusCode, 200, cleared.body);
    const res = await book(bookingBody(classes.id, dayAhead(day++), '09:00'));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal('payment' in res.data, false, 'no deposit: the answer is as before');
    assert.equal(res.data.booking.deposit, null);
  });
});
