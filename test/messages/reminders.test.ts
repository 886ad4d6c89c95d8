// Reminders at each of the store's offsets before a booking, driven by moving the clock (never by
// sleeping): once per booking, offset and time, also with several instances scanning at once;
// never for a cancelled, pending, moved-away or past booking; planned again when a booking moves.
import { afterEach, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type TestEnv } from '../helpers/app.ts';
import { runReminders } from '../../src/modules/messages/worker.ts';
import { book, dayAhead, salon, staffPatch, type Salon } from './helpers.ts';

const MIN = 60_000;

const reminders = (env: TestEnv, bookingId: string) =>
  env.db.selectFrom('mail_outbox').select(['kind', 'dedupe_key', 'payload']).where('booking_id', '=', bookingId).where('kind', '=', 'booking.reminder').orderBy('created_at').execute();

/** Runs the reminder scan with the clock at `at` (ms). */
async function scanAt(env: TestEnv, at: number) {
  mock.timers.enable({ apis: ['Date'], now: at });
  try {
    return await runReminders(env.app.ctx, at);
  } finally {
    mock.timers.reset();
  }
}

describeEachDb('booking reminders', (env) => {
  afterEach(() => mock.timers.reset());

  async function confirmedBooking(s: Salon, days = 3, time = '10:00') {
    const booking = await book(env, s, { date: dayAhead(days), time });
    assert.equal((await staffPatch(env, s, booking.bookingId, { status: 'confirmed' })).statusCode, 200);
    return booking;
  }

  test('one reminder at each offset, when its time comes and not before; a second scan (or instance) sends nothing more', async () => {
    const s = await salon(env);
    await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { reminderMinutes: [1440, 120] } });
    const booking = await confirmedBooking(s);
    const start = Date.parse(booking.startAt);
    assert.equal(await scanAt(env, start - 1440 * MIN - MIN), 0, 'a minute early');
    assert.equal((await reminders(env, booking.bookingId)).length, 0);
    // Two instances scan at the same moment: one message.
    const [a, b] = await Promise.all([scanAt(env, start - 1440 * MIN), runReminders(env.app.ctx, start - 1440 * MIN)]);
    assert.equal(a + b, 1);
    assert.equal(await scanAt(env, start - 1439 * MIN), 0, 'not twice');
    const first = await reminders(env, booking.bookingId);
    assert.equal(first.length, 1);
    assert.equal(JSON.parse(first[0].payload!).offsetMinutes, 1440);
    assert.equal(await scanAt(env, start - 120 * MIN + 30_000), 1, 'the 2-hour reminder');
    assert.equal(await scanAt(env, start - 60 * MIN), 0);
    assert.equal(await scanAt(env, start + MIN), 0, 'nothing after the start');
    assert.deepEqual((await reminders(env, booking.bookingId)).map((r) => JSON.parse(r.payload!).offsetMinutes), [1440, 120]);
  });

  test('a server that was down catches up on a reminder still before the start, but not one whose booking has begun', async () => {
    const s = await salon(env, 'Late Salon');
    const soon = await confirmedBooking(s, 4, '11:00');
    const start = Date.parse(soon.startAt);
    assert.equal(await scanAt(env, start - 300 * MIN), 1, 'the day-before reminder, 19 hours late, still before the start');
    const later = await confirmedBooking(s, 5, '11:00');
    assert.equal(await scanAt(env, Date.parse(later.startAt) + MIN), 0);
  });

  test('never for a cancelled or a pending booking, a store with reminders off, or customer messages off', async () => {
    const s = await salon(env, 'Careful Salon');
    const cancelled = await confirmedBooking(s, 6);
    await staffPatch(env, s, cancelled.bookingId, { status: 'cancelled' });
    const pending = await book(env, s, { date: dayAhead(6), time: '12:00' });
    assert.equal(await scanAt(env, Date.parse(cancelled.startAt) - 60 * MIN), 0);
    assert.equal((await reminders(env, cancelled.bookingId)).length + (await reminders(env, pending.bookingId)).length, 0);

    const off = await salon(env, 'No Reminders');
    await env.inject({ method: 'PATCH', url: `/api/stores/${off.store.storeId}`, headers: env.staffHeaders(off.store), payload: { reminderMinutes: [] } });
    const noReminder = await confirmedBooking(off, 7);
    const silent = await salon(env, 'Silent');
    await env.inject({ method: 'PATCH', url: `/api/stores/${silent.store.storeId}`, headers: env.staffHeaders(silent.store), payload: { notificationsEnabled: false } });
    const noMessages = await confirmedBooking(silent, 7);
    assert.equal(await scanAt(env, Date.parse(noReminder.startAt) - 60 * MIN), 0);
    assert.equal((await reminders(env, noReminder.bookingId)).length + (await reminders(env, noMessages.bookingId)).length, 0);
  });

  test('a moved booking: the reminder follows its new time (once for it), and none for an offset already past when it was moved', async () => {
    const s = await salon(env, 'Moving Salon');
    const booking = await confirmedBooking(s, 8, '10:00');
    const oldStart = Date.parse(booking.startAt);
    assert.equal(await scanAt(env, oldStart - 1440 * MIN), 1);
    // Moved two days later: a new day-before reminder at the new time.
    const moved = await staffPatch(env, s, booking.bookingId, { status: 'rescheduled', bookingDate: dayAhead(10), bookingTime: '15:00' });
    assert.equal(moved.statusCode, 200, moved.body);
    const newStart = Date.parse(moved.data.booking.startAt);
    assert.equal(await scanAt(env, oldStart - 60 * MIN), 0, 'nothing at the old time');
    assert.equal(await scanAt(env, newStart - 1440 * MIN), 1);
    assert.equal(await scanAt(env, newStart - 1000 * MIN), 0);
    const keys = (await reminders(env, booking.bookingId)).map((r) => r.dedupe_key);
    assert.equal(keys.length, 2);
    assert.notEqual(keys[0], keys[1]);

    // Moved to a time whose reminder was already due when it was moved: that one is skipped.
    const late = await confirmedBooking(s, 12, '10:00');
    const lateStart = Date.parse(late.startAt);
    const target = dayAhead(11);
    mock.timers.enable({ apis: ['Date'], now: lateStart - 36 * 60 * MIN });
    let soonStart: number;
    try {
      const soon = await staffPatch(env, s, late.bookingId, { status: 'rescheduled', bookingDate: target, bookingTime: '18:00' });
      assert.equal(soon.statusCode, 200, soon.body);
      soonStart = Date.parse(soon.data.booking.startAt);
    } finally {
      mock.timers.reset();
    }
    assert.ok(soonStart - 1440 * MIN < lateStart - 36 * 60 * MIN, "the new time's day-before reminder was due before the move");
    assert.equal(await scanAt(env, soonStart - 60 * MIN), 0);
    assert.equal((await reminders(env, late.bookingId)).length, 0);
  });

  test('the sweep reads only what fell due since it last looked: each minute\'s sweep queues the reminders of that minute, and an offset a store adds is used from the next sweep', async () => {
    const s = await salon(env, 'Minute Salon');
    const bookings = [];
    for (const time of ['09:00', '09:30', '10:00']) bookings.push(await confirmedBooking(s, 20, time));
    const first = Date.parse(bookings[0]!.startAt);
    // Minute by minute from well before the first one's day-before reminder: each is queued at its minute.
    const counts: number[] = [];
    for (let at = first - 1440 * MIN - 2 * MIN; at <= first - 1440 * MIN + 90 * MIN; at += 30 * MIN) counts.push(await scanAt(env, at));
    assert.deepEqual(counts, [0, 1, 1, 1], 'each reminder once, at the sweep after it fell due');
    // The store adds a 3-hour reminder: the next sweeps use it.
    const patched = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { reminderMinutes: [1440, 180] } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(await scanAt(env, first - 180 * MIN), 1);
    assert.deepEqual((await reminders(env, bookings[0]!.bookingId)).map((r) => JSON.parse(r.payload!).offsetMinutes), [1440, 180]);
  });
});
