// Pure slot generation (CONTRACT §4): a service's weekly hours in the store's time zone, cut into
// slots of `durationMinutes` every `slotIntervalMinutes`, minus closed dates, lead time, max
// advance and the capacity already taken. Instants are epoch milliseconds; opening hours are
// turned into instants per local date with Luxon, so daylight-saving days get the right offsets
// (a 23- or 25-hour day keeps its wall-clock hours). An opening time inside the skipped hour
// moves forward with the clock; one inside the repeated hour means its first occurrence.
import { DateTime } from 'luxon';
import { WEEKDAYS, type ServiceSchedule } from '../catalog/item-input.ts';

export const MAX_WINDOW_DAYS = 62;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A booking that takes capacity: [start, end) in epoch ms and the seats it holds. */
export interface BusyInterval {
  start: number;
  end: number;
  quantity: number;
}

export interface Slot {
  /** ISO 8601 UTC. */
  start: string;
  end: string;
  /** Local date and time in the store's zone: what a booking sends as bookingDate / bookingTime. */
  date: string;
  time: string;
  capacity: number;
  remaining: number;
  /** A service with performers: who is free then. */
  staffIds?: string[];
}

export interface SlotQuery {
  schedule: ServiceSchedule;
  timezone: string;
  /** Slots starting in [from, to) (epoch ms). */
  from: number;
  to: number;
  now: number;
  busy: BusyInterval[];
  /** Only the slots labelled with this local date and time (what a booking asks for). */
  at?: { date: string; time: string };
  /**
   * A service with performers: who is free for [start, end) on the local date. Capacity is then the
   * number of performers (`performers`), remaining how many are free, and the slot lists them.
   */
  free?: (start: number, end: number, date: string) => string[];
  performers?: number;
}

/**
 * Two bookings conflict when either one's time plus the buffer kept after it overlaps the other.
 * Remaining capacity counts every overlapping booking (conservative: never more than capacity).
 */
export function seatsTaken(start: number, end: number, bufferMs: number, busy: BusyInterval[]): number {
  let taken = 0;
  for (const b of busy) if (b.start < end + bufferMs && start < b.end + bufferMs) taken += b.quantity;
  return taken;
}

/** A local date in a zone: its first instant and the next day's (epoch ms), its weekday, and whether its clock runs evenly. */
interface LocalDay {
  date: string;
  start: number;
  end: number;
  weekday: (typeof WEEKDAYS)[number];
  /** Midnight exists and the UTC offset is the same all day: a wall-clock time is the day's start plus its minutes. */
  steady: boolean;
}

/** The zone's UTC offset at an instant, in minutes. */
function offsetAt(ms: number, zone: string): number {
  return DateTime.fromMillis(ms, { zone }).offset;
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The instant a wall clock in the zone shows `minutes` after the midnight of `date`. A time in a
 * repeated hour is its first occurrence; one in a skipped hour moves forward with the clock.
 */
function wallClockInstant(zone: string, date: string, minutes: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  const before = offsetAt(wall - DAY, zone);
  const after = offsetAt(wall + DAY, zone);
  const fits = [before, after].map((o) => wall - o * MINUTE).filter((t) => wall - offsetAt(t, zone) * MINUTE === t);
  return fits.length ? Math.min(...fits) : wall - before * MINUTE;
}

/**
 * Zone work is what slot generation spent most of its time on (Luxon asks Intl for the offset of
 * every instant it converts), and the same few days are asked for over and over: each (zone, date)
 * is worked out once. Bounded: cleared when it holds more than DAY_CACHE_SIZE days.
 */
const DAY_CACHE_SIZE = 50_000;
const dayCache = new Map<string, LocalDay>();

function localDay(zone: string, date: string): LocalDay {
  const key = `${zone}\u0000${date}`;
  let day = dayCache.get(key);
  if (!day) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const start = wallClockInstant(zone, date, 0);
    const end = wallClockInstant(zone, addDays(date, 1), 0);
    const steady = start === midnight - offsetAt(start, zone) * MINUTE && offsetAt(start, zone) === offsetAt(end - 1, zone);
    day = { date, start, end, weekday: WEEKDAYS[(new Date(midnight).getUTCDay() + 6) % 7], steady };
    if (dayCache.size >= DAY_CACHE_SIZE) dayCache.clear();
    dayCache.set(key, day);
  }
  return day;
}

/** The local day an instant falls in: that of its UTC date, or one next to it. */
function localDateOf(ms: number, zone: string): LocalDay {
  let day = localDay(zone, new Date(ms).toISOString().slice(0, 10));
  while (ms < day.start) day = localDay(zone, addDays(day.date, -1));
  while (ms >= day.end) day = localDay(zone, addDays(day.date, 1));
  return day;
}

