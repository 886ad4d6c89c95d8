// How a booking's status and its deposit look everywhere in the console, and what each staff
// change is called.
import { Badge } from '@mantine/core';
import type { Booking, BookingStatus } from '../../api/bookings';
import { statusLabel } from '../../lib/format';

const COLORS: Record<BookingStatus, string> = {
  pending: 'orange',
  pending_approval: 'orange',
  confirmed: 'teal',
  rescheduled: 'violet',
  completed: 'blue',
  cancelled: 'red',
};

/** The status as a badge ("Pending approval", "Confirmed"…): a coloured dot, the words in the text colour (4.5:1). */
export function BookingStatusBadge({ booking, compact }: { booking: Pick<Booking, 'status' | 'bookingStatus'>; compact?: boolean }) {
  // Compact (narrow calendar columns): small, in sentence case, "Pending" for "Pending approval".
  return (
    <Badge variant="dot" color={COLORS[booking.status]} size={compact ? 'sm' : 'md'} tt={compact ? 'none' : undefined} style={{ flexShrink: 0 }}>
      {compact && booking.status === 'pending' ? 'Pending' : statusLabel(booking.bookingStatus)}
    </Badge>
  );
}

/** The button that moves a booking to `status`. */
export const ACTION_LABELS: Record<BookingStatus, string> = {
  confirmed: 'Confirm',
  completed: 'Mark completed',
  cancelled: 'Cancel booking',
  rescheduled: 'Reschedule',
  pending: 'Back to pending',
  pending_approval: 'Back to pending',
};

export const STATUS_FILTERS: { value: BookingStatus; label: string }[] = [
  { value: 'pending', label: 'Pending approval' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'rescheduled', label: 'Rescheduled' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

export type DepositState = NonNullable<Booking['deposit']>['state'];

/** A deposit's state: the short badge of the lists and the words of the booking's page. */
export const DEPOSIT_STATES: Record<DepositState, { badge: string; words: string; color: string }> = {
  due: { badge: 'Deposit due', words: 'Due — the time is held until the payment page expires', color: 'orange' },
  paid: { badge: 'Deposit paid', words: 'Paid', color: 'teal' },
  kept: { badge: 'Deposit kept', words: 'Kept (no-show): the store keeps it', color: 'grape' },
  refunded: { badge: 'Deposit refunded', words: 'Refunded', color: 'violet' },
  review: { badge: 'Deposit in review', words: 'Payment in review — see the order', color: 'yellow' },
  unpaid: { badge: 'Deposit not paid', words: 'Not paid — booking cancelled', color: 'gray' },
};

/** "Deposit due", "Deposit paid"…: nothing for a booking without a deposit. Text in the tint's own dark shade (4.5:1). */
export function DepositBadge({ deposit }: { deposit: Booking['deposit'] }) {
  if (!deposit) return null;
  const { badge, color } = DEPOSIT_STATES[deposit.state];
  const text = color === 'orange' || color === 'yellow' ? 'var(--console-text-on-tint)' : `var(--mantine-color-${color}-light-color)`;
  return (
    <Badge variant="light" color={color} c={text} tt="none" style={{ flexShrink: 0 }}>{badge}</Badge>
  );
}
