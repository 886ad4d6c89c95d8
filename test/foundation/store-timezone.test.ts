import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { STORE_TOPIC } from '../../src/modules/stores/service.ts';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/connect.ts';

const signup = (timezone: string) => ({
  email: `tz-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'long enough pw',
  name: 'Ama',
  store: { name: 'Zoned', timezone },
});

describeEachDb('store time zones', (env) => {
  test('signup refuses an empty or unknown time zone with 400 naming store.timezone', async () => {
    for (const timezone of ['', ' ', 'Mars/Base', 'Africa/Accra ']) {
      const res = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: signup(timezone) });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.details.map((d: any) => d.field), ['store.timezone'], `${JSON.stringify(timezone)}: ${res.body}`);
    }
    const ok = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: signup('Europe/Berlin') });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.store.timezone, 'Europe/Berlin');
  });

  test('PATCH /api/stores/{id} refuses an empty time zone with 400 naming timezone, and keeps the old one', async () => {
    const store = await env.createStore({ timezone: 'Africa/Lagos' });
    const res = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { timezone: '' } });
    expectError(res, 400, 'validation-failed');
    assert.deepEqual(res.data.details.map((d: any) => d.field), ['timezone']);
    const read = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(read.data.store.timezone, 'Africa/Lagos');
  });

  test('a store whose stored time zone is unusable still takes bookings, in the default zone, instead of a 500', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
    const service = await env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours } });
    // Rows written before time zones were checked can hold an empty one.
    await env.db.updateTable('stores').set({ timezone: '' }).where('id', '=', store.storeId).execute();
    // A direct edit of the table: tell the service, as a change through it would (its store cache).
    await env.app.ctx.notifier.publish(STORE_TOPIC, store.storeId);
    const date = DateTime.now().setZone('Africa/Accra').plus({ days: 3 }).toISODate()!;
    const availability = await env.inject({
      method: 'GET',
      url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${service.id}&from=${date}T00:00:00Z&to=${date}T23:59:59Z`,
      headers: env.keyHeaders(key),
    });
    assert.equal(availability.statusCode, 200, availability.body);
    assert.equal(availability.data.timezone, 'Africa/Accra');
    const booking = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId: service.id, bookingDate: date, bookingTime: '10:00', customer: { name: 'Ama Mensah', phone: '+233 24 123 4567', email: 'ama@example.test' } },
    });
    assert.equal(booking.statusCode, 201, booking.body);
    assert.equal(booking.data.booking.timezone, 'Africa/Accra');
  });
});

// Stores are kept in memory per instance (stores service): a change through the API is seen at once
// by the instance that made it, and by every other instance once the notifier tells it.
describeEachDb('store changes and the store cache', (env) => {
  test('a time zone change shows at once in the next availability answer and booking on the same instance', async () => {
    const store = await env.createStore({ timezone: 'Africa/Accra' });
    const key = await env.createKey(store);
    const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
    const service = await env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours } });
    const date = DateTime.now().plus({ days: 3 }).toISODate()!;
    const url = `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${service.id}&from=${date}T00:00:00Z&to=${date}T23:59:59Z`;
    assert.equal((await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) })).data.timezone, 'Africa/Accra');
    const patched = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { timezone: 'Asia/Tokyo' } });
    assert.equal(patched.statusCode, 200, patched.body);
    const after = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    assert.equal(after.data.timezone, 'Asia/Tokyo');
    assert.equal(after.data.slots[0].time, '09:00');
    assert.equal(after.data.slots[0].start.slice(11, 16), '00:00', 'slots in the new zone (09:00 Tokyo is 00:00 UTC)');
  });

  if (env.dialect.name === 'postgres') test('two instances on one PostgreSQL database: a change made through one is seen by the other', async () => {
    const store = await env.createStore({ timezone: 'Africa/Accra' });
    const database = await connectDatabase(env.dialect.url, { schema: (env as unknown as { schema: string }).schema, poolSize: 2 });
    const second = await buildApp(env.config, { database, logger: false });
    await second.ready();
    try {
      const read = async () => (await second.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store) })).json().store;
      assert.equal((await read()).timezone, 'Africa/Accra'); // now in the second instance's cache
      const patched = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { timezone: 'Asia/Tokyo', name: 'Renamed' } });
      assert.equal(patched.statusCode, 200, patched.body);
      // LISTEN/NOTIFY reaches the other instance shortly after the change commits.
      const deadline = Date.now() + 5_000;
      let seen = await read();
      while (seen.timezone !== 'Asia/Tokyo' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await read();
      }
      assert.equal(seen.timezone, 'Asia/Tokyo');
      assert.equal(seen.name, 'Renamed');
    } finally {
      await second.close();
      await database.destroy();
    }
  });
});