/** The instant of a local wall-clock time on a local date ("24:00" is the next midnight). */
function localInstant(day: LocalDay, hhmm: string, zone: string): number {
  if (hhmm === '24:00') return day.end;
  const [h, m] = hhmm.split(':').map(Number);
  return day.steady ? day.start + (h * 60 + m) * MINUTE : wallClockInstant(zone, day.date, h * 60 + m);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "HH:mm" of a number of milliseconds after midnight. */
const clockOf = (ms: number) => {
  const minutes = Math.floor(ms / MINUTE);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
};

/**
 * The local date and wall-clock time ("HH:mm") of an instant in the zone. `day` is the local day it
 * is likely in (a slot's opening day), saving the lookup; on a steady day the time is plain arithmetic.
 */
function localLabel(ms: number, zone: string, day: LocalDay = localDateOf(ms, zone)): { date: string; time: string } {
  if (day.steady && ms >= day.start && ms < day.end) return { date: day.date, time: clockOf(ms - day.start) };
  if (!(ms >= day.start && ms < day.end)) return localLabel(ms, zone);
  const local = DateTime.fromMillis(ms, { zone });
  return { date: local.toISODate()!, time: local.toFormat('HH:mm') };
}

/** The local wall-clock time ("HH:mm") of an instant in the zone (a booking's end time). */
export function localTimeOf(ms: number, zone: string): string {
  return localLabel(ms, zone).time;
}

/** Every open slot starting in [from, to), sorted by start; only slots with remaining ≥ 1. */
export function generateSlots(q: SlotQuery): Slot[] {
  return generateAllSlots(q).filter((s) => s.remaining >= 1);
}

/** Like generateSlots but keeps full slots (remaining 0), so a caller can tell "full" from "not open". */
export function generateAllSlots(q: SlotQuery): Slot[] {
  const { schedule, timezone } = q;
  const duration = schedule.durationMinutes * MINUTE;
  const step = Math.max(1, schedule.slotIntervalMinutes) * MINUTE;
  const buffer = schedule.bufferMinutes * MINUTE;
  const earliest = Math.max(q.from, q.now + schedule.leadTimeMinutes * MINUTE);
  const latestStart = Math.min(q.to - 1, q.now + schedule.maxAdvanceDays * DAY);
  if (earliest > latestStart) return [];
  const closed = new Set(schedule.closedDates);
  const busy = q.busy.filter((b) => b.end + buffer > earliest && b.start - buffer < latestStart + duration).sort((x, y) => x.start - y.start);
  const longest = busy.reduce((max, b) => Math.max(max, b.end - b.start), 0);
  // seatsTaken over the bookings sorted by start: only those starting in (start − longest − buffer, end + buffer) can overlap.
  const taken = (start: number, end: number) => {
    let lo = 0;
    let hi = busy.length;
    const first = start - longest - buffer;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (busy[mid].start <= first) lo = mid + 1;
      else hi = mid;
    }
    let seats = 0;
    for (let i = lo; i < busy.length && busy[i].start < end + buffer; i++) if (start < busy[i].end + buffer) seats += busy[i].quantity;
    return seats;
  };
  const seen = new Set<number>();
  const slots: Slot[] = [];
  const atMinutes = q.at && /^\d\d:\d\d$/.test(q.at.time) ? Number(q.at.time.slice(0, 2)) * 60 + Number(q.at.time.slice(3)) : null;

  const lastDate = localDateOf(latestStart, timezone).date;
  // From the day before: a day's opening hours may run past midnight into the window.
  let day = localDateOf(earliest, timezone);
  day = localDateOf(day.start - 1, timezone);
  while (day.date <= lastDate) {
    if (!closed.has(day.date)) {
      for (const hours of schedule.weeklyHours) {
        if (hours.day !== day.weekday) continue;
        const open = localInstant(day, hours.start, timezone);
        const close = localInstant(day, hours.end, timezone);
        if (open + duration > close || close <= earliest || open > latestStart) continue;
        for (let start = open; start + duration <= close; start += step) {
          if (start < earliest || start > latestStart || seen.has(start)) continue;
          seen.add(start);
          // Looking for one label (a booking): on a steady day the label is arithmetic, so the
          // starts that cannot have it are passed over without making one.
          if (atMinutes !== null && day.steady && start >= day.start && start < day.end && (day.date !== q.at!.date || Math.floor((start - day.start) / MINUTE) !== atMinutes)) continue;
          const end = start + duration;
          const { date, time } = localLabel(start, timezone, day);
          if (q.at && (q.at.date !== date || q.at.time !== time)) continue;
          if (q.free) {
            const staffIds = q.free(start, end, date);
            slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), date, time, capacity: q.performers ?? 0, remaining: staffIds.length, staffIds });
            continue;
          }
          slots.push({
            start: new Date(start).toISOString(),
            end: new Date(end).toISOString(),
            date,
            time,
            capacity: schedule.capacity,
            remaining: Math.max(0, schedule.capacity - taken(start, end)),
          });
        }
      }
    }
    day = localDay(timezone, addDays(day.date, 1));
  }
  return slots.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/**
 * The open intervals [start, end) (epoch ms) of weekly hours in the zone, on the local days touching
 * [fromMs, toMs), less closed dates; sorted, overlapping ones merged. A person's working time.
 */
