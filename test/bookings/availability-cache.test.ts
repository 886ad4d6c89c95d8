// Availability answers keep a service's busy times per instance (src/modules/bookings/service.ts,
// cachedBusy) and the service itself (catalog cachedItem): a booking, a staff change or a change of
// the service is seen at once by the instance that made it, and by every other instance once the
// notifier tells it (on PostgreSQL the booking insert's own NOTIFY).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, type TestEnv, type TestStore } from '../helpers/app.ts';
import { BOOKINGS_TOPIC } from '../../src/modules/bookings/service.ts';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/connect.ts';

const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));

async function setup(env: TestEnv) {
  const store = await env.createStore({ timezone: 'Africa/Accra' });
  const key = await env.createKey(store);
  const service = await env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, capacity: 2, maxAdvanceDays: 365, weeklyHours } });
  const date = DateTime.now().setZone('Africa/Accra').plus({ days: 4 }).toISODate()!;
  const url = `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${service.id}&from=${date}T00:00:00Z&to=${date}T23:59:59Z`;
  return { store, key, service, date, url };
}

type App = { inject: TestEnv['inject'] } | { inject(o: object): Promise<{ statusCode: number; body: string; json(): any }> };

/** Seats left at 10:00 in `app`'s answer (0 when the slot is gone). */
async function seatsAtTen(app: App, url: string, headers: Record<string, string>): Promise<number> {
  const res = await (app as any).inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, res.body);
  const slots = (res.data ?? res.json()).slots as Array<{ time: string; remaining: number }>;
  return slots.find((s) => s.time === '10:00')?.remaining ?? 0;
}

function book(env: TestEnv, store: TestStore, key: unknown, serviceId: string, date: string, n: number) {
  return env.inject({
    method: 'POST',
    url: `/v1IntegrationBookings?storeId=${store.storeId}`,
    headers: env.keyHeaders(key as any),
    payload: { serviceId, bookingDate: date, bookingTime: '10:00', customer: { name: `Guest ${n}`, phone: `+23324000${String(n).padStart(4, '0')}` } },
  });
}

/** Staff cancel the booking (its seat is free again). */
function cancel(env: TestEnv, store: TestStore, booking: { bookingId?: string; id?: string }) {
  return env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId ?? booking.id}`, headers: env.staffHeaders(store), payload: { status: 'cancelled' } });
}

/** Polls `read` until it returns `want` (a signal from another instance arrives shortly after the commit). */
async function eventually(read: () => Promise<number>, want: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  let seen = await read();
  while (seen !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    seen = await read();
  }
  return seen;
}

describeEachDb('availability and the busy-time cache', (env) => {
  test('a booking and a staff cancel show at once in the next answer of the same instance', async () => {
    const { store, key, service, date, url } = await setup(env);
    const headers = env.keyHeaders(key);
    assert.equal(await seatsAtTen(env, url, headers), 2);
    const first = await book(env, store, key, service.id, date, 1);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(await seatsAtTen(env, url, headers), 1);
    // The staff's view of the same service shares the cache and sees it too.
    const staff = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${service.id}/availability?from=${date}&to=${date}`, headers: env.staffHeaders(store) });
    assert.equal(staff.data.slots.find((s: any) => s.time === '10:00').remaining, 1);
    const cancelled = await cancel(env, store, first.data.booking);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(await seatsAtTen(env, url, headers), 2);
  });

  test('answers come from the cache: a direct SQL edit of bookings shows only once the store is signalled', async () => {
    const { store, key, service, date, url } = await setup(env);
    const headers = env.keyHeaders(key);
    // PostgreSQL: the booking's own NOTIFY also comes back to this instance a moment after the commit;
    // wait for it, so that it does not drop the entry read below.
    const signalled = new Promise<void>((resolve) => env.app.ctx.notifier.subscribe(BOOKINGS_TOPIC, (id) => id === store.storeId && resolve()));
    const made = await book(env, store, key, service.id, date, 2);
    assert.equal(made.statusCode, 201, made.body);
    if (env.dialect.name === 'postgres') await signalled;
    assert.equal(await seatsAtTen(env, url, headers), 1);
    await env.db.updateTable('bookings').set({ quantity: 2 }).where('store_id', '=', store.storeId).execute();
    assert.equal(await seatsAtTen(env, url, headers), 1, 'the kept busy times are used');
    // The same service's answer for another part of the same day shares the entry (whole UTC days).
    const later = url.replace(`from=${date}T00:00:00Z`, `from=${date}T09:30:00Z`);
    assert.equal(await seatsAtTen(env, later, headers), 1, 'another window of the same day is the same entry');
    await env.app.ctx.notifier.publish(BOOKINGS_TOPIC, store.storeId);
    assert.equal(await seatsAtTen(env, url, headers), 0);
  });

  test('a booking that fails changes nothing kept; a full slot is full in the next answer', async () => {
    const { store, key, service, date, url } = await setup(env);
    const headers = env.keyHeaders(key);
    for (const n of [3, 4]) assert.equal((await book(env, store, key, service.id, date, n)).statusCode, 201);
    assert.equal(await seatsAtTen(env, url, headers), 0);
    assert.equal((await book(env, store, key, service.id, date, 5)).statusCode, 409);
    assert.equal(await seatsAtTen(env, url, headers), 0);
  });

  test('a change of the service (its capacity, then unpublishing it) shows at once in the next answer and booking', async () => {
    const { store, key, service, date, url } = await setup(env);
    const headers = env.keyHeaders(key);
    assert.equal(await seatsAtTen(env, url, headers), 2); // the service and its busy times are now kept
    const patch = (payload: object) => env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${service.id}`, headers: env.staffHeaders(store), payload });
    const grown = await patch({ schedule: { durationMinutes: 60, capacity: 3, maxAdvanceDays: 365, weeklyHours } });
    assert.equal(grown.statusCode, 200, grown.body);
    assert.equal(await seatsAtTen(env, url, headers), 3);
    assert.equal((await patch({ published: false })).statusCode, 200);
    const gone = await env.inject({ method: 'GET', url, headers });
    assert.equal(gone.statusCode, 404, gone.body);
    assert.equal((await book(env, store, key, service.id, date, 7)).statusCode, 404);
  });

  if (env.dialect.name === 'postgres') test('two instances on one PostgreSQL database: a booking and a cancel made through one are seen by the other', async () => {
    const { store, key, service, date, url } = await setup(env);
    const headers = env.keyHeaders(key);
    const database = await connectDatabase(env.dialect.url, { schema: (env as unknown as { schema: string }).schema, poolSize: 2 });
    const second = await buildApp(env.config, { database, logger: false });
    await second.ready();
    try {
      const read = () => seatsAtTen(second, url, headers);
      assert.equal(await read(), 2); // now kept by the second instance
      const made = await book(env, store, key, service.id, date, 6);
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(await eventually(read, 1), 1, 'the insert’s NOTIFY reached the second instance');
      const cancelled = await cancel(env, store, made.data.booking);
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      assert.equal(await eventually(read, 2), 2, 'the staff change reached the second instance');
      const unpublished = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${service.id}`, headers: env.staffHeaders(store), payload: { published: false } });
      assert.equal(unpublished.statusCode, 200, unpublished.body);
      const status = async () => (await second.inject({ method: 'GET', url, headers })).statusCode;
      assert.equal(await eventually(status, 404), 404, 'the unpublished service is gone from the second instance too');
    } finally {
      await second.close();
      await database.destroy();
    }
  });
});
