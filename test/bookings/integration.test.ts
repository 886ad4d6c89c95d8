import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { integrationAuthMatrix } from '../helpers/integration-auth-matrix.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const everyDay = (start = '09:00', end = '17:00') => WEEK.map((day) => ({ day, start, end }));
/** A local date `days` from today in the store's zone. */
const dayAhead = (days: number, zone = ZONE) => DateTime.now().setZone(zone).plus({ days }).toISODate()!;

export async function createService(env: TestEnv, store: TestStore, schedule: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, slotIntervalMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours: everyDay(), ...schedule }, ...extra });
}

export function bookingBody(serviceId: string, date: string, time = '10:00', extra: Record<string, unknown> = {}) {
  return { serviceId, bookingDate: date, bookingTime: time, customer: { name: 'Ama Mensah', phone: '+233 24 123 4567', email: 'ama@example.test' }, ...extra };
}

describeEachDb('GET /v1IntegrationAvailability', (env) => {
  let store: TestStore;
  let key: string;
  let service: any;
  const avail = (query: string, k = key, s = store) => env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${s.storeId}&${query}`, headers: env.keyHeaders(k) });
  const window = (fromDays: number, toDays: number) => `from=${dayAhead(fromDays)}T00:00:00Z&to=${dayAhead(toDays)}T00:00:00Z`;

  before(async () => {
    store = await env.createStore({ timezone: ZONE });
    key = await env.createKey(store);
    service = await createService(env, store, { capacity: 2 });
  });

  test('lists open slots with CONTRACT §4 fields in the store time zone, cached at most 15 s', async () => {
    const res = await avail(`serviceId=${service.id}&${window(3, 4)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['cache-control']), /max-age=(\d|1[0-5])\b/);
    assert.deepEqual(Object.keys(res.data).sort(), ['durationMinutes', 'ok', 'serviceId', 'slots', 'storeId', 'timezone']);
    assert.equal(res.data.timezone, ZONE);
    assert.equal(res.data.durationMinutes, 60);
    assert.equal(res.data.slots.length, 8);
    assert.deepEqual(res.data.slots[0], { start: `${dayAhead(3)}T09:00:00.000Z`, end: `${dayAhead(3)}T10:00:00.000Z`, date: dayAhead(3), time: '09:00', capacity: 2, remaining: 2 });
  });

  test('a booking lowers remaining and a full slot disappears', async () => {
    const date = dayAhead(5);
    for (let i = 0; i < 2; i++) {
      const res = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: bookingBody(service.id, date, '11:00') });
      assert.equal(res.statusCode, 201, res.body);
      const slots = (await avail(`serviceId=${service.id}&${window(5, 6)}`)).data.slots;
      const slot = slots.find((s: any) => s.time === '11:00');
      if (i === 0) assert.equal(slot.remaining, 1);
      else assert.equal(slot, undefined);
    }
  });

  test('the buffer after a booking blocks the neighbouring slots, in availability and at booking time', async () => {
    const buffered = await createService(env, store, { bufferMinutes: 30, weeklyHours: everyDay('09:00', '13:00') });
    const date = dayAhead(8);
    const res = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: bookingBody(buffered.id, date, '10:00') });
    assert.equal(res.statusCode, 201, res.body);
    const slots = (await avail(`serviceId=${buffered.id}&${window(8, 9)}`)).data.slots;
    assert.deepEqual(slots.map((s: any) => s.time), ['12:00']);
    for (const time of ['09:00', '11:00']) {
      const refused = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: bookingBody(buffered.id, date, time) });
      expectError(refused, 409, 'slot-unavailable');
    }
  });

  test('a window longer than 62 days or with to not after from is 400 invalid-range', async () => {
    expectError(await avail(`serviceId=${service.id}&${window(1, 64)}`), 400, 'invalid-range');
    expectError(await avail(`serviceId=${service.id}&${window(4, 4)}`), 400, 'invalid-range');
    expectError(await avail(`serviceId=${service.id}&${window(4, 3)}`), 400, 'invalid-range');
    assert.equal((await avail(`serviceId=${service.id}&${window(1, 63)}`)).statusCode, 200);
  });

  test('missing or malformed parameters are 400 validation-failed naming the field', async () => {
    const missing = await avail(window(1, 2));
    expectError(missing, 400, 'validation-failed');
    assert.equal(missing.data.details[0].field, 'serviceId');
    const bad = await avail(`serviceId=${service.id}&from=yesterday&to=2026-13-45T00:00:00Z`);
    expectError(bad, 400, 'validation-failed');
    assert.deepEqual(bad.data.details.map((d: any) => d.field).sort(), ['from', 'to']);
  });

  test('an unknown or unpublished service is 404 service-not-found; a product is 422 not-bookable', async () => {
    expectError(await avail(`serviceId=nope&${window(1, 2)}`), 404, 'service-not-found');
    const hidden = await createService(env, store, {}, { published: false });
    expectError(await avail(`serviceId=${hidden.id}&${window(1, 2)}`), 404, 'service-not-found');
    const product = await env.createItem(store, { itemType: 'product', price: 5 });
    expectError(await avail(`serviceId=${product.id}&${window(1, 2)}`), 422, 'not-bookable');
  });

  test('a service without a schedule has no slots', async () => {
    const bare = await env.createItem(store, { itemType: 'service', price: 10 });
    const res = await avail(`serviceId=${bare.id}&${window(1, 2)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data.slots, []);
    assert.equal(res.data.durationMinutes, null);
  });

  test("another store's service is 404 for this store's key", async () => {
    const other = await env.createStore();
    const otherService = await createService(env, other);
    expectError(await avail(`serviceId=${otherService.id}&${window(1, 2)}`), 404, 'service-not-found');
  });

  test('every bookings route is documented in /openapi.json with its query, body and 2xx response', async () => {
    const res = await env.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const paths = res.data.paths;
    for (const [path, method, ok] of [
      ['/v1IntegrationAvailability', 'get', '200'],
      ['/v1IntegrationBookings', 'post', '201'],
      ['/v1IntegrationBookings', 'get', '200'],
      ['/api/stores/{storeId}/bookings', 'get', '200'],
      ['/api/stores/{storeId}/bookings/{bookingId}', 'get', '200'],
      ['/api/stores/{storeId}/bookings/{bookingId}', 'patch', '200'],
    ]) {
      const op = paths[path]?.[method];
      assert.ok(op, `${method} ${path}`);
      assert.ok(op.responses[ok], `${method} ${path} ${ok}`);
      assert.ok(op.responses['409'], `${method} ${path} 409`);
    }
    const body = paths['/v1IntegrationBookings'].post.requestBody.content['application/json'].schema;
    assert.equal(body.$ref, '#/components/schemas/BookingRequest');
    const request = res.data.components.schemas.BookingRequest;
    assert.ok(request.properties.customer);
    // What the service checks is declared, so a generated client can check it first.
    assert.ok(request.properties.bookingDate.pattern && request.properties.bookingTime.pattern && request.properties.customer.properties.phone.pattern);
  });

  describe('auth matrix', () => {
    let serviceId = '';
    integrationAuthMatrix(env, {
      path: '/v1IntegrationAvailability',
      scope: 'availability:read',
      scopesWithoutIt: ['catalog:read', 'bookings:read'],
      prepare: async (e, s) => {
        serviceId = (await createService(e, s)).id;
      },
      query: () => `serviceId=${serviceId}&${window(1, 2)}`,
    });
  });
});

/** The next local date in `zone` whose day is shorter (spring) or longer (autumn) than 24 h. */
function nextDstDay(zone: string, kind: 'spring' | 'autumn'): string {
  let day = DateTime.now().setZone(zone).startOf('day').plus({ days: 2 });
  for (let i = 0; i < 400; i++, day = day.plus({ days: 1 })) {
    const hours = day.plus({ days: 1 }).diff(day, 'hours').hours;
    if ((kind === 'spring' && hours < 24) || (kind === 'autumn' && hours > 24)) return day.toISODate()!;
  }
  throw new Error(`no ${kind} change in ${zone} within 400 days`);
}

describeEachDb('Availability and bookings across daylight-saving changes', (env) => {
  let london: TestStore;
  let accra: TestStore;
  let londonKey: string;
  let accraKey: string;
  const spring = nextDstDay('Europe/London', 'spring');
  const autumn = nextDstDay('Europe/London', 'autumn');
  const slotsOf = async (s: TestStore, k: string, serviceId: string, from: string, to: string) => {
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${s.storeId}&serviceId=${serviceId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, headers: env.keyHeaders(k) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data.slots as any[];
  };
  const bookAt = (s: TestStore, k: string, serviceId: string, date: string, time: string) =>
    env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${s.storeId}`, headers: env.keyHeaders(k), payload: bookingBody(serviceId, date, time) });

  before(async () => {
    london = await env.createStore({ timezone: 'Europe/London' });
    accra = await env.createStore({ timezone: 'Africa/Accra' });
    londonKey = await env.createKey(london);
    accraKey = await env.createKey(accra);
  });

  test('Europe/London spring-forward week: 09:00 local every day, one hour earlier in UTC after the change; bookings land on the right instant', async () => {
    const svc = await createService(env, london, { maxAdvanceDays: 730, weeklyHours: everyDay('09:00', '10:00') });
    const from = DateTime.fromISO(spring, { zone: 'UTC' }).minus({ days: 3 });
    const slots = await slotsOf(london, londonKey, svc.id, from.toISO()!, from.plus({ days: 7 }).toISO()!);
    assert.equal(slots.length, 7);
    for (const slot of slots) {
      assert.equal(slot.time, '09:00');
      assert.equal(slot.start, `${slot.date}T${slot.date < spring ? '09' : '08'}:00:00.000Z`);
    }
    const after = DateTime.fromISO(spring).plus({ days: 1 }).toISODate()!;
    const res = await bookAt(london, londonKey, svc.id, after, '09:00');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.booking.startAt, `${after}T08:00:00.000Z`);
    assert.equal(res.data.booking.endTime, '10:00');
  });

  test('Europe/London: the short night has no 01:xx slot; the long night repeats 01:00 and both are bookable once', async () => {
    const sunday = { maxAdvanceDays: 730, weeklyHours: everyDay('00:00', '04:00') };
    const svc = await createService(env, london, sunday);
    const springSlots = (await slotsOf(london, londonKey, svc.id, `${spring}T00:00:00+00:00`, `${spring}T12:00:00Z`)).filter((x) => x.date === spring);
    assert.deepEqual(springSlots.map((x) => x.time), ['00:00', '02:00', '03:00']);
    expectError(await bookAt(london, londonKey, svc.id, spring, '01:00'), 409, 'slot-unavailable');
    const autumnSlots = (await slotsOf(london, londonKey, svc.id, DateTime.fromISO(autumn, { zone: 'UTC' }).minus({ hours: 2 }).toISO()!, `${autumn}T12:00:00Z`)).filter((x) => x.date === autumn);
    assert.deepEqual(autumnSlots.map((x) => x.time), ['00:00', '01:00', '01:00', '02:00', '03:00']);
    const first = await bookAt(london, londonKey, svc.id, autumn, '01:00');
    const second = await bookAt(london, londonKey, svc.id, autumn, '01:00');
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(second.statusCode, 201, second.body);
    assert.deepEqual([first.data.booking.startAt, second.data.booking.startAt], [`${autumn}T00:00:00.000Z`, `${autumn}T01:00:00.000Z`]);
    expectError(await bookAt(london, londonKey, svc.id, autumn, '01:00'), 409, 'slot-unavailable');
  });

  test('Africa/Accra (no daylight saving) keeps 09:00 local = 09:00 UTC through the same weeks', async () => {
    const svc = await createService(env, accra, { maxAdvanceDays: 730, weeklyHours: everyDay('00:00', '04:00') });
    for (const date of [spring, autumn]) {
      const slots = (await slotsOf(accra, accraKey, svc.id, `${date}T00:00:00Z`, `${date}T23:00:00Z`)).filter((x) => x.date === date);
      assert.deepEqual(slots.map((x) => `${x.time} ${x.start}`), ['00', '01', '02', '03'].map((h) => `${h}:00 ${date}T${h}:00:00.000Z`));
    }
    const res = await bookAt(accra, accraKey, svc.id, spring, '01:00');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.booking.startAt, `${spring}T01:00:00.000Z`);
  });
});

