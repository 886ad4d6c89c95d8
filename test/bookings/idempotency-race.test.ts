// Two runs of one Idempotency-Key (a slow run whose lease lapsed, and the retry that took the key
// over) both reach the booking's insert: the booking's own statement records the answer only if the
// key is still unanswered, so the second run rolls back (its booking with it) and replays the first
// run's answer. PostgreSQL: the runs are held at the slot's lock by a transaction of the test's own
// (SQLite's single writer cannot be held mid-transaction from outside).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { sql } from 'kysely';
import { describeEachDb } from '../helpers/app.ts';

const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
const dayAhead = (days: number) => DateTime.now().setZone('UTC').plus({ days }).toISODate()!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDb(
  'Idempotency-Key: two runs of one key reach the booking insert',
  (env) => {
    if (env.dialect.name !== 'postgres') return;

    test('one booking, one answer: the later run rolls back and replays the first', async () => {
      const store = await env.createStore({ timezone: 'UTC' });
      const key = await env.createKey(store);
      const service = await env.createItem(store, { itemType: 'service', price: 20, schedule: { durationMinutes: 60, capacity: 50, maxAdvanceDays: 365, weeklyHours: everyDay } });
      const body = { serviceId: service.id, bookingDate: dayAhead(9), bookingTime: '11:00', customer: { name: 'Adwoa', phone: '+233 24 555 0199', email: 'adwoa@example.test' } };
      const book = (idem: string) =>
        env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), 'idempotency-key': idem }, payload: body });
      const count = async () => Number((await env.db.selectFrom('bookings').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', store.storeId).executeTakeFirstOrThrow()).n);

      // A first booking creates the service's lock row.
      assert.equal((await book('warm-up')).statusCode, 201);
      const before = await count();

      // Hold the service's lock row: every booking of the service waits at its slot lock.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = env.db.transaction().execute(async (trx) => {
        await sql`select 1 from booking_locks where store_id = ${store.storeId} and service_id = ${service.id} for update`.execute(trx);
        holding();
        await released;
      });
      await held;

      const first = book('k-race');
      // The first run's lease (IDEMPOTENCY_LEASE_SECONDS=1) lapses while it waits; the retry takes the key over.
      await sleep(1300);
      const second = book('k-race');
      await sleep(300);
      release();
      await holder;
      const [a, b] = await Promise.all([first, second]);

      assert.equal(a.statusCode, 201, a.body);
      assert.equal(b.statusCode, 201, b.body);
      assert.equal(a.data.reference, b.data.reference, 'both answers are the one booking');
      assert.equal([a, b].filter((r) => r.headers['idempotent-replayed'] === 'true').length, 1, 'one of them is the replay');
      assert.equal(await count(), before + 1, 'one booking');
      const record = await env.db.selectFrom('idempotency_keys').selectAll().where('store_id', '=', store.storeId).where('key', '=', 'k-race').executeTakeFirstOrThrow();
      assert.equal(record.status_code, 201);
      assert.equal(JSON.parse(record.response_body!).reference, a.data.reference);
      // Only the committed booking's event exists.
      const events = await env.db.selectFrom('events').select('payload').where('store_id', '=', store.storeId).where('type', '=', 'booking.created').execute();
      assert.equal(events.filter((e) => JSON.parse(e.payload).data.reference === a.data.reference).length, 1);
      assert.equal(events.length, 2, 'the warm-up and the one booking');
    });
  },
  { env: { IDEMPOTENCY_LEASE_SECONDS: '1' } },
);
