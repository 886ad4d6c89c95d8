// Staff calendars, as properties (fast-check), both engines: whatever sequence of bookings (named or
// assigned, two services of different lengths with a buffer), moves in time or to another person,
// cancellations and time-off changes is played, (1) no person ever holds two bookings whose times
// (plus the buffer) overlap, and (2) every time availability offers with a person can then be booked
// with that person. Each run plays on a day of its own.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describeEachDb, type TestEnv, type TestStore } from '../helpers/app.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const TIMES = Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
const BUFFER_MS = 15 * 60_000;

type Op =
  | { kind: 'book'; service: 0 | 1; time: number; person: number | null }
  | { kind: 'move'; booking: number; time: number; person: number | null }
  | { kind: 'cancel'; booking: number }
  | { kind: 'timeOff'; person: number; from: number; hours: number }
  | { kind: 'bookOffered'; service: 0 | 1; person: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), service: fc.constantFrom(0 as const, 1 as const), time: fc.nat(TIMES.length - 1), person: fc.option(fc.nat(2), { nil: null }) }),
  fc.record({ kind: fc.constant('move' as const), booking: fc.nat(20), time: fc.nat(TIMES.length - 1), person: fc.option(fc.nat(2), { nil: null }) }),
  fc.record({ kind: fc.constant('cancel' as const), booking: fc.nat(20) }),
  fc.record({ kind: fc.constant('timeOff' as const), person: fc.nat(2), from: fc.nat(TIMES.length - 1), hours: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('bookOffered' as const), service: fc.constantFrom(0 as const, 1 as const), person: fc.nat(2) }),
);

describeEachDb('staff calendars as properties', (env: TestEnv) => {
  let store: TestStore;
  let key = '';
  const services: string[] = [];
  const people: string[] = [];
  let run = 0;

  before(async () => {
    store = await env.createStore({ timezone: ZONE, name: 'Property Salon' });
    key = await env.createKey(store);
    // 60 minutes every 30 (slots overlap) and 90 minutes every 30, both with a 15-minute buffer.
    for (const durationMinutes of [60, 90]) {
      const item = await env.createItem(store, {
        itemType: 'service',
        price: 100,
        schedule: { durationMinutes, capacity: 1, slotIntervalMinutes: 30, bufferMinutes: 15, maxAdvanceDays: 400, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '18:00' })) },
      });
      services.push(item.id);
    }
    const hours = [['09:00', '18:00'], ['09:00', '13:00'], ['12:00', '18:00']];
    for (const [i, [start, end]] of hours.entries()) {
      const res = await env.inject({
        method: 'POST',
        url: `/api/stores/${store.storeId}/staff`,
        headers: env.staffHeaders(store),
        payload: { displayName: `Person ${i}`, weeklyHours: WEEK.map((day) => ({ day, start, end })), serviceIds: i === 2 ? [services[0]] : services },
      });
      assert.equal(res.statusCode, 201, res.body);
      people.push(res.data.staff.id);
    }
  });

  test('no sequence of bookings, moves, cancellations and time off double-books a person or offers a time that booking refuses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 14 }), async (ops) => {
        const date = DateTime.now().setZone(ZONE).plus({ days: 30 + run++ }).toISODate()!;
        const booked: string[] = [];
        const timeOff = new Map<string, { from: string; to: string }[]>();
        let n = 0;
        const customer = () => ({ name: `Prop ${run}-${++n}`, phone: `+23320${String(run * 100 + n).padStart(7, '0')}` });
        const book = (service: string, time: string, staffId?: string) =>
          env.inject({
            method: 'POST',
            url: `/v1IntegrationBookings?storeId=${store.storeId}`,
            headers: env.keyHeaders(key),
            payload: { serviceId: service, bookingDate: date, bookingTime: time, customer: customer(), ...(staffId ? { staffId } : {}) },
          });

        for (const op of ops) {
          if (op.kind === 'book') {
            const res = await book(services[op.service], TIMES[op.time], op.person === null ? undefined : people[op.person]);
            assert.ok([201, 409, 422].includes(res.statusCode), res.body);
            if (res.statusCode === 201) booked.push(res.data.bookingId);
          } else if (op.kind === 'move' && booked.length) {
            const id = booked[op.booking % booked.length];
            const res = await env.inject({
              method: 'PATCH',
              url: `/api/stores/${store.storeId}/bookings/${id}`,
              headers: env.staffHeaders(store),
              payload: { status: 'rescheduled', bookingDate: date, bookingTime: TIMES[op.time], ...(op.person === null ? {} : { staffId: people[op.person] }) },
            });
            assert.ok([200, 409, 422].includes(res.statusCode), res.body);
          } else if (op.kind === 'cancel' && booked.length) {
            const id = booked[op.booking % booked.length];
            const res = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${id}`, headers: env.staffHeaders(store), payload: { status: 'cancelled' } });
            assert.ok([200, 409].includes(res.statusCode), res.body);
          } else if (op.kind === 'timeOff') {
            const person = people[op.person];
            const start = DateTime.fromISO(`${date}T${TIMES[op.from]}`, { zone: ZONE });
            const list = [...(timeOff.get(person) ?? []), { from: start.toISO()!, to: start.plus({ hours: op.hours }).toISO()! }];
            const current = (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/staff/${person}`, headers: env.staffHeaders(store) })).data.staff.timeOff;
            const res = await env.inject({
              method: 'PATCH',
              url: `/api/stores/${store.storeId}/staff/${person}`,
              headers: env.staffHeaders(store),
              payload: { timeOff: [...current.map((t: { from: string; to: string }) => ({ from: t.from, to: t.to })), list[list.length - 1]], keepBookings: op.hours % 2 === 0 },
            });
            assert.ok([200, 409].includes(res.statusCode), res.body);
            if (res.statusCode === 200) timeOff.set(person, list);
          } else if (op.kind === 'bookOffered') {
            // (2) the first time offered with this person books with them.
            const from = DateTime.fromISO(date, { zone: ZONE }).toUTC().toISO();
            const to = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1 }).toUTC().toISO();
            const avail = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${services[op.service]}&from=${from}&to=${to}`, headers: env.keyHeaders(key) });
            const person = people[op.person];
            if (avail.statusCode === 200) {
              const slot = (avail.data.slots as { time: string; staffIds: string[] }[]).find((s) => s.staffIds.includes(person));
              if (slot) {
                const res = await book(services[op.service], slot.time, person);
                assert.equal(res.statusCode, 201, `offered ${slot.time} with ${person}, booking said ${res.body}`);
                booked.push(res.data.bookingId);
              }
            } else {
              assert.equal(avail.statusCode, 422, avail.body);
            }
          }
          // (1) nobody holds two overlapping bookings (buffer included).
          const rows = await env.db
            .selectFrom('bookings')
            .select(['staff_id', 'start_at', 'end_at', 'overbooked'])
            .where('store_id', '=', store.storeId)
            .where('booking_date', '=', date)
            .where('status', '!=', 'cancelled')
            .execute();
          for (const person of people) {
            const mine = rows.filter((r) => r.staff_id === person).map((r) => [Date.parse(r.start_at), Date.parse(r.end_at)]).sort((a, b) => a[0] - b[0]);
            for (let i = 1; i < mine.length; i++) assert.ok(mine[i][0] >= mine[i - 1][1] + BUFFER_MS, `${person} double-booked on ${date}: ${JSON.stringify(mine)}`);
          }
          assert.ok(rows.every((r) => r.staff_id !== null), 'every booking of a service with performers has a person');
        }
      }),
      { numRuns: 12 },
    );
  });
});
