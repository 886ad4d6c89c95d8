// Bookings: query keys and hooks (list with the API's filters, a calendar range, one booking, staff
// changes, the open slots a booking can move to).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

export type BookingFilters = NonNullable<paths['/api/stores/{storeId}/bookings']['get']['parameters']['query']>;
export type Booking = Awaited<ReturnType<typeof listBookings>>['bookings'][number];
export type BookingStatus = Booking['status'];

export const bookingKeys = {
  all: (storeId: string) => ['stores', storeId, 'bookings'] as const,
  list: (storeId: string, filters: BookingFilters) => [...bookingKeys.all(storeId), 'list', filters] as const,
  pages: (storeId: string, filters: BookingFilters) => [...bookingKeys.all(storeId), 'pages', filters] as const,
  range: (storeId: string, from: string, to: string) => [...bookingKeys.all(storeId), 'range', from, to] as const,
  one: (storeId: string, bookingId: string) => [...bookingKeys.all(storeId), 'one', bookingId] as const,
};

/**
 * Staff status changes a booking allows (CONTRACT §4); the API refuses the others with 409. A
 * rescheduled booking counts as confirmed: it can move again, be completed or cancelled.
 */
export const NEXT_STATUSES: Record<BookingStatus, BookingStatus[]> = {
  pending: ['confirmed', 'cancelled', 'rescheduled'],
  pending_approval: ['confirmed', 'cancelled', 'rescheduled'],
  confirmed: ['completed', 'cancelled', 'rescheduled'],
  rescheduled: ['confirmed', 'completed', 'cancelled', 'rescheduled'],
  completed: [],
  cancelled: [],
};

function listBookings(storeId: string, filters: BookingFilters) {
  return ok(api.GET('/api/stores/{storeId}/bookings', { params: { path: { storeId }, query: filters } }));
}

export function useBookings(storeId: string, filters: BookingFilters) {
  return useQuery({ queryKey: bookingKeys.list(storeId, filters), queryFn: () => listBookings(storeId, filters), placeholderData: keepPreviousData });
}

/** The list view: newest first, one page at a time ("Load more" follows nextCursor). */
export function useBookingPages(storeId: string, filters: Omit<BookingFilters, 'cursor'>) {
  return useInfiniteQuery({
    queryKey: bookingKeys.pages(storeId, filters),
    queryFn: ({ pageParam }) => listBookings(storeId, { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

// A calendar range is read whole; a day or a week of one store stays far below this.
const RANGE_PAGES = 20;

/** Every booking dated from..to (store time zone, inclusive), in date and time order: the calendar. */
export function useBookingRange(storeId: string, from: string, to: string) {
  return useQuery({
    queryKey: bookingKeys.range(storeId, from, to),
    queryFn: async () => {
      const all: Booking[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < RANGE_PAGES; page++) {
        const result = await listBookings(storeId, { from, to, limit: 100, ...(cursor ? { cursor } : {}) });
        all.push(...result.bookings);
        if (!result.nextCursor) break;
        cursor = result.nextCursor;
      }
      return all.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.bookingTime.localeCompare(b.bookingTime));
    },
    placeholderData: keepPreviousData,
  });
}

export function useBooking(storeId: string, bookingId: string) {
  return useQuery({
    queryKey: bookingKeys.one(storeId, bookingId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/bookings/{bookingId}', { params: { path: { storeId, bookingId } } }))).booking,
  });
}

export type BookingPatch = NonNullable<paths['/api/stores/{storeId}/bookings/{bookingId}']['patch']['requestBody']>['content']['application/json'];

export function useUpdateBooking(storeId: string, bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingPatch) => ok(api.PATCH('/api/stores/{storeId}/bookings/{bookingId}', { params: { path: { storeId, bookingId } }, body })),
    onSuccess: (data) => {
      client.setQueryData(bookingKeys.one(storeId, bookingId), data.booking);
      void client.invalidateQueries({ queryKey: bookingKeys.all(storeId) });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'overview'] });
      // A change may queue a message to the customer: the outbox's count moves.
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'messages'] });
    },
  });
}

/** What can be booked (services and courses), for the list's filter; unpublished ones too, their bookings remain. */
export function useBookableItems(storeId: string) {
  return useQuery({
    queryKey: ['stores', storeId, 'items', 'bookable'] as const,
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/items', { params: { path: { storeId } } }))).items.filter((i) => i.itemType !== 'product'),
    staleTime: 60_000,
  });
}

/** Open slots of a service or course between two dates of the store (inclusive): where a booking can move. */
export function useOpenSlots(storeId: string, itemId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...bookingKeys.all(storeId), 'slots', itemId, from, to] as const,
    queryFn: async () =>
      (await ok(api.GET('/api/stores/{storeId}/items/{itemId}/availability', { params: { path: { storeId, itemId }, query: { from, to } } }))).slots,
    staleTime: 10_000,
  });
}
