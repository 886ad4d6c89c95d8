// Staff availability for the console: open slots of any service or course of the store, and a
// preview of a schedule being edited (nothing saved), both computed like the integration answer.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { staffMember } from '../blog/helpers.ts';

const ZONE = 'Asia/Tokyo';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;
const weekday = (date: string) => WEEK[DateTime.fromISO(date, { zone: ZONE }).weekday - 1];
const schedule = (overrides: Record<string, unknown> = {}) => ({ durationMinutes: 60, slotIntervalMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '12:00' })), ...overrides });

describeEachDb('staff availability and schedule preview', (env) => {
  let store: TestStore;
  let key: string;
  let service: any;
  let hidden: any;
  let product: any;
  const availability = (itemId: string, query: string, s = store, headers = env.staffHeaders(s)) =>
    env.inject({ method: 'GET', url: `/api/stores/${s.storeId}/items/${itemId}/availability?${query}`, headers });
  const preview = (payload: Record<string, unknown>, s = store, headers = env.staffHeaders(s)) =>
    env.inject({ method: 'POST', url: `/api/stores/${s.storeId}/schedule-preview`, headers, payload });
  const book = async (serviceId: string, date: string, time: string) => {
    const res = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId, bookingDate: date, bookingTime: time, customer: { name: 'Aiko', phone: '0241234567' } },
    });
    assert.equal(res.statusCode, 201, res.body);
  };

  before(async () => {
    store = await env.createStore({ timezone: ZONE });
    key = await env.createKey(store);
    service = await env.createItem(store, { itemType: 'service', price: 30, schedule: schedule() });
    hidden = await env.createItem(store, { itemType: 'course', price: 30, published: false, schedule: schedule({ capacity: 5 }) });
    product = await env.createItem(store, { itemType: 'product', price: 3 });
  });

  test('store dates give that whole local day; the answer is the integration availability\'s', async () => {
    const day = dayAhead(3);
    const res = await availability(service.id, `from=${day}&to=${day}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(res.data.slots.map((s: any) => [s.date, s.time]), [[day, '09:00'], [day, '10:00'], [day, '11:00']]);
    const start = DateTime.fromISO(day, { zone: ZONE });
    const iso = `from=${encodeURIComponent(start.toISO()!)}&to=${encodeURIComponent(start.plus({ days: 1 }).toISO()!)}`;
    const integration = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${service.id}&${iso}`, headers: env.keyHeaders(key) });
    assert.equal(integration.statusCode, 200, integration.body);
    assert.deepEqual(res.data, integration.data);
    assert.deepEqual((await availability(service.id, iso)).data, integration.data, 'timestamps work too');
  });

  test('a booking takes its seat; an unpublished course is visible to staff (not to integrations); staff members may read', async () => {
    const day = dayAhead(4);
    await book(service.id, day, '10:00');
    const res = await availability(service.id, `from=${day}&to=${day}`);
    assert.deepEqual(res.data.slots.map((s: any) => s.time), ['09:00', '11:00']);
    const course = await availability(`${store.storeId}_${hidden.id}`, `from=${day}&to=${dayAhead(5)}`, store, await staffMember(env, store));
    assert.equal(course.statusCode, 200, course.body);
    assert.equal(course.data.serviceId, hidden.id);
    assert.equal(course.data.slots.length, 6);
    assert.equal(course.data.slots[0].remaining, 5);
    const integration = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${hidden.id}&from=${day}&to=${dayAhead(5)}`, headers: env.keyHeaders(key) });
    expectError(integration, 404, 'service-not-found');
  });

  test('products are 422 not-bookable, unknown items 404 item-not-found, bad windows 400, other stores 403', async () => {
    const day = dayAhead(2);
    expectError(await availability(product.id, `from=${day}&to=${day}`), 422, 'not-bookable');
    expectError(await availability('no-such-item', `from=${day}&to=${day}`), 404, 'item-not-found');
    expectError(await availability(service.id, `from=${dayAhead(5)}&to=${dayAhead(4)}`), 400, 'invalid-range');
    expectError(await availability(service.id, `from=${day}&to=${dayAhead(70)}`), 400, 'invalid-range');
    const bad = await availability(service.id, `from=tomorrow&to=${day}`);
    expectError(bad, 400, 'validation-failed');
    assert.deepEqual(bad.data.details, [{ field: 'from', message: 'must be an ISO 8601 timestamp or a date YYYY-MM-DD' }]);
    expectError(await availability(service.id, `from=${day}`), 400, 'validation-failed');
    const stranger = await env.createStore();
    expectError(await availability(service.id, `from=${day}&to=${day}`, store, env.staffHeaders(stranger)), 403, 'forbidden');
  });

  test('a schedule preview lists the next open slots of the edited schedule and saves nothing', async () => {
    const day = dayAhead(6);
    const closed = dayAhead(7);
    const edited = schedule({ durationMinutes: 30, slotIntervalMinutes: 30, weeklyHours: [{ day: weekday(day), start: '14:00', end: '15:00' }, { day: weekday(closed), start: '14:00', end: '15:00' }], closedDates: [closed] });
    const res = await preview({ schedule: edited, from: day, days: 2 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.timezone, ZONE);
    assert.equal(res.data.durationMinutes, 30);
    assert.equal(res.data.count, 2);
    assert.deepEqual(res.data.slots.map((s: any) => [s.date, s.time]), [[day, '14:00'], [day, '14:30']]);
    assert.equal(res.data.from, DateTime.fromISO(day, { zone: ZONE }).toUTC().toISO());
    const item = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${service.id}`, headers: env.staffHeaders(store) });
    assert.deepEqual(item.data.item.schedule.weeklyHours, schedule().weeklyHours, 'the item keeps its schedule');
  });

  test('a new schedule offers a start every 30 minutes whatever its length; useStoreHours follows the store\'s hours and closed dates', async () => {
    const day = dayAhead(6);
    const long = await preview({ schedule: { durationMinutes: 240, weeklyHours: [{ day: weekday(day), start: '09:00', end: '17:00' }] }, from: day, days: 1 });
    assert.equal(long.statusCode, 200, long.body);
    assert.equal(long.data.count, 9, 'a 4-hour service from 09:00 to 13:00 every half hour, not twice a day');
    const hours = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { hours: [{ day: weekday(day), start: '10:00', end: '12:00' }], closedDates: [dayAhead(13)] } });
    assert.equal(hours.statusCode, 200, hours.body);
    const followed = await preview({ schedule: { durationMinutes: 60, useStoreHours: true }, from: day, days: 8 });
    assert.equal(followed.statusCode, 200, followed.body);
    assert.deepEqual(followed.data.slots.map((s: any) => [s.date, s.time]), [[day, '10:00'], [day, '10:30'], [day, '11:00']], 'the store is closed on the same weekday a week later');
    expectError(await preview({ schedule: { useStoreHours: 'yes' } }), 400, 'validation-failed');
    // Saved on a service, it is bookable in the store's hours.
    const svc = await env.createItem(store, { itemType: 'service', price: 10, schedule: { durationMinutes: 60, useStoreHours: true, maxAdvanceDays: 365 } });
    assert.equal(svc.schedule.useStoreHours, true);
    const open = await availability(svc.id, `from=${day}&to=${day}`);
    assert.deepEqual(open.data.slots.map((s: any) => s.time), ['10:00', '10:30', '11:00']);
    const back = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { hours: [], closedDates: [] } });
    assert.equal(back.statusCode, 200, back.body);
  });

  test('with an itemId the service\'s bookings take their seats; limit caps the list, count says how many', async () => {
    const day = dayAhead(8);
    await book(service.id, day, '09:00');
    const edited = schedule({ durationMinutes: 60, weeklyHours: [{ day: weekday(day), start: '08:00', end: '12:00' }] });
    const withBookings = await preview({ schedule: edited, itemId: service.id, from: day, days: 1 });
    assert.deepEqual(withBookings.data.slots.map((s: any) => s.time), ['08:00', '10:00', '11:00']);
    const without = await preview({ schedule: edited, from: day, days: 1 });
    assert.deepEqual(without.data.slots.map((s: any) => s.time), ['08:00', '09:00', '10:00', '11:00']);
    const capped = await preview({ schedule: edited, from: day, days: 1, limit: 1 });
    assert.equal(capped.data.count, 4);
    assert.equal(capped.data.slots.length, 1);
    const fromNow = await preview({ schedule: schedule() });
    assert.equal(fromNow.statusCode, 200, fromNow.body);
    assert.ok(fromNow.data.slots.every((s: any) => Date.parse(s.start) > Date.now()));
  });

  test('an invalid schedule is 400 naming each field; unknown fields, products and unknown items are refused', async () => {
    const bad = await preview({ schedule: { durationMinutes: 1, weeklyHours: [{ day: 'mon', start: '12:00', end: '09:00' }] } });
    expectError(bad, 400, 'validation-failed');
    const fields = bad.data.details.map((d: any) => d.field);
    assert.ok(fields.includes('schedule.durationMinutes'), bad.body);
    const reversed = await preview({ schedule: { weeklyHours: [{ day: 'mon', start: '12:00', end: '09:00' }] } });
    expectError(reversed, 400, 'validation-failed');
    assert.deepEqual(reversed.data.details, [{ field: 'schedule.weeklyHours.0.end', message: 'must be after start' }]);
    const unknown = await preview({ schedule: schedule(), colour: 'red' });
    expectError(unknown, 400, 'validation-failed');
    expectError(await preview({}), 400, 'validation-failed');
    expectError(await preview({ schedule: schedule(), days: 63 }), 400, 'validation-failed');
    expectError(await preview({ schedule: schedule(), itemId: product.id }), 422, 'not-bookable');
    expectError(await preview({ schedule: schedule(), itemId: 'nope' }), 404, 'item-not-found');
    const stranger = await env.createStore();
    expectError(await preview({ schedule: schedule() }, store, env.staffHeaders(stranger)), 403, 'forbidden');
  });
});
