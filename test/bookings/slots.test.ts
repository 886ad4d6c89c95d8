import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { WEEKDAYS, type ServiceSchedule, type Weekday } from '../../src/modules/catalog/item-input.ts';
import { findBookableSlot, generateSlots, seatsTaken, type BusyInterval } from '../../src/modules/bookings/slots.ts';

const ms = (iso: string) => Date.parse(iso);
const allDays = (start: string, end: string) => WEEKDAYS.map((day) => ({ day, start, end }));

function schedule(overrides: Partial<ServiceSchedule> = {}): ServiceSchedule {
  return {
    durationMinutes: 60,
    capacity: 1,
    slotIntervalMinutes: 60,
    bufferMinutes: 0,
    leadTimeMinutes: 0,
    maxAdvanceDays: 365,
    weeklyHours: allDays('09:00', '12:00'),
    closedDates: [],
    ...overrides,
  };
}

const NOW = ms('2026-10-01T00:00:00Z');

describe('generateSlots', () => {
  test('cuts weekly hours into slots of the duration, with UTC instants and local date/time', () => {
    const slots = generateSlots({ schedule: schedule({ weeklyHours: [{ day: 'mon', start: '09:00', end: '12:00' }] }), timezone: 'Africa/Accra', from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: NOW, busy: [] });
    assert.deepEqual(slots, [
      { start: '2026-10-05T09:00:00.000Z', end: '2026-10-05T10:00:00.000Z', date: '2026-10-05', time: '09:00', capacity: 1, remaining: 1 },
      { start: '2026-10-05T10:00:00.000Z', end: '2026-10-05T11:00:00.000Z', date: '2026-10-05', time: '10:00', capacity: 1, remaining: 1 },
      { start: '2026-10-05T11:00:00.000Z', end: '2026-10-05T12:00:00.000Z', date: '2026-10-05', time: '11:00', capacity: 1, remaining: 1 },
    ]);
  });

  test('interval shorter than the duration gives overlapping slots that all end by closing time', () => {
    const slots = generateSlots({ schedule: schedule({ durationMinutes: 90, slotIntervalMinutes: 30 }), timezone: 'Africa/Accra', from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: NOW, busy: [] });
    assert.deepEqual(slots.map((s) => s.time), ['09:00', '09:30', '10:00', '10:30']);
  });

  test('closed dates, lead time and max advance remove slots; past slots never appear', () => {
    const base = { timezone: 'Africa/Accra', busy: [] as BusyInterval[] };
    const closed = generateSlots({ ...base, schedule: schedule({ closedDates: ['2026-10-05'] }), from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-07T00:00:00Z'), now: NOW });
    assert.deepEqual([...new Set(closed.map((s) => s.date))], ['2026-10-06']);
    const lead = generateSlots({ ...base, schedule: schedule({ leadTimeMinutes: 90 }), from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: ms('2026-10-05T08:45:00Z') });
    assert.deepEqual(lead.map((s) => s.time), ['11:00']);
    const past = generateSlots({ ...base, schedule: schedule(), from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: ms('2026-10-05T10:30:00Z') });
    assert.deepEqual(past.map((s) => s.time), ['11:00']);
    const advance = generateSlots({ ...base, schedule: schedule({ maxAdvanceDays: 2 }), from: ms('2026-10-01T00:00:00Z'), to: ms('2026-10-10T00:00:00Z'), now: NOW });
    assert.deepEqual([...new Set(advance.map((s) => s.date))], ['2026-10-01', '2026-10-02']);
  });

  test('capacity counts overlapping bookings and the buffer after them', () => {
    const busy = [{ start: ms('2026-10-05T09:00:00Z'), end: ms('2026-10-05T10:00:00Z'), quantity: 1 }];
    const full = generateSlots({ schedule: schedule(), timezone: 'Africa/Accra', from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: NOW, busy });
    assert.deepEqual(full.map((s) => s.time), ['10:00', '11:00']);
    const buffered = generateSlots({ schedule: schedule({ bufferMinutes: 15 }), timezone: 'Africa/Accra', from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: NOW, busy });
    assert.deepEqual(buffered.map((s) => s.time), ['11:00']);
    const shared = generateSlots({ schedule: schedule({ capacity: 3 }), timezone: 'Africa/Accra', from: ms('2026-10-05T00:00:00Z'), to: ms('2026-10-06T00:00:00Z'), now: NOW, busy: [{ ...busy[0], quantity: 2 }] });
    assert.deepEqual(shared.map((s) => [s.time, s.remaining]), [['09:00', 1], ['10:00', 3], ['11:00', 3]]);
  });

  test('Europe/London spring-forward week: 09:00 local every day, the UTC instant moves by an hour', () => {
    const slots = generateSlots({ schedule: schedule({ weeklyHours: allDays('09:00', '10:00') }), timezone: 'Europe/London', from: ms('2027-03-25T00:00:00Z'), to: ms('2027-04-01T00:00:00Z'), now: ms('2027-03-01T00:00:00Z'), busy: [] });
    assert.deepEqual(slots.map((s) => `${s.date} ${s.time} ${s.start}`), [
      '2027-03-25 09:00 2027-03-25T09:00:00.000Z',
      '2027-03-26 09:00 2027-03-26T09:00:00.000Z',
      '2027-03-27 09:00 2027-03-27T09:00:00.000Z',
      '2027-03-28 09:00 2027-03-28T08:00:00.000Z',
      '2027-03-29 09:00 2027-03-29T08:00:00.000Z',
      '2027-03-30 09:00 2027-03-30T08:00:00.000Z',
      '2027-03-31 09:00 2027-03-31T08:00:00.000Z',
    ]);
  });

  test('Europe/London: the 23-hour night has no 01:xx slot and the 25-hour night repeats 01:00', () => {
    const night = schedule({ weeklyHours: [{ day: 'sun', start: '00:00', end: '04:00' }] });
    const spring = generateSlots({ schedule: night, timezone: 'Europe/London', from: ms('2027-03-27T12:00:00Z'), to: ms('2027-03-28T12:00:00Z'), now: ms('2027-03-01T00:00:00Z'), busy: [] });
    assert.deepEqual(spring.map((s) => `${s.time} ${s.start}`), ['00:00 2027-03-28T00:00:00.000Z', '02:00 2027-03-28T01:00:00.000Z', '03:00 2027-03-28T02:00:00.000Z']);
    const autumn = generateSlots({ schedule: night, timezone: 'Europe/London', from: ms('2026-10-24T12:00:00Z'), to: ms('2026-10-25T12:00:00Z'), now: NOW, busy: [] });
    assert.deepEqual(autumn.map((s) => `${s.time} ${s.start}`), [
      '00:00 2026-10-24T23:00:00.000Z',
      '01:00 2026-10-25T00:00:00.000Z',
      '01:00 2026-10-25T01:00:00.000Z',
      '02:00 2026-10-25T02:00:00.000Z',
      '03:00 2026-10-25T03:00:00.000Z',
    ]);
    // The repeated 01:00 is still bookable: the first free one is taken, then the second.
    const first = findBookableSlot({ schedule: night, timezone: 'Europe/London', now: NOW, busy: [] }, '2026-10-25', '01:00', 1);
    assert.equal(first.slot?.start, '2026-10-25T00:00:00.000Z');
    const second = findBookableSlot({ schedule: night, timezone: 'Europe/London', now: NOW, busy: [{ start: ms('2026-10-25T00:00:00Z'), end: ms('2026-10-25T01:00:00Z'), quantity: 1 }] }, '2026-10-25', '01:00', 1);
    assert.equal(second.slot?.start, '2026-10-25T01:00:00.000Z');
  });

  test('Africa/Accra has no daylight saving: the same weeks keep 09:00 local = 09:00 UTC', () => {
    const slots = generateSlots({ schedule: schedule({ weeklyHours: allDays('09:00', '10:00') }), timezone: 'Africa/Accra', from: ms('2027-03-25T00:00:00Z'), to: ms('2027-04-01T00:00:00Z'), now: ms('2027-03-01T00:00:00Z'), busy: [] });
    assert.equal(slots.length, 7);
    for (const s of slots) assert.equal(s.start, `${s.date}T09:00:00.000Z`);
    const autumn = generateSlots({ schedule: schedule({ weeklyHours: allDays('00:00', '04:00') }), timezone: 'Africa/Accra', from: ms('2026-10-25T00:00:00Z'), to: ms('2026-10-26T00:00:00Z'), now: NOW, busy: [] });
    assert.deepEqual(autumn.map((s) => s.time), ['00:00', '01:00', '02:00', '03:00']);
  });

  test('findBookableSlot tells a full slot from one that is not open', () => {
    const q = { schedule: schedule(), timezone: 'Africa/Accra', now: NOW, busy: [{ start: ms('2026-10-05T09:00:00Z'), end: ms('2026-10-05T10:00:00Z'), quantity: 1 }] };
    assert.equal(findBookableSlot(q, '2026-10-05', '09:00', 1).status, 'full');
    assert.equal(findBookableSlot(q, '2026-10-05', '09:30', 1).status, 'not-open');
    assert.equal(findBookableSlot(q, '2026-10-05', '10:00', 1).status, 'ok');
    assert.equal(findBookableSlot(q, '2026-10-05', '10:00', 2).status, 'full');
  });
});

describe('generateSlots properties (fast-check)', () => {
  const zones = ['Europe/London', 'Africa/Accra', 'America/New_York', 'Australia/Lord_Howe'];
  const hhmm = (minutes: number) => (minutes === 1440 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  const hoursArb = fc
    .record({ day: fc.constantFrom(...WEEKDAYS), start: fc.integer({ min: 0, max: 46 }), length: fc.integer({ min: 1, max: 24 }) })
    .map(({ day, start, length }) => ({ day: day as Weekday, start: hhmm(start * 30), end: hhmm(Math.min(1440, start * 30 + length * 30)) }));
  const scheduleArb = fc.record({
    durationMinutes: fc.constantFrom(15, 30, 45, 60, 90),
    capacity: fc.integer({ min: 1, max: 3 }),
    slotIntervalMinutes: fc.constantFrom(15, 30, 60),
    bufferMinutes: fc.constantFrom(0, 10, 15),
    leadTimeMinutes: fc.constantFrom(0, 60, 1440),
    maxAdvanceDays: fc.integer({ min: 1, max: 120 }),
    weeklyHours: fc.array(hoursArb, { minLength: 1, maxLength: 5 }),
    closedDates: fc.array(fc.integer({ min: 0, max: 90 }).map((d) => DateTime.fromMillis(NOW, { zone: 'UTC' }).plus({ days: d }).toISODate()!), { maxLength: 5 }),
  });
  const caseArb = fc.record({
    schedule: scheduleArb,
    timezone: fc.constantFrom(...zones),
    fromOffsetHours: fc.integer({ min: -48, max: 24 * 75 }),
    windowHours: fc.integer({ min: 1, max: 24 * 14 }),
    busy: fc.array(
      fc.record({ offsetMinutes: fc.integer({ min: 0, max: 90 * 24 * 4 }).map((n) => n * 15), length: fc.constantFrom(15, 30, 60, 90), quantity: fc.integer({ min: 1, max: 3 }) }),
      { maxLength: 30 },
    ),
  });
  const build = (c: any) => {
    const from = NOW + c.fromOffsetHours * 3600_000;
    const busy: BusyInterval[] = c.busy.map((b: any) => ({ start: NOW + b.offsetMinutes * 60_000, end: NOW + (b.offsetMinutes + b.length) * 60_000, quantity: b.quantity }));
    return { schedule: c.schedule as ServiceSchedule, timezone: c.timezone as string, from, to: from + c.windowHours * 3600_000, now: NOW, busy };
  };

  test('no slot outside opening hours, the window, lead time, max advance or closed dates', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q = build(c);
        for (const slot of generateSlots(q)) {
          const start = ms(slot.start);
          const end = ms(slot.end);
          assert.ok(start >= q.from && start < q.to, 'inside the window');
          assert.ok(start >= q.now + q.schedule.leadTimeMinutes * 60_000, 'after the lead time');
          assert.ok(start <= q.now + q.schedule.maxAdvanceDays * 86_400_000, 'within max advance');
          assert.equal(end - start, q.schedule.durationMinutes * 60_000);
          const local = DateTime.fromMillis(start, { zone: q.timezone });
          assert.equal(slot.date, local.toISODate());
          assert.ok(!q.schedule.closedDates.includes(slot.date), 'not on a closed date');
          const day = local.startOf('day');
          const inside = q.schedule.weeklyHours.some((h) => {
            if (h.day !== WEEKDAYS[day.weekday - 1]) return false;
            // An opening time that occurs twice (the repeated hour) means its first occurrence.
            const at = (hhmm: string) => day.set({ hour: Number(hhmm.slice(0, 2)), minute: Number(hhmm.slice(3)) }).toMillis();
            const open = at(h.start);
            const close = h.end === '24:00' ? day.plus({ days: 1 }).startOf('day').toMillis() : at(h.end);
            return open <= start && end <= close;
          });
          assert.ok(inside, `slot ${slot.date} ${slot.time} inside opening hours`);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('no slot overlaps bookings that already fill its capacity', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q = build(c);
        const buffer = q.schedule.bufferMinutes * 60_000;
        for (const slot of generateSlots(q)) {
          const taken = seatsTaken(ms(slot.start), ms(slot.end), buffer, q.busy);
          assert.ok(taken < q.schedule.capacity, `slot ${slot.start} overlaps ${taken} seats of ${q.schedule.capacity}`);
          assert.equal(slot.remaining, q.schedule.capacity - taken);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('slots returned are bookable at their local date and time', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q = build(c);
        for (const slot of generateSlots(q)) {
          const found = findBookableSlot({ schedule: q.schedule, timezone: q.timezone, now: q.now, busy: q.busy }, slot.date, slot.time, 1);
          assert.equal(found.status, 'ok', `${slot.date} ${slot.time} in ${q.timezone}`);
          assert.equal(found.slot!.time, slot.time);
        }
      }),
      { numRuns: 150 },
    );
  });
});
