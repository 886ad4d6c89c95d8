// Moving a booking: a calendar of the month with only the days that have a free slot for this
// booking's quantity, then that day's free times. The service re-checks the slot when it is saved.
// The calendar's grid runs in whole weeks, Monday to Sunday, so it also shows the last days of the
// month before and the first days of the month after: their free times are asked for too, so a day
// on the grid is offered whenever it has room (on the 30th, the 1st of next month is one click away).
// A service with performers keeps the booking's person unless another one is picked here: the days
// and times offered are then that person's free ones.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Chip, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useOpenSlots, useUpdateBooking, type Booking } from '../../api/bookings';
import { ApiError } from '../../api/client';
import { useCurrentStore } from '../../components/store-context';
import { addDays, formatLocalDate, startOfWeek, todayIn } from '../../lib/format';

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (first: string) => {
  const [y, m] = first.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

export function RescheduleModal({ booking, performers = [], notice, onClose, onDone }: {
  booking: Booking;
  /** The people who perform the service (none: it is booked by its places). */
  performers?: { id: string; displayName: string }[];
  notice: ReactNode;
  onClose(): void;
  onDone(): void;
}) {
  const store = useCurrentStore();
  const today = todayIn(store.timezone);
  const [month, setMonth] = useState(monthOf(booking.bookingDate < today ? today : booking.bookingDate));
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const gridStart = startOfWeek(month);
  const gridEnd = addDays(startOfWeek(addDays(nextMonth(month), -1)), 6);
  const [who, setWho] = useState<string | null>(booking.staffId && performers.some((p) => p.id === booking.staffId) ? booking.staffId : (performers[0]?.id ?? null));
  const person = performers.find((p) => p.id === who);
  const slots = useOpenSlots(store.storeId, booking.serviceId, gridStart < today ? today : gridStart, gridEnd, who);
  const update = useUpdateBooking(store.storeId, booking.bookingId);

  // Free for this booking: room for its quantity, and not the time it already has.
  const samePerson = who === booking.staffId;
  const free = (slots.data ?? []).filter((s) => s.remaining >= booking.quantity && !(samePerson && s.date === booking.bookingDate && s.time === booking.bookingTime));
  const openDays = new Set(free.map((s) => s.date));
  const times = date ? free.filter((s) => s.date === date) : [];

  async function save() {
    if (!date || !time) return;
    setError(null);
    try {
      await update.mutateAsync({ status: 'rescheduled', bookingDate: date, bookingTime: time, ...(who && !samePerson ? { staffId: who } : {}) });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.code === 'slot-unavailable' ? 'That time was just taken. Pick another one.' : e instanceof Error ? e.message : 'The booking was not moved.');
      setTime(null);
      void slots.refetch();
    }
  }

  return (
    <Modal opened onClose={onClose} title="Reschedule booking" closeButtonProps={{ 'aria-label': 'Close' }} size="auto">
      <Stack gap="sm" maw={340}>
        <Text size="sm">
          Now: {formatLocalDate(booking.bookingDate, { weekday: 'long', day: 'numeric', month: 'long' })} at {booking.bookingTime}. Only days and times with room for{' '}
          {booking.quantity > 1 ? `${booking.quantity} places` : 'this booking'}{person ? ` with ${person.displayName}` : ''} are offered.
        </Text>
        {performers.length > 0 && (
          <div role="radiogroup" aria-labelledby="reschedule-who">
            <Text size="sm" fw={600} mb={6} id="reschedule-who">Who</Text>
            <Chip.Group multiple={false} value={who} onChange={(v) => { setWho(v as string); setDate(null); setTime(null); }}>
              <Group gap={6}>
                {performers.map((p) => (
                  <Chip key={p.id} value={p.id} size="sm">{p.displayName}{p.id === booking.staffId ? ' (now)' : ''}</Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        )}
        <Group justify="center">
          <DatePicker
            value={date}
            onChange={(d) => {
              setDate(d);
              setTime(null);
            }}
            date={month}
            onDateChange={(d) => setMonth(monthOf(d))}
            minDate={today}
            maxLevel="month"
            firstDayOfWeek={1}
            // Weekend days in Mantine's red fall under 4.5:1 contrast; here they are days like any other.
            weekendDays={[]}
            excludeDate={(d) => slots.isPending || !openDays.has(d)}
            // A free day of the month before or after looks like any other free day, not dimmed.
            getDayProps={(d) => (openDays.has(d) ? { outside: false } : {})}
            ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
            getDayAriaLabel={(d) => `${formatLocalDate(d, { weekday: 'long', day: 'numeric', month: 'long' })}${openDays.has(d) ? '' : ', no free time'}`}
          />
        </Group>
        {slots.isPending && <Group gap="xs"><Loader size="xs" aria-hidden /> <Text size="sm">Finding free times…</Text></Group>}
        {slots.isError && <Alert color="red" role="alert">{slots.error.message}</Alert>}
        {!slots.isPending && !slots.isError && openDays.size === 0 && <Text size="sm" c="dimmed">No free time this month. Try the next one.</Text>}
        {date && (
          <div role="group" aria-label={`Free times on ${formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long' })}`}>
            <Text size="sm" fw={600} mb={6}>Free times on {formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long' })}</Text>
            <Chip.Group multiple={false} value={time} onChange={setTime}>
              <Group gap={6}>
                {times.map((s) => (
                  <Chip key={s.time} value={s.time} size="sm">
                    {s.time}{s.capacity > 1 ? ` (${s.remaining} left)` : ''}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {notice}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Keep current time</Button>
          <Button onClick={save} disabled={!date || !time} loading={update.isPending}>
            {date && time ? `Move to ${formatLocalDate(date)} ${time}${person && !samePerson ? ` with ${person.displayName}` : ''}` : 'Move booking'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
