// Tables owned by the messages module.

/**
 * The outbox: every message, written in the transaction of the change it reports and sent after
 * commit by the worker (worker.ts), claimed with a lease so one instance sends it.
 */
export interface MailOutboxRow {
  id: string;
  /** null for account mail (a password reset), which belongs to no store. */
  store_id: string | null;
  booking_id: string | null;
  order_id?: string | null;
  to_address: string;
  /** Rendered when sent for messages with a kind; fixed text for account mail. */
  subject: string;
  body_text: string;
  /** body_text without its secret (a link): replaces body_text once the mail is sent or given up. */
  redacted_body?: string | null;
  /** The message kind (kinds.ts); null for account mail, whose text is written when queued. */
  kind?: string | null;
  /** JSON of what the message reports (kinds.ts), rendered when it is sent. */
  payload?: string | null;
  /** At most one message per store and key (a reminder per booking, offset and time). */
  dedupe_key?: string | null;
  /** Sent ahead of higher lanes: 0 urgent (account mail, what a customer waits for), 1 staff alerts, 2 bulk (reminders). */
  lane?: number;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  /** A worker's claim: others skip the row until this time passes. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MessageTables {
  mail_outbox: MailOutboxRow;
}
