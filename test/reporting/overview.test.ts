// GET /api/stores/{storeId}/overview (the console's Today page in one request) and
// GET /api/stores/{storeId}/reports/bookings (bookings by status).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { staffMember } from '../blog/helpers.ts';
import { openPayPage, submitPayForm } from '../checkout/helpers.ts';

/** A fixed-offset zone where it is about 04:00 now, so slots later today are always open. */
function earlyMorningZone(): string {
  let offset = 4 - new Date().getUTCHours();
  if (offset < -12) offset += 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const ZONE = earlyMorningZone();
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const day = (offset: number) => DateTime.now().setZone(ZONE).plus({ days: offset }).toISODate()!;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describeEachDb('the console overview and the bookings report', (env: TestEnv) => {
  let store: TestStore;
  let key: string;
  let service: any;
  let mug: any;
  const bookings: Record<string, any> = {};
  const orders: Record<string, any> = {};
  const overview = (query = '', headers = env.staffHeaders(store)) => env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/overview${query}`, headers });
  const book = async (date: string, time: string) => {
    const res = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId: service.id, bookingDate: date, bookingTime: time, customer: { name: `Guest ${time}`, phone: '0241234567' } },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.data.booking;
  };
  const setStatus = async (booking: any, status: string) => {
    const res = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(store), payload: { status } });
    assert.equal(res.statusCode, 200, res.body);
  };
  const order = async (extra: Record<string, unknown> = {}) => {
    const res = await env.inject({
      method: 'POST',
      url: '/integrationCheckoutCreate',
      headers: env.keyHeaders(key),
      payload: {
        storeId: store.storeId,
        items: [{ item_id: mug.id, qty: 2 }],
        customer: { name: 'Kofi Mensah', email: 'kofi@example.test', phone: '+233 24 123 4567' },
        returnUrl: 'https://shop.example.test/ok',
        cancelUrl: 'https://shop.example.test/cancel',
        ...extra,
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.data;
  };

  before(async () => {
    store = await env.createStore({ timezone: ZONE, currency: 'GHS' });
    key = await env.createKey(store);
    service = await env.createItem(store, { itemType: 'service', name: 'Braids', price: 40, schedule: { durationMinutes: 60, capacity: 5, maxAdvanceDays: 60, weeklyHours: WEEK.map((d) => ({ day: d, start: '09:00', end: '20:00' })) } });
    mug = await env.createItem(store, { name: 'Mug', price: 12.5 });

    bookings.todayLate = await book(day(0), '16:00');
    bookings.todayEarly = await book(day(0), '12:00');
    bookings.todayCancelled = await book(day(0), '13:00');
    bookings.inThreeDays = await book(day(3), '10:00');
    bookings.inSevenDays = await book(day(7), '19:00');
    bookings.inEightDays = await book(day(8), '10:00');
    await setStatus(bookings.todayLate, 'confirmed');
    await setStatus(bookings.todayCancelled, 'cancelled');
    await setStatus(bookings.inThreeDays, 'confirmed');

    orders.card = await order();
    orders.cash = await order({ paymentMethod: 'cash' });
    orders.paid = await order();
    const { token } = await openPayPage(env, orders.paid.reference);
    assert.equal((await submitPayForm(env, orders.paid.reference, 'pay', token)).statusCode, 303);

    // A webhook endpoint nobody listens on: its test delivery fails for good at once.
    const endpoint = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { url: `http://127.0.0.1:${await closedPort()}/hooks` } });
    assert.equal(endpoint.statusCode, 201, endpoint.body);
    orders.endpointId = endpoint.data.endpoint.endpointId;
    const sent = await env.inject({ method: 'POST', url: `/developer/webhooks/${orders.endpointId}/test?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(sent.data.status, 'failed', sent.body);
    orders.failedDeliveryId = sent.data.deliveryId;
    // A sync feed with a bad row: the run fails and is recorded.
    const sync = await env.inject({ method: 'POST', url: `/developer/sync-runs?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { mode: 'upsert', items: [{ id: 'bad-row', name: 'No price', itemType: 'product' }] } });
    assert.equal(sync.statusCode, 400, sync.body);
  });

  test("an owner's overview: today's and the week's bookings soonest first, pending approvals, orders waiting, 30 days of sales, failures", async () => {
    const res = await overview();
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const o = res.data;
    assert.equal(o.timezone, ZONE);
    assert.equal(o.currency, 'GHS');
    assert.equal(o.today, day(0));

    assert.equal(o.bookingsToday.date, day(0));
    assert.equal(o.bookingsToday.count, 2, 'the cancelled one is left out');
    assert.deepEqual(o.bookingsToday.items.map((b: any) => b.bookingId), [bookings.todayEarly.bookingId, bookings.todayLate.bookingId]);
    assert.ok('staffNotes' in o.bookingsToday.items[0]);
    assert.deepEqual([o.bookingsUpcoming.from, o.bookingsUpcoming.to], [day(1), day(7)]);
    assert.deepEqual(o.bookingsUpcoming.items.map((b: any) => b.bookingId), [bookings.inThreeDays.bookingId, bookings.inSevenDays.bookingId]);
    assert.equal(o.pendingApproval.count, 3);
    assert.deepEqual(o.pendingApproval.items.map((b: any) => b.bookingId), [bookings.todayEarly.bookingId, bookings.inSevenDays.bookingId, bookings.inEightDays.bookingId]);

    assert.deepEqual(o.ordersAwaitingPayment.statuses, ['pending_payment', 'pending_cash_collection', 'pending_manual']);
    assert.equal(o.ordersAwaitingPayment.count, 2);
    assert.equal(o.ordersAwaitingPayment.countCapped, false);
    assert.deepEqual(o.ordersAwaitingPayment.items.map((x: any) => x.orderId).sort(), [orders.card.orderId, orders.cash.orderId].sort());
    const cash = o.ordersAwaitingPayment.items.find((x: any) => x.orderId === orders.cash.orderId);
    assert.deepEqual(
      { status: cash.status, totalMinor: cash.totalMinor, currency: cash.currency, customerName: cash.customerName, itemsCount: cash.itemsCount },
      { status: 'pending_cash_collection', totalMinor: 2500, currency: 'GHS', customerName: 'Kofi Mensah', itemsCount: 2 },
    );
    assert.equal(o.ordersAwaitingDelivery.count, 1);
    assert.equal(o.ordersAwaitingDelivery.items[0].orderId, orders.paid.orderId);

    assert.deepEqual([o.sales.from, o.sales.to, o.sales.days.length], [day(-29), day(0), 30]);
    assert.deepEqual(o.sales.days.at(-1), { date: day(0), ordersCount: 1, revenue: 25, revenueMinor: 2500 });
    assert.equal(o.sales.totals.revenueMinor, 2500);

    assert.deepEqual(o.attention, { bookingsPendingApproval: 3, failedWebhookDeliveries: 1, failedSyncRuns: 1 });
    assert.equal(o.webhookFailures.count, 1);
    assert.deepEqual(
      { deliveryId: o.webhookFailures.items[0].deliveryId, endpointId: o.webhookFailures.items[0].endpointId, eventType: o.webhookFailures.items[0].eventType },
      { deliveryId: orders.failedDeliveryId, endpointId: orders.endpointId, eventType: 'webhook.test' },
    );
    assert.deepEqual(o.webhookFailures.endpoints.map((e: any) => [e.endpointId, e.count]), [[orders.endpointId, 1]]);
    assert.equal(o.syncFailures.count, 1);
    assert.match(o.syncFailures.items[0].runId, /\w/);
    assert.equal(o.syncFailures.items[0].failures[0].itemId, 'bad-row');
    // The next steps: a service and a key, no second member or invitation yet.
    assert.deepEqual(o.setup, { serviceAdded: true, staffInvited: false, websiteConnected: true });
  });

  test("a new store's next steps are none done; each is done once taken (an invitation, a course, a key), a revoked key undoes it", async () => {
    const fresh = await env.createStore({ name: 'Fresh Start' });
    const steps = async () => {
      const res = await env.inject({ method: 'GET', url: `/api/stores/${fresh.storeId}/overview`, headers: env.staffHeaders(fresh) });
      assert.equal(res.statusCode, 200, res.body);
      return res.data.setup;
    };
    assert.deepEqual(await steps(), { serviceAdded: false, staffInvited: false, websiteConnected: false });
    await env.createItem(fresh, { name: 'A product only', price: 5 });
    const invited = await env.inject({ method: 'POST', url: `/api/stores/${fresh.storeId}/members`, headers: env.staffHeaders(fresh), payload: { email: 'someone@example.test', role: 'staff' } });
    assert.equal(invited.statusCode, 201, invited.body);
    await env.createItem(fresh, { itemType: 'course', name: 'Braiding class', price: 100, schedule: { durationMinutes: 120, capacity: 8, maxAdvanceDays: 30, weeklyHours: [{ day: 'sat', start: '10:00', end: '12:00' }] } });
    assert.deepEqual(await steps(), { serviceAdded: true, staffInvited: true, websiteConnected: false });
    const created = await env.inject({ method: 'POST', url: `/developer/keys?storeId=${fresh.storeId}`, headers: env.staffHeaders(fresh), payload: { name: 'Website' } });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await steps()).websiteConnected, true);
    const revoked = await env.inject({ method: 'POST', url: `/developer/keys/${created.data.key.keyId}/revoke?storeId=${fresh.storeId}`, headers: env.staffHeaders(fresh) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal((await steps()).websiteConnected, false);
  });

  test('a staff member gets the same day without the developer parts', async () => {
    const res = await overview('', await staffMember(env, store));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.bookingsToday.count, 2);
    assert.deepEqual(res.data.attention, { bookingsPendingApproval: 3 });
    assert.equal('webhookFailures' in res.data, false);
    assert.equal('syncFailures' in res.data, false);
    assert.equal('setup' in res.data, false, 'staff cannot take the next steps');
  });

  test('the overview follows changes: a confirmed booking leaves the approvals, a collected cash order moves to delivery and into sales', async () => {
    await setStatus(bookings.todayEarly, 'confirmed');
    const paid = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders/${orders.cash.orderId}/mark-paid`, headers: env.staffHeaders(store), payload: { method: 'cash' } });
    assert.equal(paid.statusCode, 200, paid.body);
    const redelivered = await env.inject({ method: 'POST', url: `/developer/webhooks/${orders.endpointId}/deliveries/${orders.failedDeliveryId}/redeliver?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(redelivered.statusCode, 202, redelivered.body);
    const o = (await overview()).data;
    assert.equal(o.pendingApproval.count, 2);
    assert.equal(o.ordersAwaitingPayment.count, 1);
    assert.equal(o.ordersAwaitingDelivery.count, 2);
    assert.equal(o.sales.days.at(-1).revenueMinor, 5000);
    assert.equal(o.webhookFailures.count, 0, 'a redelivered delivery is no longer failed');
  });

  test('limit caps the lists, never the counts; out-of-range limits and strangers are refused', async () => {
    const o = (await overview('?limit=1')).data;
    assert.equal(o.bookingsToday.items.length, 1);
    assert.equal(o.bookingsToday.count, 2);
    assert.equal(o.ordersAwaitingDelivery.items.length, 1);
    assert.equal(o.ordersAwaitingDelivery.count, 2);
    for (const q of ['?limit=0', '?limit=51', '?limit=two']) expectError(await overview(q), 400, 'validation-failed');
    const stranger = await env.createStore();
    expectError(await overview('', env.staffHeaders(stranger)), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/overview` }), 401, 'unauthorized');
  });

  test('GET …/reports/bookings counts bookings per status between two store dates, every status listed', async () => {
    const report = (query = '', headers = env.staffHeaders(store)) => env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/reports/bookings${query}`, headers });
    const all = await report();
    assert.equal(all.statusCode, 200, all.body);
    assert.deepEqual({ ...all.data, statuses: undefined }, { ok: true, storeId: store.storeId, from: null, to: null, total: 6, statuses: undefined });
    assert.deepEqual(Object.fromEntries(all.data.statuses.map((s: any) => [s.status, [s.bookingStatus, s.count]])), {
      pending: ['pending_approval', 2],
      confirmed: ['confirmed', 3],
      rescheduled: ['rescheduled', 0],
      completed: ['completed', 0],
      cancelled: ['cancelled', 1],
    });
    const today = await report(`?from=${day(0)}&to=${day(0)}`, await staffMember(env, store));
    assert.equal(today.statusCode, 200, today.body);
    assert.equal(today.data.total, 3);
    assert.deepEqual(Object.fromEntries(today.data.statuses.map((s: any) => [s.status, s.count])), { pending: 0, confirmed: 2, rescheduled: 0, completed: 0, cancelled: 1 });
    assert.equal((await report(`?from=${day(4)}`)).data.total, 2);
    expectError(await report(`?from=${day(3)}&to=${day(2)}`), 400, 'invalid-range');
    expectError(await report('?from=yesterday'), 400, 'validation-failed');
    const stranger = await env.createStore();
    expectError(await report('', env.staffHeaders(stranger)), 403, 'forbidden');
  });
});
