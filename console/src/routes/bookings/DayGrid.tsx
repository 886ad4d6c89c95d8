// One day as a time grid: rows every 30 minutes over the store's opening hours of that day (08:00–20:00
// when it has none), bookings placed at their times and as long as they last, every empty time a
// button that opens New booking with the day and time filled in. Bookings are laid out per column
// (DayGridColumn), each with as many lanes as its overlapping bookings need: one column ("All
// bookings") for a store without staff; with staff, a column per person (their bookings, and empty
// times only while they work and are not away; the member signed in as a person sees their own first), side by side
// on a computer and one at a time, picked by tabs, on a phone. Dates and times are the store's (its
// time zone), as the API gives them.
import { Fragment, useState, type CSSProperties } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useBookingRange, type Booking } from '../../api/bookings';
import { canManage, useSession } from '../../api/session';
import { useStaff, type StaffMember } from '../../api/staff';
import { useStoreSettings, type OpeningHours } from '../../api/store';
import { PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { addDays, dateFormat, formatLocalDate, toZonedWallTime, todayIn } from '../../lib/format';
import { BookingStatusBadge } from './status';

const STEP = 30;
const FALLBACK = { start: 8 * 60, end: 20 * 60 };
const WEEKDAY: OpeningHours['day'][] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** A booking's end in minutes of its day (an end at or past midnight is the end of the day). */
const endMinutes = (b: Pick<Booking, 'bookingTime' | 'endTime'>) => {
  const end = toMinutes(b.endTime);
  return end <= toMinutes(b.bookingTime) ? 24 * 60 : end;
};

/** The wall-clock time now in a zone, in minutes since midnight. */
function minutesNow(timeZone: string): number {
  const parts = dateFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

// A day has up to 48 rows, each with its time and an empty time to tap: those are Mantine's markup
// (a Text, a subtle compact Button in the primary colour, teal) written out, without the components'
// work for each of them, which made most of Today's first draw on a phone.
const TIME_CLASS = `mantine-focus-auto ${Text.classes.root}`;
const timeStyle = (gridRow: number, full: boolean): CSSProperties =>
  ({
    '--text-fz': 'var(--mantine-font-size-sm)',
    '--text-lh': 'var(--mantine-line-height-sm)',
    gridRow,
    gridColumn: 1,
    paddingTop: 'calc(0.125rem * var(--mantine-scale))',
    fontWeight: full ? 700 : 400,
    ...(full ? {} : { color: 'var(--mantine-color-dimmed)' }),
  }) as CSSProperties;
const SLOT_CLASS = `mantine-focus-auto mantine-active ${Button.classes.root} ${UnstyledButton.classes.root}`;
const SLOT_VARS = {
  '--button-justify': 'flex-start',
  '--button-height': 'var(--button-height-compact-sm)',
  '--button-padding-x': 'var(--button-padding-x-compact-sm)',
  '--button-fz': 'var(--mantine-font-size-sm)',
  '--button-bg': 'transparent',
  '--button-hover': 'var(--mantine-color-teal-light-hover)',
  '--button-color': 'var(--mantine-color-teal-light-color)',
  '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

/** The grid's first and last minute: the store's hours that day, widened to any booking outside them. */
export function gridSpan(date: string, hours: OpeningHours[] | undefined, bookings: Pick<Booking, 'bookingTime' | 'endTime'>[]) {
  const day = WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const ranges = (hours ?? []).filter((h) => h.day === day);
  let start = ranges.length ? Math.min(...ranges.map((h) => toMinutes(h.start))) : FALLBACK.start;
  let end = ranges.length ? Math.max(...ranges.map((h) => (h.end === '24:00' ? 24 * 60 : toMinutes(h.end)))) : FALLBACK.end;
  for (const b of bookings) {
    start = Math.min(start, toMinutes(b.bookingTime));
    end = Math.max(end, endMinutes(b));
  }
  return { start: Math.floor(start / STEP) * STEP, end: Math.min(24 * 60, Math.ceil(end / STEP) * STEP), open: ranges.length > 0 };
}

/** Bookings starting at the same time (a class, or two chairs at once) shown together. */
interface Block {
  time: string;
  bookings: Booking[];
  row: number;
  span: number;
  lane: number;
}

/** A column of the grid: everyone's bookings, or one person's (`staffId`) within their working hours. */
export interface DayGridColumn {
  id: string;
  label: string;
  bookings: Booking[];
  staffId?: string;
  /** When empty times are offered, in minutes of the day; every time when not given. */
  working?: { start: number; end: number }[];
}

function layout(bookings: Booking[], gridStart: number): { blocks: Block[]; lanes: number } {
  const byTime = new Map<string, Booking[]>();
  for (const b of [...bookings].sort((a, z) => a.bookingTime.localeCompare(z.bookingTime))) byTime.set(b.bookingTime, [...(byTime.get(b.bookingTime) ?? []), b]);
  const laneEnds: number[] = [];
  const blocks: Block[] = [];
  for (const [time, group] of byTime) {
    const row = Math.floor((toMinutes(time) - gridStart) / STEP);
    const last = Math.max(...group.map(endMinutes));
    const span = Math.max(1, Math.ceil((last - gridStart) / STEP) - row);
    // The first lane free from this row on; a new lane when every lane is still taken.
    let lane = laneEnds.findIndex((end) => end <= row);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = row + span;
    blocks.push({ time, bookings: group, row, span, lane });
  }
  return { blocks, lanes: Math.max(1, laneEnds.length) };
}

/**
 * The grid itself. `onPick` opens New booking for an empty time; past times of today are offered
 * only to owners and admins (recording a visit after the fact), as the API allows.
 */
export function DayGrid({ date, columns, hours, onPick }: { date: string; columns: DayGridColumn[]; hours: OpeningHours[] | undefined; onPick(time: string, column: DayGridColumn): void }) {
  const store = useCurrentStore();
  const manage = canManage(store.role);
  const today = todayIn(store.timezone);
  const now = date === today ? minutesNow(store.timezone) : date < today ? 24 * 60 : -1;
  const span = gridSpan(date, hours, columns.flatMap((c) => c.bookings));
  const rows = Array.from({ length: (span.end - span.start) / STEP }, (_, i) => span.start + i * STEP);
  const laid = columns.map((c) => ({ ...c, ...layout(c.bookings, span.start) }));
  const totalLanes = laid.reduce((n, c) => n + c.lanes, 0);
  const withHeader = columns.length > 1;
  const headerRows = withHeader ? 1 : 0;
  const dayName = formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
  // Each column's first grid line (the time labels take line 1).
  let nextLine = 2;
  const firstLine = laid.map((c) => {
    const line = nextLine;
    nextLine += c.lanes;
    return line;
  });

  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `3.25rem repeat(${totalLanes}, minmax(0, 1fr))`,
        gridAutoRows: 'minmax(2.75rem, auto)',
        columnGap: 4,
      }}
    >
      {withHeader &&
        laid.map((c, i) => (
          <Text key={c.id} fw={600} size="sm" style={{ gridRow: 1, gridColumn: `${firstLine[i]} / span ${c.lanes}`, overflowWrap: 'anywhere' }}>
            {c.label}{c.working?.length === 0 ? <Text span size="xs" c="dimmed" fw={400}> (off)</Text> : null}
          </Text>
        ))}
      {rows.map((minute, r) => {
        const gridRow = r + 1 + headerRows;
        const time = toTime(minute);
        const past = minute < now;
        return (
          <Fragment key={minute}>
            {/* The row's line across the whole day, under everything else. */}
            <div aria-hidden style={{ gridRow, gridColumn: '1 / -1', borderTop: `1px ${minute % 60 ? 'dashed' : 'solid'} var(--mantine-color-default-border)` }} />
            <p className={TIME_CLASS} data-size="sm" style={timeStyle(gridRow, minute % 60 === 0)}>{time}</p>
            {laid.map((c, i) => {
              const starting = c.blocks.filter((b) => b.row === r);
              const taken = new Set(c.blocks.filter((b) => b.row <= r && r < b.row + b.span).map((b) => b.lane));
              const free = Array.from({ length: c.lanes }, (_, lane) => lane).filter((lane) => !taken.has(lane));
              // An empty time spans the free lanes from the first one on, up to the next taken lane.
              const from = free[0];
              let to = from;
              while (to !== undefined && to + 1 < c.lanes && !taken.has(to + 1)) to++;
              const working = !c.working || c.working.some((w) => w.start <= minute && minute < w.end);
              const offer = from !== undefined && (!past || manage) && working;
              const named = withHeader || c.staffId !== undefined;
              return (
                <Fragment key={c.id}>
                  {starting.map((b) => (
                    <BlockCard key={b.time} block={b} gridRow={`${gridRow} / span ${b.span}`} gridColumn={firstLine[i] + b.lane} />
                  ))}
                  {offer && (
                    <button
                      type="button"
                      className={SLOT_CLASS}
                      data-variant="subtle"
                      data-size="compact-sm"
                      aria-label={`${past ? 'Record a visit at' : 'Book'} ${time}, ${dayName}${named ? `, ${c.label}` : ''}`}
                      onClick={() => onPick(time, c)}
                      style={{ ...SLOT_VARS, gridRow, gridColumn: `${firstLine[i] + from} / ${firstLine[i] + to + 1}`, height: 'auto', minHeight: '2.75rem', zIndex: 1 }}
                    >
                      <span className={Button.classes.inner}>
                        <span className={Button.classes.label}>
                          <span aria-hidden>+&nbsp;</span>{past ? 'Record' : 'Book'}
                        </span>
                      </span>
                    </button>
                  )}
                </Fragment>
              );
            })}
          </Fragment>
        );
      })}
    </div>
  );
}

