// The owner's report of a period (GET /api/stores/:storeId/reports/summary) and revenue grouped by
// week or month (GET …/reports/sales?period=): counter sales and front-desk bookings counted in the
// store's time zone, no-show rate, busiest days and hours, returning customers; owners and admins
// only, other stores walled off, bad ranges refused. Both engines.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestEnv, type TestMember, type TestStore } from '../helpers/app.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describeEachDb('reports summary and periods', (env: TestEnv) => {
  let store: TestStore;
  let staff: TestMember;
  const today = DateTime.now().setZone(ZONE);
  const from = today.minus({ days: 1 }).toISODate()!;
  const to = today.plus({ days: 2 }).toISODate()!;
  const get = (path: string, headers: Record<string, string> = env.staffHeaders(store), s: TestStore = store) =>
    env.inject({ method: 'GET', url: `/api/stores/${s.storeId}/reports/${path}`, headers });

  before(async () => {
    store = await env.createStore({ timezone: ZONE, currency: 'GHS' });
    staff = await env.addMember(store, { role: 'staff' });
    const gel = await env.createItem(store, { itemType: 'product', name: 'Edge gel', price: 35, stockCount: 50 });
    const comb = await env.createItem(store, { itemType: 'product', name: 'Comb', price: 5 });
    const braids = await env.createItem(store, { itemType: 'service', name: 'Braids', price: 200, schedule: { durationMinutes: 60, capacity: 5, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })) } });
    const cut = await env.createItem(store, { itemType: 'service', name: 'Cut', price: 50, schedule: { durationMinutes: 30, capacity: 5, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })) } });
    // A customer from before the period (returning) and a new one.
    const old = (await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: env.staffHeaders(store), payload: { name: 'Old Friend', phone: '0241000001' } })).data.customer;
    await env.db.updateTable('customers').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', old.id).execute();
    const sale = async (items: { itemId: string; qty: number }[], customer?: Record<string, unknown>) => {
      const res = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders`, headers: env.staffHeaders(store), payload: { items, paymentMethod: 'cash', paid: true, ...(customer ? { customer } : {}) } });
      assert.equal(res.statusCode, 201, res.body);
    };
    await sale([{ itemId: gel.id, qty: 2 }], { customerId: old.id });
    await sale([{ itemId: comb.id, qty: 10 }], { name: 'New Face', phone: '0241000002' });
    await sale([{ itemId: gel.id, qty: 1 }]);
    // Not paid: not revenue.
    await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders`, headers: env.staffHeaders(store), payload: { items: [{ itemId: gel.id, qty: 5 }], paymentMethod: 'momo', paid: false } });
    const book = async (serviceId: string, date: string, time: string, name: string) => {
      const res = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/bookings`, headers: env.staffHeaders(store), payload: { serviceId, date, time, source: 'walk_in', customer: { name, phone: `024${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` } } });
      assert.equal(res.statusCode, 201, res.body);
      return res.data.booking;
    };
    const tomorrow = today.plus({ days: 1 }).toISODate()!;
    const a = await book(braids.id, tomorrow, '10:00', 'A');
    await book(braids.id, tomorrow, '10:00', 'B');
    await book(cut.id, tomorrow, '15:00', 'C');
    const d = await book(cut.id, tomorrow, '16:00', 'D');
    // One came, one did not, one cancelled.
    await env.db.updateTable('bookings').set({ status: 'completed', attendance: 'attended' }).where('id', '=', a.bookingId).execute();
    const missed = await book(braids.id, tomorrow, '11:00', 'E');
    await env.db.updateTable('bookings').set({ status: 'cancelled', attendance: 'no_show' }).where('id', '=', missed.bookingId).execute();
    await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${d.bookingId}`, headers: env.staffHeaders(store), payload: { status: 'cancelled', cancellationReason: 'ill' } });
  });

  test('revenue, best sellers, bookings by status and no-show rate, busiest days and hours, returning customers', async () => {
    const res = await get(`summary?from=${from}&to=${to}`);
    assert.equal(res.statusCode, 200, res.body);
    const r = res.data;
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual([r.currency, r.timezone, r.from, r.to], ['GHS', ZONE, from, to]);
    assert.deepEqual(r.revenue, { ordersCount: 3, revenue: 155, revenueMinor: 15_500 });
    assert.deepEqual(r.products.map((p: any) => [p.name, p.quantity, p.revenueMinor, p.ordersCount]), [['Edge gel', 3, 10_500, 2], ['Comb', 10, 5_000, 1]]);
    assert.deepEqual(r.services.map((s: any) => [s.name, s.bookingsCount, s.attendedCount, s.revenueMinor]), [['Braids', 2, 1, 40_000], ['Cut', 1, 0, 5_000]]);
    assert.equal(r.bookings.total, 5);
    assert.deepEqual(Object.fromEntries(r.bookings.byStatus.map((b: any) => [b.status, b.count])), { pending: 0, confirmed: 2, rescheduled: 0, completed: 1, cancelled: 2 });
    assert.deepEqual([r.bookings.attended, r.bookings.noShows, r.bookings.noShowRate], [1, 1, 0.5]);
    const weekday = WEEK[today.plus({ days: 1 }).weekday - 1];
    assert.equal(r.busiest.weekdays.find((w: any) => w.day === weekday).count, 3);
    assert.equal(r.busiest.weekdays.reduce((n: number, w: any) => n + w.count, 0), 3);
    assert.deepEqual(r.busiest.hours.filter((h: any) => h.count > 0).map((h: any) => [h.hour, h.count]), [[10, 2], [15, 1]]);
    // Old Friend (before the period) returned; New Face and the five booking customers are new.
    assert.deepEqual(r.customers, { total: 7, returning: 1, new: 6 });
  });

  test('revenue by day, week and month covers the range, cut to it', async () => {
    const start = today.minus({ days: 40 }).toISODate()!;
    const end = today.toISODate()!;
    for (const period of ['day', 'week', 'month'] as const) {
      const res = await get(`sales?from=${start}&to=${end}&period=${period}`);
      assert.equal(res.statusCode, 200, res.body);
      const periods = res.data.periods;
      assert.equal(periods[0].from, start);
      assert.equal(periods[periods.length - 1].to, end);
      assert.equal(periods.reduce((n: number, p: any) => n + p.revenueMinor, 0), 15_500);
      if (period === 'day') assert.equal(periods.length, 41);
      if (period === 'week') assert.ok(periods.length >= 6 && periods.length <= 7 && periods.slice(1).every((p: any) => DateTime.fromISO(p.from).weekday === 1));
      if (period === 'month') assert.ok(periods.length === 2 || periods.length === 3);
    }
    expectError(await get(`sales?from=${start}&to=${end}&period=year`), 400, 'validation-failed');
  });

  test('owners and admins only; bad ranges refused; other stores walled off', async () => {
    expectError(await get(`summary?from=${from}&to=${to}`, staff.headers), 403, 'forbidden');
    expectError(await get(`summary?from=${to}&to=${from}`), 400, 'invalid-range');
    expectError(await get(`summary?from=2026-01-01&to=2027-06-01`), 400, 'invalid-range');
    expectError(await get(`summary?from=2026-02-30&to=2026-03-01`), 400, 'invalid-range');
    expectError(await get(`summary?from=today&to=${to}`), 400, 'validation-failed');
    expectError(await get(`summary?to=${to}`), 400, 'validation-failed');
    const other = await env.createStore({ timezone: ZONE });
    expectError(await get(`summary?from=${from}&to=${to}`, env.staffHeaders(other)), 403, 'forbidden');
    const theirs = await get(`summary?from=${from}&to=${to}`, env.staffHeaders(other), other);
    assert.equal(theirs.statusCode, 200);
    assert.deepEqual([theirs.data.revenue.ordersCount, theirs.data.bookings.total, theirs.data.customers.total, theirs.data.bookings.noShowRate], [0, 0, 0, null]);
  });
});
