// Bookings: query keys and hooks (list with the API's filters, a calendar range, one booking, staff
// changes, the open slots a booking can move to, a booking entered at the front desk and the
// customer it is for).
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * rescheduled booking counts as confirmed at its new time: it offers what a confirmed one does
 * (move, complete, no-show, cancel), nothing to approve.
 */
export const NEXT_STATUSES: Record<BookingStatus, BookingStatus[]> = {
  pending: ['confirmed', 'cancelled', 'rescheduled'],
  pending_approval: ['confirmed', 'cancelled', 'rescheduled'],
  confirmed: ['completed', 'cancelled', 'rescheduled'],
  rescheduled: ['completed', 'cancelled', 'rescheduled'],
  completed: [],
  cancelled: [],
};

/** Only a pending booking waits for the store's approval (a rescheduled one is confirmed at its new time). */
export const isWaitingForApproval = (booking: Pick<Booking, 'status'>) => booking.status === 'pending' || booking.status === 'pending_approval';

/**
 * A no-show can be recorded once the start has passed, for a booking still expected (pending,
 * confirmed or moved); the API refuses it before the start (409).
 */
export const canMarkNoShow = (booking: Pick<Booking, 'status' | 'startAt'>, now = Date.now()) =>
  ['pending', 'pending_approval', 'confirmed', 'rescheduled'].includes(booking.status) && Date.parse(booking.startAt) <= now;

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

/** The query of every booking dated from..to (useBookingRange), for reading it ahead of the page. */
export const bookingRangeQuery = (storeId: string, from: string, to: string) =>
  queryOptions({
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
  });

/** Every booking dated from..to (store time zone, inclusive), in date and time order: the calendar. */
export function useBookingRange(storeId: string, from: string, to: string) {
  return useQuery({ ...bookingRangeQuery(storeId, from, to), placeholderData: keepPreviousData });
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
      // Cancelling a booking refunds its paid deposit (an order of its own); a no-show keeps it.
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'orders'] });
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

/**
 * Open slots of a service or course between two dates of the store (inclusive): where a booking can
 * move or be made. For a service with performers each slot names who is free (`staffIds`); with
 * `staffId`, only that person's free times.
 */
export function useOpenSlots(storeId: string, itemId: string, from: string, to: string, staffId?: string | null) {
  return useQuery({
    queryKey: [...bookingKeys.all(storeId), 'slots', itemId, from, to, staffId ?? null] as const,
    queryFn: async () =>
      (await ok(api.GET('/api/stores/{storeId}/items/{itemId}/availability', { params: { path: { storeId, itemId }, query: { from, to, ...(staffId ? { staffId } : {}) } } }))).slots,
    staleTime: 10_000,
    // Nothing to ask before a service is chosen.
    enabled: itemId !== '',
  });
}

export type NewBooking = NonNullable<paths['/api/stores/{storeId}/bookings']['post']['requestBody']>['content']['application/json'];
export type BookingSource = NewBooking['source'];

/** Where a booking entered at the front desk came from, as the form offers them. */
export const BOOKING_SOURCES: { value: BookingSource; label: string }[] = [
  { value: 'walk_in', label: 'Walk-in' },
  { value: 'phone', label: 'Phone' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'social', label: 'Social media' },
  { value: 'other', label: 'Other' },
];

/** A booking entered by the store (confirmed at once); 409 slot-unavailable when the time is not free. */
export function useCreateBooking(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBooking) => ok(api.POST('/api/stores/{storeId}/bookings', { params: { path: { storeId } }, body })),
    onSuccess: (data) => {
      client.setQueryData(bookingKeys.one(storeId, data.booking.bookingId), data.booking);
      void client.invalidateQueries({ queryKey: bookingKeys.all(storeId) });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'overview'] });
      // The customer may be new, or their booking count moved; the confirmation mail waits in the outbox.
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'customers'] });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'messages'] });
    },
  });
}

/**
 * Customers matching what is typed (name, email, tag, or a phone in any format of the store's
 * country: 0207654321 finds +233207654321), the first few only: the booking form's customer search.
 */
export function useCustomerLookup(storeId: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['stores', storeId, 'customers', 'lookup', query] as const,
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/customers', { params: { path: { storeId }, query: { q: query, limit: 6 } } }))).customers,
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
