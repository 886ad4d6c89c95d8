// The report's date ranges, as calendar days in the store's time zone (both ends included).
import { addDays, formatLocalDate, startOfWeek } from '../../lib/format';

export const RANGES = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-week', label: 'This week' },
  { value: 'last-30', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type RangeName = (typeof RANGES)[number]['value'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isDate = (s: string | null | undefined): s is string => !!s && DATE.test(s);

/** The last day of the month a date falls in. */
function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** from..to of a named range, today being `today` (YYYY-MM-DD in the store's zone). */
export function rangeDates(name: Exclude<RangeName, 'custom'>, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (name) {
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const end = addDays(monthStart, -1);
      return { from: `${end.slice(0, 7)}-01`, to: endOfMonth(end) };
    }
    case 'this-week':
      return { from: startOfWeek(today), to: today };
    case 'last-30':
      return { from: addDays(today, -29), to: today };
  }
}

/** "1 – 31 May 2025", "28 Apr – 4 May 2025", "5 May 2025". */
export function rangeText(from: string, to: string): string {
  const long = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  if (from === to) return formatLocalDate(from, long);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const sameMonth = sameYear && from.slice(0, 7) === to.slice(0, 7);
  const start = formatLocalDate(from, sameMonth ? { day: 'numeric' } : sameYear ? { day: 'numeric', month: 'short' } : long);
  return `${start} – ${formatLocalDate(to, long)}`;
}

/** Whole days from..to, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
