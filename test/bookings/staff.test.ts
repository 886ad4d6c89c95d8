import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';

const ZONE = 'Europe/London';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;
const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rescheduled'] as const;
type Status = (typeof STATUSES)[number];
const ALLOWED: Record<Status, Status[]> = {
  pending: ['confirmed', 'cancelled', 'rescheduled'],
  confirmed: ['completed', 'cancelled', 'rescheduled'],
  // A moved booking counts as confirmed at its new time: it can be moved again or completed.
  rescheduled: ['confirmed', 'completed', 'cancelled', 'rescheduled'],
  completed: [],
  cancelled: [],
};
/** How to bring a new (pending) booking into each state. */
const PATH: Record<Status, Status[]> = { pending: [], confirmed: ['confirmed'], completed: ['confirmed', 'completed'], cancelled: ['cancelled'], rescheduled: ['rescheduled'] };

async function createService(env: TestEnv, store: TestStore, capacity: number) {
  return env.createItem(store, { itemType: 'service', price: 30, schedule: { durationMinutes: 60, capacity, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) } });
}

describeEachDb('Staff bookings /api/stores/:storeId/bookings', (env) => {
  let store: TestStore;
  let other: TestStore;
  let key: string;
  let big: any;
  let single: any;

  const book = async (serviceId: string, days: number, time: string) => {
    const res = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId, bookingDate: dayAhead(days), bookingTime: time, customer: { name: 'Kofi', phone: '0241234567', email: 'kofi@example.test' } },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.data.booking;
  };
  const patch = (bookingId: string, payload: Record<string, unknown>, s = store, path = store) =>
    env.inject({ method: 'PATCH', url: `/api/stores/${path.storeId}/bookings/${bookingId}`, headers: env.staffHeaders(s), payload });
  const moveTo = async (bookingId: string, status: Status) => {
    for (const step of PATH[status]) {
      const res = await patch(bookingId, step === 'rescheduled' ? { status: step, bookingDate: dayAhead(20), bookingTime: '16:00' } : { status: step });
      assert.equal(res.statusCode, 200, res.body);
    }
  };

  before(async () => {
    store = await env.createStore({ timezone: ZONE });
    other = await env.createStore({ timezone: ZONE });
    key = await env.createKey(store);
    big = await createService(env, store, 1000);
    single = await createService(env, store, 1);
  });

  test('every allowed transition succeeds and emits booking.updated', async () => {
    for (const from of STATUSES) {
      for (const to of ALLOWED[from]) {
        const booking = await book(big.id, 10, '10:00');
        await moveTo(booking.bookingId, from);
        const body = to === 'rescheduled' ? { status: to, bookingDate: dayAhead(11), bookingTime: '12:00' } : { status: to };
        const res = await patch(booking.bookingId, body);
        assert.equal(res.statusCode, 200, `${from} → ${to}: ${res.body}`);
        assert.equal(res.data.booking.status, to);
        assert.equal(res.data.booking.bookingStatus, to);
        const events = await env.db.selectFrom('events').select('payload').where('store_id', '=', store.storeId).where('type', '=', 'booking.updated').execute();
        const last = events.map((e) => JSON.parse(e.payload).data).filter((d) => d.bookingId === booking.bookingId).at(-1);
        assert.equal(last.status, to);
        assert.equal(last.previousStatus, from);
      }
    }
  });

  test('every other transition is 409 conflict and changes nothing', async () => {
    for (const from of STATUSES) {
      for (const to of STATUSES.filter((s) => !ALLOWED[from].includes(s))) {
        const booking = await book(big.id, 12, '10:00');
        await moveTo(booking.bookingId, from);
        const body = to === 'rescheduled' ? { status: to, bookingDate: dayAhead(13), bookingTime: '12:00' } : { status: to };
        expectError(await patch(booking.bookingId, body), 409, 'conflict');
        const after = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(store) });
        assert.equal(after.data.booking.status, from, `${from} → ${to}`);
      }
    }
  });

  test('a reschedule is checked against availability and frees the old slot', async () => {
    const first = await book(single.id, 14, '09:00');
    const second = await book(single.id, 14, '10:00');
    const full = await patch(second.bookingId, { status: 'rescheduled', bookingDate: dayAhead(14), bookingTime: '09:00' });
    expectError(full, 409, 'slot-unavailable');
    expectError(await patch(second.bookingId, { status: 'rescheduled', bookingDate: dayAhead(14), bookingTime: '09:30' }), 409, 'slot-unavailable');
    expectError(await patch(second.bookingId, { status: 'rescheduled', bookingDate: dayAhead(-2), bookingTime: '09:00' }), 409, 'slot-unavailable');
    const moved = await patch(first.bookingId, { status: 'rescheduled', bookingDate: dayAhead(15), bookingTime: '13:00' });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.data.booking.bookingDate, dayAhead(15));
    assert.equal(moved.data.booking.bookingTime, '13:00');
    assert.equal(moved.data.booking.endTime, '14:00');
    assert.equal(moved.data.booking.startAt, DateTime.fromISO(`${dayAhead(15)}T13:00`, { zone: ZONE }).toUTC().toISO());
    // The 09:00 slot is free again.
    const again = await patch(second.bookingId, { status: 'rescheduled', bookingDate: dayAhead(14), bookingTime: '09:00' });
    assert.equal(again.statusCode, 200, again.body);
  });

  test('a cancelled booking frees its seat', async () => {
    const b = await book(single.id, 16, '11:00');
    assert.equal((await patch(b.bookingId, { status: 'cancelled' })).statusCode, 200);
    await book(single.id, 16, '11:00');
  });

  test('reschedule fields are validated: 400 validation-failed with details', async () => {
    const b = await book(big.id, 17, '10:00');
    const missing = await patch(b.bookingId, { status: 'rescheduled' });
    expectError(missing, 400, 'validation-failed');
    assert.deepEqual(missing.data.details.map((d: any) => d.field).sort(), ['bookingDate', 'bookingTime']);
    expectError(await patch(b.bookingId, { status: 'confirmed', bookingDate: dayAhead(18) }), 400, 'validation-failed');
    expectError(await patch(b.bookingId, { status: 'rescheduled', bookingDate: '2026-02-30', bookingTime: '10:00' }), 400, 'validation-failed');
    expectError(await patch(b.bookingId, { status: 'rescheduled', bookingDate: dayAhead(18), bookingTime: '10' }), 400, 'validation-failed');
    expectError(await patch(b.bookingId, {}), 400, 'validation-failed');
    expectError(await patch(b.bookingId, { status: 'done' }), 400, 'validation-failed');
    expectError(await patch(b.bookingId, { colour: 'red' }), 400, 'validation-failed');
    expectError(await patch(b.bookingId, { staffNotes: 'x'.repeat(5001) }), 400, 'validation-failed');
  });

  test('staff notes and payment status are kept; notes show to staff only', async () => {
    const b = await book(big.id, 19, '10:00');
    const res = await patch(b.bookingId, { staffNotes: 'prefers the window seat', paymentStatus: 'paid' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.booking.staffNotes, 'prefers the window seat');
    assert.equal(res.data.booking.paymentStatus, 'paid');
    assert.equal(res.data.booking.status, 'pending');
    const one = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${b.bookingId}`, headers: env.staffHeaders(store) });
    assert.equal(one.data.booking.staffNotes, 'prefers the window seat');
    const integration = await env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${store.storeId}&reference=${b.reference}`, headers: env.keyHeaders(key) });
    assert.equal(integration.data.bookings[0].paymentStatus, 'paid');
    assert.equal('staffNotes' in integration.data.bookings[0], false);
  });

  test('setPaymentStatus (for checkout) records the payment status of this store\'s booking only', async () => {
    const b = await book(big.id, 20, '10:00');
    await env.app.ctx.services.bookings.setPaymentStatus(store.storeId, b.bookingId, 'refunded');
    const one = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${b.bookingId}`, headers: env.staffHeaders(store) });
    assert.equal(one.data.booking.paymentStatus, 'refunded');
    await assert.rejects(env.app.ctx.services.bookings.setPaymentStatus(other.storeId, b.bookingId, 'paid'), (e: any) => e.code === 'booking-not-found');
  });

  test('countByStatus (for reports) counts this store\'s bookings per status, zeros included', async () => {
    const counts = await env.app.ctx.services.bookings.countByStatus(store.storeId);
    const rows = await env.db.selectFrom('bookings').select('status').where('store_id', '=', store.storeId).execute();
    assert.deepEqual(counts.map((c) => c.status), ['pending', 'confirmed', 'rescheduled', 'completed', 'cancelled']);
    for (const c of counts) assert.equal(c.count, rows.filter((r) => r.status === c.status).length, c.status);
    assert.ok(counts.reduce((n, c) => n + c.count, 0) > 0);
    const none = await env.app.ctx.services.bookings.countByStatus(other.storeId);
    assert.ok(none.every((c) => c.count === 0));
    const future = await env.app.ctx.services.bookings.countByStatus(store.storeId, { from: dayAhead(300) });
    assert.ok(future.every((c) => c.count === 0));
  });

  test('two racing staff changes of one booking: one wins, the other is 409 conflict', async () => {
    const b = await book(big.id, 21, '10:00');
    const [x, y] = await Promise.all([patch(b.bookingId, { status: 'confirmed' }), patch(b.bookingId, { status: 'confirmed' })]);
    assert.deepEqual([x.statusCode, y.statusCode].sort(), [200, 409]);
    const events = await env.db.selectFrom('events').select('payload').where('store_id', '=', store.storeId).where('type', '=', 'booking.updated').execute();
    assert.equal(events.filter((e) => JSON.parse(e.payload).data.bookingId === b.bookingId).length, 1);
  });

  test('lists with filters and a cursor', async () => {
    const res = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings?serviceId=${single.id}&limit=2`, headers: env.staffHeaders(store) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.count, 2);
    assert.ok(res.data.nextCursor);
    assert.ok(res.data.bookings.every((x: any) => x.serviceId === single.id && 'staffNotes' in x));
    const next = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings?serviceId=${single.id}&limit=2&cursor=${res.data.nextCursor}`, headers: env.staffHeaders(store) });
    assert.equal(next.statusCode, 200);
    assert.ok(next.data.count >= 1);
    const cancelled = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings?status=cancelled`, headers: env.staffHeaders(store) });
    assert.ok(cancelled.data.bookings.every((x: any) => x.status === 'cancelled'));
  });

  test('lists the bookings of one customer (staff only; integration keys cannot filter by customer)', async () => {
    const mine = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId: big.id, bookingDate: dayAhead(23), bookingTime: '11:00', customer: { name: 'Esi', phone: '0209998888', email: 'esi@example.test' } },
    });
    assert.equal(mine.statusCode, 201, mine.body);
    await book(big.id, 23, '12:00');
    const customerId = (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${mine.data.booking.bookingId}`, headers: env.staffHeaders(store) })).data.booking.customerId;
    assert.ok(customerId);
    const res = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings?customerId=${customerId}`, headers: env.staffHeaders(store) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data.bookings.map((b: any) => b.bookingId), [mine.data.booking.bookingId]);
    const elsewhere = await env.inject({ method: 'GET', url: `/api/stores/${other.storeId}/bookings?customerId=${customerId}`, headers: env.staffHeaders(other) });
    assert.equal(elsewhere.data.count, 0);
    const integration = await env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${store.storeId}&customerId=${customerId}`, headers: env.keyHeaders(key) });
    assert.equal(integration.statusCode, 200, integration.body);
    assert.ok(integration.data.bookings.length > 1, 'the integration list ignores a customer filter');
  });

  test('tenant isolation: another store\'s staff reads and writes nothing; unknown ids are 404 booking-not-found', async () => {
    const b = await book(big.id, 22, '10:00');
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings`, headers: env.staffHeaders(other) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${b.bookingId}`, headers: env.staffHeaders(other) }), 403, 'forbidden');
    expectError(await patch(b.bookingId, { status: 'cancelled' }, other), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${other.storeId}/bookings/${b.bookingId}`, headers: env.staffHeaders(other) }), 404, 'booking-not-found');
    expectError(await patch(b.bookingId, { status: 'cancelled' }, other, other), 404, 'booking-not-found');
    const otherList = await env.inject({ method: 'GET', url: `/api/stores/${other.storeId}/bookings`, headers: env.staffHeaders(other) });
    assert.equal(otherList.data.count, 0);
    expectError(await patch('bkg_nope', { status: 'cancelled' }), 404, 'booking-not-found');
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings` }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${b.bookingId}`, payload: { status: 'cancelled' } }), 401, 'unauthorized');
    const still = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${b.bookingId}`, headers: env.staffHeaders(store) });
    assert.equal(still.data.booking.status, 'pending');
  });
});
