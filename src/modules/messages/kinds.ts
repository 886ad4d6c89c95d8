// What the service says, and to whom. A message is queued as its kind and a payload (a snapshot of
// what it reports, taken in the transaction of the change); it is rendered when it is sent, so the
// change's transaction pays only for one insert.

/** Messages to a store's customer. */
export const CUSTOMER_KINDS = [
  'booking.received',
  'booking.confirmed',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.reminder',
  'order.received',
  'order.paid',
  'order.refunded',
] as const;

/** Alerts to the store's members, each chosen per member (Settings → Notifications). */
export const STAFF_KINDS = ['alert.booking.new', 'alert.booking.changed', 'alert.order.new', 'alert.order.paid'] as const;

export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export type StaffKind = (typeof STAFF_KINDS)[number];
export type MessageKind = CustomerKind | StaffKind;

export const MESSAGE_KINDS: MessageKind[] = [...CUSTOMER_KINDS, ...STAFF_KINDS];

/** What a booking message knows of its booking, as it was when the change happened. */
export interface BookingSnapshot {
  bookingId: string;
  reference: string;
  serviceName: string;
  startAt: string;
  endAt: string;
  timezone: string;
  quantity: number;
  notes: string | null;
  customer: { name: string; phone: string; email: string | null };
  status: string;
  manageUrl: string;
  /** The iCalendar SEQUENCE of the booking's event: grows with every change. */
  calendarSequence: number;
  staffName?: string | null;
}

export interface BookingMessagePayload {
  booking: BookingSnapshot;
  /** booking.rescheduled: the time it had before. */
  previous?: { startAt: string; endAt: string };
  /** booking.cancelled and alerts: who made the change. */
  by?: 'store' | 'customer';
  reason?: string | null;
  /** booking.reminder: minutes before the start. */
  offsetMinutes?: number;
  /** booking.received of a service that asks a deposit: what to pay, where, by when. */
  deposit?: { amountMinor: number; currency: string; payUrl: string; expiresAt: string };
}

export interface OrderLineSnapshot {
  name: string;
  qty: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

/** What an order message knows of its order, as it was when the change happened. */
export interface OrderSnapshot {
  orderId: string;
  reference: string;
  currency: string;
  items: OrderLineSnapshot[];
  subtotalMinor: number;
  feesMinor: number;
  totalMinor: number;
  paymentMethod: string | null;
  paymentReference: string | null;
  status: string;
  customer: { name: string | null; email: string | null; phone: string | null };
  createdAt: string;
  paidAt: string | null;
  /** order.refunded: how much went back (all of it unless partial). */
  refundedMinor?: number;
}

export interface OrderMessagePayload {
  order: OrderSnapshot;
}

export type MessagePayload = BookingMessagePayload | OrderMessagePayload;

export function isBookingKind(kind: MessageKind): boolean {
  return kind.startsWith('booking.') || kind.startsWith('alert.booking.');
}

export function isCustomerKind(kind: string): kind is CustomerKind {
  return (CUSTOMER_KINDS as readonly string[]).includes(kind);
}

export function isStaffKind(kind: string): kind is StaffKind {
  return (STAFF_KINDS as readonly string[]).includes(kind);
}
