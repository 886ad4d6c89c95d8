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
}

export interface SlotQuery {
  schedule: ServiceSchedule;
  timezone: string;
  /** Slots starting in [from, to) (epoch ms). */
  from: number;
  to: number;
  now: number;
  busy: BusyInterval[];
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

/** The instant of a local wall-clock time on a local date ("24:00" is the next midnight). */
function localInstant(date: DateTime, hhmm: string): number {
  if (hhmm === '24:00') return date.plus({ days: 1 }).startOf('day').toMillis();
  const [h, m] = hhmm.split(':').map(Number);
  return date.set({ hour: h, minute: m, second: 0, millisecond: 0 }).toMillis();
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

  let day = DateTime.fromMillis(earliest, { zone: timezone }).startOf('day').minus({ days: 1 });
  const lastDay = DateTime.fromMillis(latestStart, { zone: timezone }).startOf('day');
  while (day <= lastDay) {
    const date = day.toISODate()!;
    if (!closed.has(date)) {
      const weekday = WEEKDAYS[day.weekday - 1];
      for (const hours of schedule.weeklyHours) {
        if (hours.day !== weekday) continue;
        const open = localInstant(day, hours.start);
        const close = localInstant(day, hours.end);
        if (open + duration > close || close <= earliest || open > latestStart) continue;
        // Zone lookups are costly: with one UTC offset over the whole window (every day but a
        // daylight-saving change), local labels are the opening time plus elapsed minutes.
        const openLocal = DateTime.fromMillis(open, { zone: timezone });
        const steadyOffset = openLocal.offset === DateTime.fromMillis(close - 1, { zone: timezone }).offset;
        const openMinutes = openLocal.hour * 60 + openLocal.minute;
        const openDate = openLocal.toISODate()!;
        for (let start = open; start + duration <= close; start += step) {
          if (start < earliest || start > latestStart || seen.has(start)) continue;
          seen.add(start);
          const end = start + duration;
          let date: string;
          let time: string;
          if (steadyOffset) {
            const minutes = openMinutes + (start - open) / MINUTE;
            date = openDate;
            time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          } else {
            const local = DateTime.fromMillis(start, { zone: timezone });
            date = local.toISODate()!;
            time = local.toFormat('HH:mm');
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
    day = day.plus({ days: 1 }).startOf('day');
  }
  return slots.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** [from, to) of one local date in the zone, as epoch ms. */
export function localDayWindow(date: string, timezone: string): { from: number; to: number } {
  const start = DateTime.fromISO(date, { zone: timezone }).startOf('day');
  return { from: start.toMillis(), to: start.plus({ days: 1 }).startOf('day').toMillis() };
}

/**
 * Where the slots labelled (date, time) can start: the hours around that wall-clock time on that
 * local date (wide enough for both occurrences of a repeated hour).
 */
export function bookingWindow(date: string, time: string, timezone: string): { from: number; to: number } {
  const day = localDayWindow(date, timezone);
  const [h, m] = time.split(':').map(Number);
  const around = DateTime.fromISO(date, { zone: timezone }).set({ hour: h, minute: m }).toMillis();
  return { from: Math.max(day.from, around - 3 * 3600_000), to: Math.min(day.to, around + 3 * 3600_000) };
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
  const matching = generateAllSlots({ ...q, from, to }).filter((s) => s.date === date && s.time === time);
  if (!matching.length) return { slot: null, status: 'not-open' };
  const free = matching.find((s) => s.remaining >= quantity);
  return free ? { slot: free, status: 'ok' } : { slot: null, status: 'full' };
}
