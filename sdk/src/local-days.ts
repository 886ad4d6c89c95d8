// Store-local calendar days from the time zone alone (Intl, no date library): a day is the store's
// local date, from its first instant to the next day's, so a daylight-saving day lasts 23 or 25 hours.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant in the zone, as if it were UTC (epoch ms, seconds precision). */
function wallClock(ms: number, zone: string): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, format);
  }
  const v: Record<string, number> = {};
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') v[part.type] = Number(part.value);
  return Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second);
}

const isoDate = (wall: number) => new Date(wall).toISOString().slice(0, 10);
const wallOfDate = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(ms: number, zone: string): string {
  return isoDate(wallClock(ms, zone));
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return isoDate(wallOfDate(date) + days * DAY);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(wallOfDate(date)).getUTCDay()];
}

/**
 * The first instant of a local date in the zone (epoch ms): its midnight, the first one when the
 * clock goes back across midnight, or the moment the clock jumps when midnight is skipped.
 */
export function startOfLocalDay(date: string, zone: string): number {
  const wall = wallOfDate(date);
  // The offsets a day before and after: clocks never change twice within two days.
  const candidates = [wall - DAY, wall + DAY].map((probe) => wall - (wallClock(probe, zone) - Math.floor(probe / 1000) * 1000)).sort((a, b) => a - b);
  const midnight = candidates.find((t) => wallClock(t, zone) === wall);
  if (midnight !== undefined) return midnight;
  // Midnight skipped: the day starts at the jump, found to the minute between the two readings.
  let [before, after] = candidates;
  while (after - before > MINUTE) {
    const mid = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (localDate(mid, zone) < date) before = mid;
    else after = mid;
  }
  return after;
}

export const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDate(wallOfDate(value)) === value;