describeEachDb('POST /v1IntegrationBookings', (env) => {
  let store: TestStore;
  let key: string;
  let service: any;
  const post = (payload: unknown, headers: Record<string, string> = env.keyHeaders(key), s = store) =>
    env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${s.storeId}`, headers, payload: payload as any });

  before(async () => {
    store = await env.createStore({ timezone: ZONE, currency: 'GHS' });
    key = await env.createKey(store);
    service = await createService(env, store);
  });

  test('books an open slot: 201 with the SPEC response, reference IB-<8 Crockford>, customer upserted, booking.created emitted', async () => {
    const res = await post(bookingBody(service.id, dayAhead(2), '09:00', { notes: 'first visit', sourceChannel: 'client_website', paymentMethod: 'cash', paymentAmount: 50.5, quantity: 1, attributes: { source: 'web', locale: 'en' } }));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const { booking, ...top } = res.data;
    assert.deepEqual(Object.keys(top).sort(), ['bookingId', 'bookingStatus', 'manageUrl', 'ok', 'paymentStatus', 'reference', 'status', 'storeId']);
    assert.match(top.manageUrl, /^http:\/\/localhost:3000\/b\/[0-9A-Za-z]{24}$/);
    assert.equal(booking.manageUrl, top.manageUrl);
    assert.equal(booking.cancellation, null);
    assert.equal(top.ok, true);
    assert.equal(top.storeId, store.storeId);
    assert.match(top.reference, /^IB-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    assert.equal(top.status, 'pending');
    assert.equal(top.bookingStatus, 'pending_approval');
    assert.equal(top.paymentStatus, 'payment_pending');
    assert.equal(booking.bookingId, top.bookingId);
    assert.equal(booking.serviceName, service.name);
    assert.equal(booking.startAt, `${dayAhead(2)}T09:00:00.000Z`);
    assert.equal(booking.endTime, '10:00');
    assert.equal(booking.paymentAmount, 50.5);
    assert.equal(booking.paymentAmountMinor, 5050);
    assert.equal(booking.paymentMethod, 'cash');
    assert.deepEqual(booking.attributes, { source: 'web', locale: 'en' });
    assert.equal(booking.customer.email, 'ama@example.test');
    const customers = await env.app.ctx.services.customers.list(store.storeId, { limit: 10 });
    const customer = customers.customers.find((c: any) => c.email === 'ama@example.test');
    assert.equal(customer?.id, booking.customerId);
    assert.equal(customer?.bookingsCount, 1);
    const events = await env.db.selectFrom('events').selectAll().where('store_id', '=', store.storeId).where('type', '=', 'booking.created').execute();
    assert.equal(events.length, 1);
    assert.equal(JSON.parse(events[0].payload).data.reference, top.reference);
  });

  test('booking.created is queued to the store\'s enabled endpoints that want it, and a full slot records neither event nor delivery', async () => {
    const mine = await env.createStore({ timezone: ZONE, currency: 'GHS' });
    const myKey = await env.createKey(mine);
    const single = await createService(env, mine);
    const endpoint = (events: string[], enabled = true) => env.createWebhookEndpoint(mine, events, { enabled });
    const wants = await endpoint(['booking.created']);
    const everything = await endpoint(['*']);
    await endpoint(['order.created']);
    await endpoint(['booking.created'], false);
    const book = () => post(bookingBody(single.id, dayAhead(5), '09:00'), env.keyHeaders(myKey), mine);
    const res = await book();
    assert.equal(res.statusCode, 201, res.body);
    // (The booking's new customer and the service's creation are events of their own: customer.created, catalog.item.created.)
    const events = await env.db.selectFrom('events').select(['id', 'payload']).where('store_id', '=', mine.storeId).where('type', '=', 'booking.created').execute();
    assert.equal(events.length, 1);
    assert.equal(JSON.parse(events[0].payload).data.reference, res.data.reference);
    const queued = await env.db.selectFrom('webhook_deliveries').select(['endpoint_id', 'event_id', 'event_type']).where('store_id', '=', mine.storeId).where('event_type', '=', 'booking.created').execute();
    assert.deepEqual(queued.map((d) => d.endpoint_id).sort(), [wants, everything].sort());
    assert.ok(queued.every((d) => d.event_id === events[0].id));
    const counts = async () => [
      (await env.db.selectFrom('events').select('id').where('store_id', '=', mine.storeId).execute()).length,
      (await env.db.selectFrom('webhook_deliveries').select('id').where('store_id', '=', mine.storeId).execute()).length,
    ];
    const before = await counts();
    // The slot (capacity 1) is now full: nothing more is recorded or queued.
    expectError(await book(), 409, 'slot-unavailable');
    assert.deepEqual(await counts(), before);
  });

  test('the payment-object form is accepted; a claimed confirmed payment gives manual_review', async () => {
    const res = await post({ ...bookingBody(service.id, dayAhead(2), '10:00'), payment: { method: 'momo', amount: 20, confirmed: true } });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.paymentStatus, 'manual_review');
    assert.equal(res.data.booking.paymentMethod, 'momo');
    assert.equal(res.data.booking.paymentAmountMinor, 2000);
  });

  test('a display id <storeId>_<rawId> books the raw service', async () => {
    const res = await post(bookingBody(`${store.storeId}_${service.id}`, dayAhead(2), '11:00'));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.booking.serviceId, service.id);
  });

  test('every validation error is 400 validation-failed with field-level details', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['bookingDate', 'bookingTime', 'customer', 'serviceId']],
      [{ ...bookingBody(service.id, dayAhead(2)), customer: {} }, ['customer.name', 'customer.phone']],
      [{ ...bookingBody(service.id, dayAhead(2)), serviceId: 42, quantity: '2' }, ['quantity', 'serviceId']],
      [bookingBody(service.id, '2026-02-30'), ['bookingDate']],
      [bookingBody(service.id, '20260301'), ['bookingDate']],
      [bookingBody(service.id, dayAhead(2), '25:00'), ['bookingTime']],
      [bookingBody(service.id, dayAhead(2), '9:00'), ['bookingTime']],
      [{ ...bookingBody(service.id, dayAhead(2)), customer: { name: '  ', phone: '123', email: 'not-an-email' } }, ['customer.email', 'customer.name', 'customer.phone']],
      [{ ...bookingBody(service.id, dayAhead(2)), quantity: 0 }, ['quantity']],
      [{ ...bookingBody(service.id, dayAhead(2)), paymentAmount: -1 }, ['paymentAmount']],
      [{ ...bookingBody(service.id, dayAhead(2)), notes: 'x'.repeat(2001) }, ['notes']],
      [{ ...bookingBody(service.id, dayAhead(2)), attributes: 'web' }, ['attributes']],
      [{ ...bookingBody(service.id, dayAhead(2)), attributes: { blob: 'x'.repeat(9000) } }, ['attributes']],
      [{ ...bookingBody(service.id, dayAhead(2)), payment: { confirmed: 'yes' } }, ['payment.confirmed']],
      [[], ['body']],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(payload);
      expectError(res, 400, 'validation-failed');
      const got = [...new Set(res.data.details.map((d: any) => d.field))].sort();
      assert.deepEqual(got, fields, `${JSON.stringify(payload).slice(0, 80)} → ${res.body}`);
    }
  });

  test('malformed JSON is 400 invalid-json, a body over 1 MB is 413, another content type is 415', async () => {
    expectError(await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), 'content-type': 'application/json' }, payload: '{"serviceId":' }), 400, 'invalid-json');
    expectError(await post({ ...bookingBody(service.id, dayAhead(2)), notes: 'x'.repeat(1_100_000) }), 413, 'payload-too-large');
    expectError(await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), 'content-type': 'application/xml' }, payload: '<booking/>' }), 415, 'unsupported-media-type');
  });

  test('hostile input: SQL-looking ids find nothing, prototype keys are refused, markup is kept as inert text', async () => {
    expectError(await post(bookingBody("' OR 1=1 --", dayAhead(2))), 404, 'service-not-found');
    expectError(await post(bookingBody(`${service.id}' OR '1'='1`, dayAhead(2))), 404, 'service-not-found');
    const proto = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: { ...env.keyHeaders(key), 'content-type': 'application/json' },
      payload: JSON.stringify(bookingBody(service.id, dayAhead(2), '13:00')).replace('"customer"', '"attributes":{"__proto__":{"admin":true}},"customer"'),
    });
    assert.equal(proto.statusCode, 400, proto.body);
    const markup = await post({ ...bookingBody(service.id, dayAhead(2), '14:00'), notes: '<script>alert(1)</script>', customer: { name: '<b>Ama</b>', phone: '0241234567' } });
    assert.equal(markup.statusCode, 201, markup.body);
    assert.equal(markup.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(markup.data.booking.notes, '<script>alert(1)</script>');
  });

  test('a product is 422 not-bookable; an unknown or unpublished service is 404 service-not-found', async () => {
    const product = await env.createItem(store, { itemType: 'product', price: 5 });
    const res = await post(bookingBody(product.id, dayAhead(2)));
    expectError(res, 422, 'not-bookable');
    expectError(await post(bookingBody('no-such-service', dayAhead(2))), 404, 'service-not-found');
    const hidden = await createService(env, store, {}, { published: false });
    expectError(await post(bookingBody(hidden.id, dayAhead(2))), 404, 'service-not-found');
  });

  test('a time that is not an open slot, a past slot, a closed date and a full slot are 409 slot-unavailable', async () => {
    const s = await createService(env, store, { closedDates: [dayAhead(4)], weeklyHours: everyDay('09:00', '12:00') });
    expectError(await post(bookingBody(s.id, dayAhead(3), '09:30')), 409, 'slot-unavailable');
    expectError(await post(bookingBody(s.id, dayAhead(3), '12:00')), 409, 'slot-unavailable');
    expectError(await post(bookingBody(s.id, dayAhead(-1), '09:00')), 409, 'slot-unavailable');
    expectError(await post(bookingBody(s.id, dayAhead(4), '09:00')), 409, 'slot-unavailable');
    expectError(await post(bookingBody(s.id, dayAhead(3), '09:00', { quantity: 2 })), 409, 'slot-unavailable');
    assert.equal((await post(bookingBody(s.id, dayAhead(3), '09:00'))).statusCode, 201);
    const full = await post(bookingBody(s.id, dayAhead(3), '09:00'));
    expectError(full, 409, 'slot-unavailable');
    assert.equal(full.data.details[0].message, 'fully booked');
  });

  test('50 concurrent requests for a capacity-1 slot: exactly one 201 and 49 slot-unavailable', async () => {
    const s = await createService(env, store);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post({ ...bookingBody(s.id, dayAhead(6), '14:00'), customer: { name: `Racer ${i}`, phone: `+23324000${String(i).padStart(4, '0')}`, email: `racer${i}@example.test` } })),
    );
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 201).length, 1, JSON.stringify(codes));
    const refused = results.filter((r) => r.statusCode !== 201);
    assert.equal(refused.length, 49);
    for (const r of refused) expectError(r, 409, 'slot-unavailable');
    const rows = await env.db.selectFrom('bookings').select('id').where('store_id', '=', store.storeId).where('service_id', '=', s.id).execute();
    assert.equal(rows.length, 1);
  });

  // A booking locks only the time its slot (and buffer) touches: racing bookings at overlapping
  // times of one service still see each other, and those at times far apart both succeed.
  test('concurrent bookings of overlapping slots (interval shorter than the duration, or a buffer between) give one 201; slots far apart both book', async () => {
    const warm = async (s: { id: string }) => assert.equal((await post(bookingBody(s.id, dayAhead(9), '09:00'))).statusCode, 201);
    const race = async (s: { id: string }, times: string[], n: number) => {
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          post({ ...bookingBody(s.id, dayAhead(7), times[i % times.length]), customer: { name: `Overlap ${i}`, phone: `+23327${String(i).padStart(7, '0')}` } }),
        ),
      );
      return results.map((r) => r.statusCode);
    };
    const overlapping = await createService(env, store, { durationMinutes: 60, slotIntervalMinutes: 30 });
    await warm(overlapping); // the service's lock row exists: the cell locks are the ones in play
    let codes = await race(overlapping, ['10:00', '10:30', '11:00'], 30);
    // 10:00–11:00 and 11:00–12:00 do not overlap; 10:30 overlaps both: two bookings at most, one at least.
    const booked = await env.db.selectFrom('bookings').select(['booking_time']).where('service_id', '=', overlapping.id).where('booking_date', '=', dayAhead(7)).execute();
    assert.equal(codes.filter((c) => c === 201).length, booked.length, JSON.stringify(codes));
    const times = booked.map((b) => b.booking_time).sort();
    assert.ok(JSON.stringify(times) === '["10:00","11:00"]' || JSON.stringify(times) === '["10:30"]', JSON.stringify(times));

    const buffered = await createService(env, store, { durationMinutes: 30, slotIntervalMinutes: 30, bufferMinutes: 15 });
    await warm(buffered);
    codes = await race(buffered, ['10:00', '10:30'], 20);
    assert.equal(codes.filter((c) => c === 201).length, 1, JSON.stringify(codes));

    const apart = await createService(env, store, { durationMinutes: 30, slotIntervalMinutes: 30 });
    await warm(apart);
    codes = await race(apart, ['10:00', '14:00'], 20);
    assert.equal(codes.filter((c) => c === 201).length, 2, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === 409).length, 18);
  });

  // Several instances share a PostgreSQL database only (SQLite is embedded in one process).
  if (env.dialect.name === 'postgres') test('two instances on one PostgreSQL database: 40 concurrent requests for a capacity-2 slot give exactly two 201', async () => {
    const s = await createService(env, store, { capacity: 2 });
    const database = await connectDatabase(env.dialect.url, { schema: (env as any).schema, poolSize: 10 });
    const second = await buildApp(env.config, { database, logger: false });
    await second.ready();
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? second : env.app).inject({
            method: 'POST',
            url: `/v1IntegrationBookings?storeId=${store.storeId}`,
            headers: env.keyHeaders(key),
            payload: { ...bookingBody(s.id, dayAhead(6), '15:00'), customer: { name: `Twin ${i}`, phone: `+23326000${String(i).padStart(4, '0')}` } },
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      assert.equal(codes.filter((c) => c === 201).length, 2, JSON.stringify(codes));
      assert.equal(codes.filter((c) => c === 409).length, 38);
    } finally {
      await second.close();
      await database.destroy();
    }
  });

  test('a course with a schedule is booked like a service', async () => {
    const course = await env.createItem(store, { itemType: 'course', price: 200, schedule: { durationMinutes: 120, capacity: 12, maxAdvanceDays: 365, weeklyHours: [{ day: 'sat', start: '10:00', end: '12:00' }] } });
    const saturday = DateTime.now().setZone(ZONE).plus({ days: 7 }).set({ weekday: 6 }).toISODate()!;
    const res = await post(bookingBody(course.id, saturday, '10:00', { quantity: 3 }));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.booking.endTime, '12:00');
  });

  test('Idempotency-Key: the same body replays the first response; another body is 409 idempotency-key-reuse', async () => {
    const s = await createService(env, store);
    const headers = { ...env.keyHeaders(key), 'idempotency-key': `idem-${Date.now()}` };
    const body = bookingBody(s.id, dayAhead(7), '15:00');
    const first = await post(body, headers);
    assert.equal(first.statusCode, 201, first.body);
    const replay = await post(body, headers);
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.data, first.data);
    expectError(await post(bookingBody(s.id, dayAhead(7), '16:00'), headers), 409, 'idempotency-key-reuse');
    const rows = await env.db.selectFrom('bookings').select('id').where('store_id', '=', store.storeId).where('service_id', '=', s.id).execute();
    assert.equal(rows.length, 1);
    expectError(await post(body, { ...env.keyHeaders(key), 'idempotency-key': 'bad key with spaces' }), 400, 'validation-failed');
  });

  test('auth: no credentials 401, no storeId 400, wrong or foreign key 401, a key without bookings:write 403; nothing is written', async () => {
    const body = bookingBody(service.id, dayAhead(8), '09:00');
    expectError(await post(body, {}), 401, 'unauthorized');
    expectError(await env.inject({ method: 'POST', url: '/v1IntegrationBookings', headers: env.keyHeaders(key), payload: body }), 400, 'missing-store-id');
    expectError(await post(body, env.keyHeaders(`isk_${'C'.repeat(40)}`)), 401, 'invalid-api-key');
    const other = await env.createStore();
    const otherKey = await env.createKey(other);
    expectError(await post(body, env.keyHeaders(otherKey)), 401, 'invalid-api-key');
    expectError(await post(body, env.keyHeaders(key), other), 401, 'invalid-api-key');
    expectError(await post(body, env.keyHeaders(await env.createKey(store, ['bookings:read', 'availability:read']))), 403, 'forbidden');
    expectError(await post(body, { ...env.keyHeaders(key), 'x-service-contract-version': '2020-01-01' }), 400, 'contract-version-mismatch');
    const rows = await env.db.selectFrom('bookings').select('id').where('booking_date', '=', dayAhead(8)).execute();
    assert.equal(rows.length, 0);
  });

  test("another store's key cannot book this store's service through its own storeId", async () => {
    const other = await env.createStore();
    const otherKey = await env.createKey(other);
    expectError(await post(bookingBody(service.id, dayAhead(9)), env.keyHeaders(otherKey), other), 404, 'service-not-found');
  });
});

describeEachDb('GET /v1IntegrationBookings', (env) => {
  let store: TestStore;
  let key: string;
  let a: any;
  let b: any;
  const refs: string[] = [];
  const list = (query = '', k = key, s = store) => env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${s.storeId}${query}`, headers: env.keyHeaders(k) });

  before(async () => {
    store = await env.createStore({ timezone: ZONE });
    key = await env.createKey(store);
    a = await createService(env, store);
    b = await createService(env, store);
    for (const [svc, days, time] of [[a, 2, '09:00'], [a, 3, '10:00'], [b, 4, '11:00']] as const) {
      const res = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: bookingBody(svc.id, dayAhead(days), time) });
      assert.equal(res.statusCode, 201, res.body);
      refs.push(res.data.reference);
    }
  });

  test('lists the booking records newest first, with every CONTRACT §4 field and no staff notes', async () => {
    const res = await list();
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.data.ok, true);
    assert.equal(res.data.count, 3);
    assert.equal(res.data.nextCursor, null);
    assert.deepEqual(res.data.bookings.map((x: any) => x.reference), [...refs].reverse());
    const record = res.data.bookings[0];
    for (const field of ['serviceId', 'serviceName', 'bookingDate', 'bookingTime', 'quantity', 'notes', 'customer', 'paymentMethod', 'paymentAmount', 'sourceChannel', 'attributes', 'bookingId', 'reference', 'storeId', 'status', 'bookingStatus', 'paymentStatus', 'endTime', 'createdAt', 'updatedAt']) {
      assert.ok(field in record, field);
    }
    assert.equal('staffNotes' in record, false);
    assert.equal(record.bookingStatus, 'pending_approval');
  });

  test('filters by status, serviceId, reference and date range', async () => {
    assert.equal((await list(`&serviceId=${a.id}`)).data.count, 2);
    // The display id `<storeId>_<id>` names the same service.
    assert.equal((await list(`&serviceId=${store.storeId}_${a.id}`)).data.count, 2);
    assert.equal((await list(`&reference=${refs[2]}`)).data.bookings[0].serviceId, b.id);
    assert.equal((await list('&status=pending')).data.count, 3);
    assert.equal((await list('&status=pending_approval')).data.count, 3);
    assert.equal((await list('&status=confirmed')).data.count, 0);
    assert.equal((await list(`&from=${dayAhead(3)}&to=${dayAhead(3)}`)).data.count, 1);
    expectError(await list('&status=done'), 400, 'validation-failed');
    expectError(await list('&from=tomorrow'), 400, 'validation-failed');
  });

  test('pages with limit and cursor; a forged cursor is 400', async () => {
    const first = await list('&limit=2');
    assert.equal(first.data.count, 2);
    assert.ok(first.data.nextCursor);
    const second = await list(`&limit=2&cursor=${first.data.nextCursor}`);
    assert.equal(second.data.count, 1);
    assert.equal(second.data.nextCursor, null);
    assert.deepEqual([...first.data.bookings, ...second.data.bookings].map((x: any) => x.reference), [...refs].reverse());
    expectError(await list('&cursor=garbage'), 400, 'validation-failed');
    expectError(await list('&limit=0'), 400, 'validation-failed');
    expectError(await list('&limit=101'), 400, 'validation-failed');
  });

  test("another store's key sees only its own (empty) bookings", async () => {
    const other = await env.createStore();
    const otherKey = await env.createKey(other);
    const res = await list('', otherKey, other);
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 0);
    expectError(await list('', otherKey), 401, 'invalid-api-key');
  });

  describe('auth matrix', () => {
    integrationAuthMatrix(env, { path: '/v1IntegrationBookings', scope: 'bookings:read', scopesWithoutIt: ['bookings:write', 'availability:read'] });
  });
});