function BlockCard({ block, gridRow, gridColumn }: { block: Block; gridRow: string; gridColumn: number }) {
  const store = useCurrentStore();
  return (
    <Stack gap={4} py={2} style={{ gridRow, gridColumn, zIndex: 2, minWidth: 0 }}>
      {block.bookings.map((b) => (
        <Card
          key={b.bookingId}
          withBorder
          padding={6}
          radius="sm"
          style={{
            borderLeft: `4px solid var(--mantine-color-${b.overbooked ? 'red' : 'teal'}-filled)`,
            flexGrow: 1,
          }}
        >
          {/* Names and services wrap between words (or inside a long word): never cut short on a phone. */}
          <Anchor component={Link} to={`/s/${store.storeId}/bookings/${b.bookingId}`} size="sm" fw={700} underline="always" style={{ overflowWrap: 'anywhere' }}>
            {b.customer.name}
          </Anchor>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {b.serviceName}{b.quantity > 1 ? ` × ${b.quantity}` : ''} · {b.bookingTime}–{b.endTime}
          </Text>
          <Group gap={4} mt={2}>
            <BookingStatusBadge booking={b} compact />
            {b.overbooked && <Badge size="sm" color="red" variant="light" tt="none">Overbooked</Badge>}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const WEEKDAY_OF = (date: string) => WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** A person's working ranges on a date, in minutes of the store's day: their weekly hours less their time off. */
function workingOn(person: StaffMember, date: string, zone: string) {
  const day = WEEKDAY_OF(date);
  let ranges = person.weeklyHours.filter((h) => h.day === day).map((h) => ({ start: toMinutes(h.start), end: h.end === '24:00' ? 24 * 60 : toMinutes(h.end) }));
  for (const off of person.timeOff) {
    const from = toZonedWallTime(off.from, zone);
    const to = toZonedWallTime(off.to, zone);
    if (from.slice(0, 10) > date || to.slice(0, 10) < date) continue;
    const start = from.slice(0, 10) < date ? 0 : toMinutes(from.slice(11, 16));
    const end = to.slice(0, 10) > date ? 24 * 60 : toMinutes(to.slice(11, 16));
    ranges = ranges.flatMap((r) => (end <= r.start || start >= r.end ? [r] : [
      ...(start > r.start ? [{ start: r.start, end: start }] : []),
      ...(end < r.end ? [{ start: end, end: r.end }] : []),
    ]));
  }
  return ranges;
}

/**
 * The grid's columns: "All bookings" for a store without staff; otherwise one per person (the member
 * signed in as one of them first), and "Others" for that day's bookings of services nobody performs.
 */
function useColumns(date: string, bookings: Booking[]): DayGridColumn[] {
  const store = useCurrentStore();
  const staff = useStaff(store.storeId);
  const session = useSession();
  const people = staff.data ?? [];
  if (!people.length) return [{ id: 'all', label: 'All bookings', bookings }];
  const me = session.data?.user.id;
  const ordered = [...people.filter((p) => me && p.memberId === me), ...people.filter((p) => !me || p.memberId !== me)];
  const known = new Set(people.map((p) => p.id));
  const columns: DayGridColumn[] = ordered.map((p) => ({
    id: p.id,
    staffId: p.id,
    label: p.displayName,
    bookings: bookings.filter((b) => b.staffId === p.id),
    working: workingOn(p, date, store.timezone),
  }));
  const others = bookings.filter((b) => !b.staffId || !known.has(b.staffId));
  if (others.length) columns.push({ id: 'others', label: 'Others', bookings: others });
  return columns;
}

/**
 * The day agenda as a section: a day picker (previous, today, next) and the grid of that day's
 * bookings (cancelled ones left out: their time is free again).
 */
export function DayAgenda({ date, onDateChange }: { date: string; onDateChange(date: string | null): void }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const today = todayIn(store.timezone);
  const settings = useStoreSettings(store.storeId);
  const bookings = useBookingRange(store.storeId, date, date);
  const visible = (bookings.data ?? []).filter((b) => b.status !== 'cancelled' && b.bookingDate === date);
  const columns = useColumns(date, visible);
  // Side by side from a tablet's width up; one person at a time (tabs) on a phone.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [picked, setPicked] = useState<string | null>(null);
  const newBooking = (time: string, column: DayGridColumn) =>
    navigate(`/s/${store.storeId}/bookings/new?date=${date}&time=${time}${column.staffId ? `&staffId=${column.staffId}` : ''}`);
  const title = formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
  const span = gridSpan(date, settings.data?.hours, visible);
  const perPerson = columns.some((c) => c.staffId);
  const shownId = columns.some((c) => c.id === picked) ? picked! : columns[0].id;

  return (
    <Card withBorder component="section" aria-labelledby="day-agenda">
      <Title order={2} size="h4" id="day-agenda" mb="xs">Day agenda</Title>
      <Group gap="xs" mb="sm" align="center">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous day" onClick={() => onDateChange(addDays(date, -1))}>
            <span aria-hidden>‹</span>
          </ActionIcon>
          <Button variant="default" onClick={() => onDateChange(null)} disabled={date === today}>Today</Button>
          <ActionIcon variant="default" size="lg" aria-label="Next day" onClick={() => onDateChange(addDays(date, 1))}>
            <span aria-hidden>›</span>
          </ActionIcon>
        </Group>
        <Text fw={600} aria-live="polite">{title}</Text>
        {bookings.isFetching && <Loader size="xs" role="status" aria-label="Loading the day's bookings" />}
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {span.open || !settings.data ? '' : 'The store has no opening hours this day: 08:00–20:00 shown. '}
        {perPerson ? 'A column per person; tap an empty time in theirs to book them. ' : 'Tap an empty time to book it. '}
        Times are in {store.timezone}.
      </Text>
      {bookings.isError ? (
        <PageError error={bookings.error} retry={() => bookings.refetch()} />
      ) : perPerson && !wide && columns.length > 1 ? (
        <Tabs value={shownId} onChange={setPicked} keepMounted={false}>
          <Tabs.List aria-label="Whose day" mb="xs">
            {columns.map((c) => (
              <Tabs.Tab key={c.id} value={c.id}>
                {c.label} <Text span size="xs" c="dimmed">({c.bookings.length})</Text>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {columns.map((c) => (
            <Tabs.Panel key={c.id} value={c.id}>
              {c.working && c.working.length === 0 && <Text size="sm" c="dimmed" mb="xs">{c.label} does not work this day.</Text>}
              <DayGrid date={date} hours={settings.data?.hours} columns={[c]} onPick={newBooking} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <DayGrid date={date} hours={settings.data?.hours} columns={columns} onPick={newBooking} />
      )}
      {!bookings.isPending && visible.length === 0 && <Text size="sm" c="dimmed" mt="xs">No bookings this day.</Text>}
    </Card>
  );
}
