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
}

/** One row per bookable service, locked while its capacity is checked and taken. */
export interface BookingLockRow {
  store_id: string;
  service_id: string;
}

export interface MailOutboxRow {
  id: string;
  /** null for account mail (a password reset), which belongs to no store. */
  store_id: string | null;
  booking_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  /** body_text without its secret (a reset link): replaces body_text once the mail is sent or given up. */
  redacted_body?: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  /** A worker's claim: others skip the row until this time passes. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface BookingTables {
  bookings: BookingRow;
  booking_locks: BookingLockRow;
  mail_outbox: MailOutboxRow;
}
