// Who is free for a slot of a service with performers (pure): a person is free for [start, end) when
// it lies inside their own weekly hours and inside the store's hours (when the store has set hours),
// not on a store closed date, not in their time off, and none of their bookings, of any service,
// comes within the service's buffer of it (the rule capacity uses: either one's time plus the buffer
// overlaps the other).
import type { ServiceSchedule, WeeklyHours } from '../catalog/item-input.ts';
import { openIntervals, withinIntervals, type BusyInterval } from './slots.ts';
import type { StaffMember } from './staff.ts';

const DAY_MS = 24 * 3600_000;

export interface PerformerCalendars {
  /** Per person: their working intervals and time off, over the window (epoch ms). */
  people: Map<string, { hours: [number, number][]; off: [number, number][] }>;
  /** The store's open intervals, or null when the store has no hours set (no bound). */
  storeHours: [number, number][] | null;
  storeClosed: Set<string>;
}

/** The calendars of `performers` over slots starting in [fromMs, toMs) of a service. */
export function performerCalendars(
  performers: StaffMember[],
  store: { timezone: string; hours: WeeklyHours[]; closedDates: string[] },
  schedule: ServiceSchedule,
  fromMs: number,
  toMs: number,
): PerformerCalendars {
  const from = fromMs - DAY_MS;
  const to = toMs + (schedule.durationMinutes + schedule.bufferMinutes) * 60_000 + DAY_MS;
  const people = new Map<string, { hours: [number, number][]; off: [number, number][] }>();
  for (const p of performers) {
    const off = p.timeOff.map((t) => [Date.parse(t.from), Date.parse(t.to)] as [number, number]).filter(([a, b]) => b > from && a < to);
    people.set(p.id, { hours: hoursOver(p.weeklyHours, store.timezone, from, to), off });
  }
  return {
    people,
    storeHours: store.hours.length ? hoursOver(store.hours, store.timezone, from, to) : null,
    storeClosed: new Set(store.closedDates),
  };
}

/**
 * openIntervals of weekly hours over whole UTC days around [from, to), kept: availability asks for
 * the same people's hours over the same days again and again (bounded: cleared past 2,000 entries).
 */
const hoursCache = new Map<string, [number, number][]>();
function hoursOver(hours: WeeklyHours[], zone: string, from: number, to: number): [number, number][] {
  const dayFrom = Math.floor(from / DAY_MS) * DAY_MS;
  const dayTo = Math.ceil(to / DAY_MS) * DAY_MS;
  const key = `${zone}|${dayFrom}|${dayTo}|${hours.map((h) => `${h.day}${h.start}${h.end}`).join(',')}`;
  let intervals = hoursCache.get(key);
  if (!intervals) {
    intervals = openIntervals(hours, [], zone, dayFrom, dayTo);
    if (hoursCache.size >= 2_000) hoursCache.clear();
    hoursCache.set(key, intervals);
  }
  return intervals;
}

/** The people of `order` free for [start, end) (epoch ms) on the store date `date`, in that order. */
export function freePerformers(
  start: number,
  end: number,
  date: string,
  order: string[],
  calendars: PerformerCalendars,
  busy: Map<string, SortedBusy>,
  bufferMs: number,
): string[] {
  return freeFinder(order, calendars, busy, bufferMs)(start, end, date);
}

/**
 * freePerformers for many slots of one request: each person's calendar and bookings are looked up
 * once, not for every slot (availability asks it for every slot of up to 62 days).
 */
export function freeFinder(order: string[], calendars: PerformerCalendars, busy: Map<string, SortedBusy>, bufferMs: number): (start: number, end: number, date: string) => string[] {
  const team = order.flatMap((id) => {
    const person = calendars.people.get(id);
    return person ? [{ id, hours: person.hours, off: person.off, busy: busy.get(id) }] : [];
  });
  return (start, end, date) => {
    const free: string[] = [];
    if (calendars.storeClosed.has(date)) return free;
    if (calendars.storeHours && !withinIntervals(start, end, calendars.storeHours)) return free;
    for (const person of team) {
      if (!withinIntervals(start, end, person.hours)) continue;
      if (person.off.length && person.off.some(([a, b]) => a < end && start < b)) continue;
      if (!clashes(person.busy, start, end, bufferMs)) free.push(person.id);
    }
    return free;
  };
}

/**
 * Whether any of `busy` (sorted by start; see sortBusy) comes within `bufferMs` of [start, end): a
 * binary search to the first that can reach it (starting after start − longest − buffer), then a
 * scan of the few up to end + buffer.
 */
function clashes(busy: SortedBusy | undefined, start: number, end: number, bufferMs: number): boolean {
  if (!busy || busy.length === 0) return false;
  const first = start - busy.longest - bufferMs;
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid].start <= first) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < busy.length && busy[i].start < end + bufferMs; i++) if (start < busy[i].end + bufferMs) return true;
  return false;
}

/** A person's bookings sorted by start, with the longest one's length (bounds the search). */
export type SortedBusy = BusyInterval[] & { longest: number };

export function sortBusy(list: BusyInterval[]): SortedBusy {
  const sorted = [...list].sort((a, b) => a.start - b.start) as SortedBusy;
  sorted.longest = sorted.reduce((max, b) => Math.max(max, b.end - b.start), 0);
  return sorted;
}
