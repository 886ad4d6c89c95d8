// How a booking's status looks everywhere in the console, and what each staff change is called.
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
