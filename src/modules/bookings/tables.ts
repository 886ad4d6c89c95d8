// Tables owned by the bookings module.
export type BookingStatus = 'pending' | 'pending_approval' | 'confirmed' | 'completed' | 'cancelled' | 'rescheduled';
export type PaymentStatus = 'payment_pending' | 'paid' | 'manual_review' | 'refunded';

export interface BookingRow {
  id: string;
  store_id: string;
  /** IB- + 8 Crockford base32 characters; unique across stores. */
  reference: string;
  service_id: string;
  service_name: string;
  /** Local date and time in the store's time zone, as the caller sent them. */
  booking_date: string;
  booking_time: string;
  /** The slot as UTC instants (ISO 8601). */
  start_at: string;
  end_at: string;
  timezone: string;
  quantity: number;
  notes: string | null;
  staff_notes: string | null;
  customer_id: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  payment_method: string | null;
  payment_amount_minor: number | null;
  payment_status: PaymentStatus;
  source_channel: string | null;
  /** JSON object text. */
  attributes: string;
  status: Exclude<BookingStatus, 'pending_approval'>;
  created_at: string;
  updated_at: string;
  /** The manage link's token (random, unique): {PUBLIC_BASE_URL}/b/<token>. */
  manage_token: string;
  /** The iCalendar SEQUENCE of the booking's event: grows with every change customers are told of. */
  calendar_sequence: number;
  /** When the booking got its current time (reminders due before then are not sent). */
  time_set_at: string;
  cancelled_by: 'store' | 'customer' | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  /** null until staff record it: 'attended' (completed) or 'no_show' (cancelled after its start). */
  attendance: 'attended' | 'no_show' | null;
  /** 1 when staff booked it over capacity or outside the service's hours (allowOverbook). */
  overbooked: number;
  /** The performer booked (services with performers), and their display name at booking time. */
  staff_id: string | null;
  staff_name: string | null;
  /** The deposit the service asked for this booking (minor units); NULL when none. */
  deposit_minor: number | null;
  /** Paid towards the booking through its deposit, net of refunds. */
  amount_paid_minor: number;
}

/** A bookable person of a store: a member who signs in (member_id) or a profile for someone who never does. */
export interface StaffRow {
  id: string;
  store_id: string;
  member_id: string | null;
  display_name: string;
  photo_url: string | null;
  /** JSON text: WeeklyHours[] in the store's time zone. */
  weekly_hours: string;
  /** JSON text: {from, to, note}[] (ISO instants, UTC). */
  time_off: string;
  /** JSON text: the ids of the services and courses they perform. */
  service_ids: string;
  created_at: string;
  updated_at: string;
}

/** One row per bookable service, locked while its capacity is checked and taken. */
export interface BookingLockRow {
  store_id: string;
  service_id: string;
}

export interface BookingTables {
  bookings: BookingRow;
  booking_locks: BookingLockRow;
  staff: StaffRow;
}
