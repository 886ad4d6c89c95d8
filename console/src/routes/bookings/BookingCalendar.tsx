// The bookings calendar: one day or one week (Monday first), in the store's time zone. Bookings carry
// their date and time in that zone already, so no conversion happens here. On narrow screens the
// week's columns become a list of days. When the store has staff, a person can be chosen: the week (or
// day) of that person's bookings only (kept in the address, so it can be bookmarked per stylist).
import { ActionIcon, Badge, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Link, useSearchParams } from 'react-router';
import { useBookingRange, type Booking } from '../../api/bookings';
import { useStaff } from '../../api/staff';
import { PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { addDays, formatLocalDate, startOfWeek, todayIn } from '../../lib/format';
import { BookingStatusBadge } from './status';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function BookingCalendar() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const today = todayIn(store.timezone);
  const range = params.get('range') === 'day' ? 'day' : 'week';
  const date = DATE.test(params.get('date') ?? '') ? params.get('date')! : today;
  const showCancelled = params.get('cancelled') === '1';
  const staff = useStaff(store.storeId);
  const people = staff.data ?? [];
  const person = people.find((p) => p.id === params.get('person')) ?? null;
  const from = range === 'day' ? date : startOfWeek(date);
  const to = range === 'day' ? date : addDays(from, 6);
  const bookings = useBookingRange(store.storeId, from, to);
  const days = range === 'day' ? [date] : Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const visible = (bookings.data ?? []).filter((b) => (showCancelled || b.status !== 'cancelled') && (!person || b.staffId === person.id));

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k); else next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const step = range === 'day' ? 1 : 7;
  const unit = range === 'day' ? 'day' : 'week';
  const title =
    range === 'day'
      ? formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      : `${formatLocalDate(from, { day: 'numeric', month: 'short' })} – ${formatLocalDate(to, { day: 'numeric', month: 'short', year: 'numeric' })}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Calendar range"
            value={range}
            onChange={(v) => set({ range: v === 'week' ? null : v })}
            data={[{ value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }]}
          />
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={`Previous ${unit}`} onClick={() => set({ date: addDays(date, -step) })}>
              <span aria-hidden>‹</span>
            </ActionIcon>
            <Button variant="default" onClick={() => set({ date: null })}>Today</Button>
            <ActionIcon variant="default" size="lg" aria-label={`Next ${unit}`} onClick={() => set({ date: addDays(date, step) })}>
              <span aria-hidden>›</span>
            </ActionIcon>
          </Group>
          <DatePickerInput
            label="Go to date"
            value={date}
            onChange={(v) => v && set({ date: v === today ? null : v })}
            valueFormat="D MMM YYYY"
            firstDayOfWeek={1}
            w={150}
          />
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {people.length > 0 && (
            <Select
              label="Person"
              value={person?.id ?? ''}
              onChange={(v) => set({ person: v ? v : null })}
              data={[{ value: '', label: 'Everyone' }, ...people.map((p) => ({ value: p.id, label: p.displayName }))]}
              allowDeselect={false}
              w={170}
            />
          )}
          <Switch label="Show cancelled" checked={showCancelled} onChange={(e) => set({ cancelled: e.currentTarget.checked ? '1' : null })} />
        </Group>
      </Group>

      <Title order={2} size="h4" aria-live="polite">{person ? `${person.displayName}: ${title}` : title}</Title>
      {bookings.isError && <PageError error={bookings.error} retry={() => bookings.refetch()} />}

      {range === 'day' ? (
        <DayColumn date={date} today={today} bookings={visible} loading={bookings.isPending} standalone />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 7 }} spacing="xs">
          {days.map((day) => (
            <DayColumn key={day} date={day} today={today} bookings={visible.filter((b) => b.bookingDate === day)} loading={bookings.isPending} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function DayColumn({ date, today, bookings, loading, standalone }: { date: string; today: string; bookings: Booking[]; loading: boolean; standalone?: boolean }) {
  const isToday = date === today;
  return (
    <Card
      withBorder
      padding="xs"
      component="section"
      aria-label={formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long' })}
      style={isToday && !standalone ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      {!standalone && (
        <Group gap={6} mb="xs" wrap="wrap">
          <Title order={3} size="h6">{formatLocalDate(date)}</Title>
          {isToday && <Badge size="xs" variant="filled">Today</Badge>}
        </Group>
      )}
      <Stack gap={6}>
        {bookings.map((b) => <BookingCard key={b.bookingId} booking={b} />)}
        {!loading && bookings.length === 0 && <Text size="xs" c="dimmed">No bookings</Text>}
      </Stack>
    </Card>
  );
}

function BookingCard({ booking: b }: { booking: Booking }) {
  const store = useCurrentStore();
  return (
    <Card
      component={Link}
      to={`/s/${store.storeId}/bookings/${b.bookingId}`}
      withBorder
      padding={6}
      radius="sm"
      style={{ textDecoration: b.status === 'cancelled' ? 'line-through' : undefined }}
    >
      <Group justify="space-between" gap={4} wrap="wrap">
        <Text size="sm" fw={700}>{b.bookingTime}–{b.endTime}</Text>
        <BookingStatusBadge booking={b} compact />
      </Group>
      {/* Names wrap rather than being cut short, in a narrow week column too. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{b.customer.name}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {b.serviceName}{b.quantity > 1 ? ` × ${b.quantity}` : ''}{b.staffName ? ` · with ${b.staffName}` : ''}
      </Text>
      {b.overbooked && <Badge size="xs" color="red" variant="light" tt="none" mt={2}>Overbooked</Badge>}
    </Card>
  );
}
