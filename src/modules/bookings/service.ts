// Availability, bookings, staff transitions and customer notifications.
import type { AppContext } from '../../context.ts';

export function createBookingsService(_ctx: AppContext) {
  return {};
}

export type BookingsService = ReturnType<typeof createBookingsService>;