export function openIntervals(weeklyHours: ServiceSchedule['weeklyHours'], closedDates: string[], timezone: string, fromMs: number, toMs: number): [number, number][] {
  const closed = new Set(closedDates);
  const out: [number, number][] = [];
  let day = localDateOf(fromMs, timezone);
  day = localDateOf(day.start - 1, timezone);
  const lastDate = localDateOf(Math.max(fromMs, toMs - 1), timezone).date;
  while (day.date <= lastDate) {
    if (!closed.has(day.date)) {
      for (const hours of weeklyHours) {
        if (hours.day !== day.weekday) continue;
        const open = localInstant(day, hours.start, timezone);
        const close = localInstant(day, hours.end, timezone);
        if (close > open && close > fromMs && open < toMs) out.push([open, close]);
      }
    }
    day = localDay(timezone, addDays(day.date, 1));
  }
  out.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of out) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** Whether [start, end) lies inside one of the sorted, merged intervals. */
export function withinIntervals(start: number, end: number, intervals: [number, number][]): boolean {
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (intervals[mid][1] < end) lo = mid + 1;
    else hi = mid;
  }
  return lo < intervals.length && intervals[lo][0] <= start && intervals[lo][1] >= end;
}

/** [from, to) of one local date in the zone, as epoch ms. */
export function localDayWindow(date: string, timezone: string): { from: number; to: number } {
  const day = localDay(timezone, date);
  return { from: day.start, to: day.end };
}

/**
 * Where the slots labelled (date, time) can start: the hours around that wall-clock time on that
 * local date (wide enough for both occurrences of a repeated hour).
 */
export function bookingWindow(date: string, time: string, timezone: string): { from: number; to: number } {
  const day = localDay(timezone, date);
  const around = localInstant(day, time, timezone);
  return { from: Math.max(day.start, around - 3 * 3600_000), to: Math.min(day.end, around + 3 * 3600_000) };
}

/**
 * The slot a booking for (date, time) takes: the first slot with that local date and time that
 * still has `quantity` seats. `status` says why there is none.
 */
export function findBookableSlot(
  q: Omit<SlotQuery, 'from' | 'to'>,
  date: string,
  time: string,
  quantity: number,
): { slot: Slot; status: 'ok' } | { slot: null; status: 'not-open' | 'full' } {
  const { from, to } = bookingWindow(date, time, q.timezone);
  const matching = generateAllSlots({ ...q, from, to, at: { date, time } });
  if (!matching.length) return { slot: null, status: 'not-open' };
  const free = matching.find((s) => s.remaining >= quantity);
  return free ? { slot: free, status: 'ok' } : { slot: null, status: 'full' };
}

/**
 * The open slots labelled (date, time), whatever is booked (one, or two in a repeated hour): where a
 * booking for that date and time can go. Empty when the service is not open then.
 */
export function slotsAt(q: Omit<SlotQuery, 'from' | 'to' | 'busy'>, date: string, time: string): Slot[] {
  const { from, to } = bookingWindow(date, time, q.timezone);
  return generateAllSlots({ ...q, from, to, busy: [], at: { date, time } });
}

/** Width of the time cells a booking locks (see lockCellsOf). */
export const LOCK_CELL_MS = 5 * MINUTE;
/** More cells than this (a window over two hours) and a booking locks its whole service instead. */
export const MAX_LOCK_CELLS = 24;

/**
 * The time cells (numbers of LOCK_CELL_MS since the epoch) that [start, end + buffer) of each slot
 * touches, or null when there are more than MAX_LOCK_CELLS. Two bookings whose times conflict (see
 * seatsTaken) share a cell, so locking its cells serializes a booking with every booking it could
 * take seats from, and with no other.
 */
export function lockCellsOf(slots: { start: string; end: string }[], bufferMs: number): number[] | null {
  const cells = new Set<number>();
  for (const slot of slots) {
    const last = Math.floor((Date.parse(slot.end) + bufferMs - 1) / LOCK_CELL_MS);
    for (let cell = Math.floor(Date.parse(slot.start) / LOCK_CELL_MS); cell <= last; cell++) {
      cells.add(cell);
      if (cells.size > MAX_LOCK_CELLS) return null;
    }
  }
  return [...cells];
}
