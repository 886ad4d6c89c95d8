// Messages the store sends: whether the server can send mail and what waits in its outbox, a preview
// of each kind as the store's customers (or its team) would read it, and the messages of one booking.
import { useQuery } from '@tanstack/react-query';
import { bookingKeys } from './bookings';
import { api, ok } from './client';
import type { paths } from './schema';

export type MessageKind = paths['/api/stores/{storeId}/messages/preview']['get']['parameters']['query']['kind'];
export type MessagePreview = paths['/api/stores/{storeId}/messages/preview']['get']['responses'][200]['content']['application/json'];
export type BookingMessage = paths['/api/stores/{storeId}/bookings/{bookingId}/messages']['get']['responses'][200]['content']['application/json']['messages'][number];
export type MailState = paths['/api/stores/{storeId}/messages/state']['get']['responses'][200]['content']['application/json'];

export const messageKeys = {
  all: (storeId: string) => ['stores', storeId, 'messages'] as const,
  state: (storeId: string) => [...messageKeys.all(storeId), 'state'] as const,
  preview: (storeId: string, kind: MessageKind) => [...messageKeys.all(storeId), 'preview', kind] as const,
  // Under the booking's own key: every change of the booking (useUpdateBooking) refreshes its messages.
  ofBooking: (storeId: string, bookingId: string) => [...bookingKeys.one(storeId, bookingId), 'messages'] as const,
};

interface KindInfo {
  kind: MessageKind;
  label: string;
  /** When it is sent, in a few words. */
  when: string;
}

/** What customers are sent, in the order a booking or an order lives. */
export const CUSTOMER_MESSAGES: KindInfo[] = [
  { kind: 'booking.received', label: 'Booking received', when: 'When a customer books' },
  { kind: 'booking.confirmed', label: 'Booking confirmed', when: 'When you confirm a booking' },
  { kind: 'booking.rescheduled', label: 'Moved', when: 'When a booking moves to another time' },
  { kind: 'booking.cancelled', label: 'Cancelled', when: 'When a booking is cancelled' },
  { kind: 'booking.reminder', label: 'Reminder', when: 'Before the appointment, at the times set in Profile and hours' },
  { kind: 'order.received', label: 'Order received (how to pay)', when: 'When a customer orders' },
  { kind: 'order.paid', label: 'Receipt', when: 'When an order is paid' },
  { kind: 'order.refunded', label: 'Refund', when: 'When an order is refunded' },
];

/** What the store's members are sent, each as they chose under "Your alerts". */
export const STAFF_MESSAGES: KindInfo[] = [
  { kind: 'alert.booking.new', label: 'New booking', when: 'To members who chose it, when a booking arrives' },
  { kind: 'alert.booking.changed', label: 'Customer cancelled or moved', when: 'To members who chose it, when a customer cancels or moves a booking' },
  { kind: 'alert.order.new', label: 'New order', when: 'To members who chose it, when an order arrives' },
  { kind: 'alert.order.paid', label: 'Order paid', when: 'To members who chose it, when an order is paid' },
];

const KINDS = new Map([...CUSTOMER_MESSAGES, ...STAFF_MESSAGES].map((k) => [k.kind as string, k]));

/** A kind in words ("Booking confirmed"); a kind this console does not know yet as the API names it. */
export function messageKindLabel(kind: string): string {
  return KINDS.get(kind)?.label ?? kind;
}

export const isStaffAlert = (kind: string) => kind.startsWith('alert.');

/** Whether the server sends mail, and how many messages wait or failed. */
export function useMailState(storeId: string) {
  return useQuery({
    queryKey: messageKeys.state(storeId),
    queryFn: () => ok(api.GET('/api/stores/{storeId}/messages/state', { params: { path: { storeId } } })),
  });
}

export function useMessagePreview(storeId: string, kind: MessageKind) {
  return useQuery({
    queryKey: messageKeys.preview(storeId, kind),
    queryFn: () => ok(api.GET('/api/stores/{storeId}/messages/preview', { params: { path: { storeId }, query: { kind } } })),
    staleTime: 5 * 60_000,
  });
}

// While one waits, its status is asked again now and then (a sent mail shows without a reload).
const WAITING_REFRESH_MS = 15_000;

/** The messages of a booking, newest first. */
export function useBookingMessages(storeId: string, bookingId: string) {
  return useQuery({
    queryKey: messageKeys.ofBooking(storeId, bookingId),
    queryFn: async () => {
      const { messages } = await ok(api.GET('/api/stores/{storeId}/bookings/{bookingId}/messages', { params: { path: { storeId, bookingId } } }));
      // The API answers oldest first.
      return [...messages].reverse();
    },
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'pending') ? WAITING_REFRESH_MS : false),
  });
}
