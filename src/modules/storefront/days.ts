// Days and times as the store page and the manage pages read them from addresses and forms: a day
// is YYYY-MM-DD and must be a day of the calendar (2027-13-01, 0000-00-00 and 2026-02-30 are not),
// a time is HH:MM of a 24-hour clock.

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 24 * 3600 * 1000;

/** Whether `value` is a day of the calendar written YYYY-MM-DD (year 0001 to 9999). */
export function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  // Date.parse answers NaN for a month or day out of range, and rolls 02-30 over to March.
  return Number.isFinite(ms) && value >= '0001-01-01' && new Date(ms).toISOString().slice(0, 10) === value;
}

export const isTime = (value: unknown): value is string => typeof value === 'string' && TIME.test(value);
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
