// Pieces of the Staff pages: a person's photo or initials, their week in a line ("Mon–Fri 09:00–17:00"),
// a time-off range in words, and the bookings a refused change (409) lists, each a link to its booking.
import { Anchor, Avatar, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBookings } from '../../api/bookings';
import type { StaffMember, TimeOffInput } from '../../api/staff';
import { useCurrentStore } from '../../components/store-context';
import { WEEKDAYS, type Weekday } from '../../api/items';
import { addDays, formatLocalDate, toZonedWallTime } from '../../lib/format';

const SHORT: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase() || '?';
}

/** The person's photo, or their initials on a tint; decorative next to their name. */
export function StaffAvatar({ person, size = 'md' }: { person: Pick<StaffMember, 'displayName' | 'photoUrl'>; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Avatar src={person.photoUrl || null} alt="" size={size} color="teal" radius="xl" aria-hidden>
      {initials(person.displayName)}
    </Avatar>
  );
}

/** "Mon–Fri 09:00–17:00 · Sat 10:00–14:00"; consecutive days with the same hours go together. */
export function hoursSummary(hours: StaffMember['weeklyHours']): string {
  const of = (day: Weekday) => hours.filter((h) => h.day === day).map((h) => `${h.start}–${h.end === '24:00' ? '00:00' : h.end}`).join(', ');
  const runs: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = of(day);
    const last = runs.at(-1);
    if (text && last && last.text === text && WEEKDAYS.indexOf(last.to) === WEEKDAYS.indexOf(day) - 1) last.to = day;
    else if (text) runs.push({ from: day, to: day, text });
  }
  if (!runs.length) return 'No working hours set';
  return runs.map((r) => `${SHORT[r.from]}${r.to !== r.from ? `–${SHORT[r.to]}` : ''} ${r.text}`).join(' · ');
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A time-off bound as the store's wall clock: an instant (as the API answers), a store date or a store time. */
function wall(value: string, zone: string, end: boolean): { date: string; time: string } {
  if (DATE.test(value)) return end ? { date: addDays(value, 1), time: '00:00' } : { date: value, time: '00:00' };
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return { date: value.slice(0, 10), time: value.slice(11, 16) };
  const local = toZonedWallTime(value, zone);
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** "Tue 1 Dec", "Tue 1 Dec – Thu 3 Dec" (whole days) or "Tue 1 Dec 13:00–17:00". */
export function timeOffText(range: Pick<TimeOffInput, 'from' | 'to'>, zone: string): string {
  const from = wall(range.from, zone, false);
  const to = wall(range.to, zone, true);
  const day = (d: string) => formatLocalDate(d, { weekday: 'short', day: 'numeric', month: 'short' });
  if (from.time === '00:00' && to.time === '00:00') {
    const last = addDays(to.date, -1);
    return last <= from.date ? day(from.date) : `${day(from.date)} – ${day(last)}`;
  }
  if (to.date === from.date || (to.time === '00:00' && to.date === addDays(from.date, 1))) return `${day(from.date)} ${from.time}–${to.time}`;
  return `${day(from.date)} ${from.time} – ${day(to.date)} ${to.time}`;
}

/** Whether a time-off range ends after now (past ones are kept, but not listed first). */
export const timeOffAhead = (range: Pick<TimeOffInput, 'to'>) => DATE.test(range.to) || !/Z$/.test(range.to) || Date.parse(range.to) > Date.now();

/** One booking a refusal names ("IB-7K2Q 2026-12-01 10:00 Braids (Ama)"), as a link to it. */
function ConflictBooking({ text }: { text: string }) {
  const store = useCurrentStore();
  const reference = text.split(' ')[0];
  const found = useBookings(store.storeId, { reference, limit: 1 });
  const booking = found.data?.bookings.find((b) => b.reference === reference);
  const to = booking ? `/s/${store.storeId}/bookings/${booking.bookingId}` : `/s/${store.storeId}/bookings?view=list&reference=${encodeURIComponent(reference)}`;
  return (
    <List.Item>
      {/* Shown on an alert's tint: in the tint's text colour (underlined), which keeps 4.5:1 there. */}
      <Anchor component={Link} to={to} size="sm" underline="always" c="var(--console-text-on-tint)" style={{ overflowWrap: 'anywhere' }}>{text}</Anchor>
    </List.Item>
  );
}

/** The bookings a refused change lists (409 conflict details), each a link to the booking. */
export function ConflictBookings({ details, label }: { details: { message: string }[]; label: string }) {
  if (!details.length) return null;
  return (
    <>
      <Text size="sm" fw={600} mt="xs">{label}</Text>
      <List size="sm" spacing={4} aria-label={label}>
        {details.map((d) => <ConflictBooking key={d.message} text={d.message} />)}
      </List>
    </>
  );
}
