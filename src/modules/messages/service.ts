// The one place messages are made. Modules ask it to tell someone something ("booking confirmed"),
// in the transaction of the change; it writes the outbox row (kind + what to say), and the worker
// renders and sends it after commit (worker.ts). Rendering: content.ts (what each kind says),
// email.ts (HTML and text), calendar.ts (the booking's iCalendar event).
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { validationFailed } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { nowIso } from '../../shared/time.ts';
import type { Booking } from '../bookings/service.ts';
import type { AlertPreference, Store } from '../stores/service.ts';
import { addressOf, type OutgoingEmail } from './channels.ts';
import { contentOf, footerOf, type StoreVoice } from './content.ts';
import {
  MESSAGE_KINDS,
  isCustomerKind,
  type BookingMessagePayload,
  type BookingSnapshot,
  type CustomerKind,
  type MessageKind,
  type OrderMessagePayload,
  type StaffKind,
} from './kinds.ts';
import * as repo from './repository.ts';
import type { MailOutboxRow } from './tables.ts';

type Db = Executor<Database>;

const PREFERENCE_OF: Record<StaffKind, AlertPreference> = {
  'alert.booking.new': 'newBooking',
  'alert.booking.changed': 'bookingChanged',
  'alert.order.new': 'newOrder',
  'alert.order.paid': 'orderPaid',
};

const LINK_REMOVED = '[link removed after sending]';

/** A booking as its messages tell it (the snapshot a queued message keeps). */
export function bookingSnapshot(booking: Booking & { manageUrl: string; calendarSequence: number; staffName?: string | null }): BookingSnapshot {
  return {
    bookingId: booking.bookingId,
    reference: booking.reference,
    serviceName: booking.serviceName,
    startAt: booking.startAt,
    endAt: booking.endAt,
    timezone: booking.timezone,
    quantity: booking.quantity,
    notes: booking.notes,
    customer: booking.customer,
    status: booking.status,
    manageUrl: booking.manageUrl,
    calendarSequence: booking.calendarSequence,
    staffName: booking.staffName ?? null,
  };
}

export interface RenderedMessage extends OutgoingEmail {
  /** The text as kept once sent: secret links (manage links) removed. */
  keptText: string;
}

/**
 * The mail renderer (React, react-email) and the calendar writer are loaded when the first message
 * is rendered (by the outbox worker, or a preview), not when the server starts.
 */
const loadEmail = () => import('./email.ts');
const loadCalendar = () => import('./calendar.ts');

/** Outbox lanes: a lower lane is sent first; within a lane, in the order messages came due. */
export const LANE = { urgent: 0, alerts: 1, bulk: 2 } as const;

/** What a customer waits for (a confirmation, a deposit's link, a receipt) is urgent; alerts next; reminders are bulk. */
export function laneOf(kind: MessageKind): number {
  if (kind === 'booking.reminder') return LANE.bulk;
  if (kind.startsWith('alert.')) return LANE.alerts;
  return LANE.urgent;
}

export function createMessagesService(ctx: AppContext) {
  const { db, config } = ctx;
  const listeners = new Set<() => void>();

  function voiceOf(store: Store): StoreVoice {
    return {
      name: store.name,
      timezone: store.timezone,
      locale: store.locale,
      currency: store.currency,
      country: store.country,
      contact: store.contact,
      cancellationCutoffMinutes: store.cancellationCutoffMinutes,
      consoleUrl: `${config.publicBaseUrl}/console/s/${store.id}`,
    };
  }

  /** A new outbox row, due now: `fields` say to whom and what. */
  function outboxRow(fields: Pick<MailOutboxRow, 'store_id' | 'to_address'> & Partial<MailOutboxRow>): MailOutboxRow {
    const now = nowIso();
    return {
      id: newId('mail'),
      booking_id: null,
      subject: '',
      body_text: '',
      // Account mail (a password reset, an invitation) is waited for: the urgent lane.
      lane: LANE.urgent,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
      ...fields,
    };
  }

  /** A message of a kind: what to say is rendered when it is sent; its lane says how soon among others. */
  function messageRow(fields: { storeId: string; to: string; kind: MessageKind; payload: unknown; bookingId?: string | null; orderId?: string | null; dedupeKey?: string | null }): MailOutboxRow {
    return outboxRow({
      store_id: fields.storeId,
      to_address: fields.to,
      booking_id: fields.bookingId ?? null,
      order_id: fields.orderId ?? null,
      kind: fields.kind,
      lane: laneOf(fields.kind),
      payload: JSON.stringify(fields.payload),
      dedupe_key: fields.dedupeKey ?? null,
    });
  }

  /** Renders a message of `kind` about `payload` for `store`, addressed to `to`. */
  async function render(store: Store, kind: MessageKind, payload: BookingMessagePayload | OrderMessagePayload, to: string): Promise<RenderedMessage> {
    const [{ emailHtml, emailText }, { bookingCalendar }] = await Promise.all([loadEmail(), loadCalendar()]);
    const voice = voiceOf(store);
    const content = contentOf(kind, payload, voice);
    const footer = footerOf(voice);
    const html = await emailHtml(content, footer, store.locale);
    const text = emailText(content, footer);
    const booking = 'booking' in payload ? payload.booking : null;
    const calendar =
      booking && content.calendar && content.audience === 'customer'
        ? {
            method: content.calendar === 'cancel' ? ('CANCEL' as const) : ('REQUEST' as const),
            filename: `${booking.reference}.ics`,
            content: bookingCalendar(booking, { name: store.name, address: store.contact.address, organizerEmail: store.contact.email ?? addressOf(config.mailFrom) }, content.calendar, config.publicBaseUrl),
          }
        : null;
    const keptText = booking ? text.split(booking.manageUrl).join(LINK_REMOVED) : text;
    return {
      to,
      // Customers hear from the store; staff alerts come from the store's name too, so they sort with it.
      fromName: store.name,
      replyTo: content.audience === 'customer' ? store.contact.email : null,
      subject: content.subject,
      text,
      html,
      calendar,
      keptText,
    };
  }

  const service = {
    /** Called when messages have committed (the worker sends them now rather than at its next poll). */
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    committed(): void {
      for (const listener of listeners) listener();
    },

    /**
     * A change's messages in one insert, in `executor`'s transaction: the customer's (when the store
     * has customer messages on and an address is known) and an alert to each member who chose
     * `staffKind` (owners by default). Returns whether anything was queued.
     */
    async tell(
      executor: Db,
      store: Store,
      payload: BookingMessagePayload | OrderMessagePayload,
      who: { customerKind?: CustomerKind | null; customerEmail?: string | null; staffKind?: StaffKind | null },
      refs: { bookingId?: string; orderId?: string } = {},
    ): Promise<boolean> {
      const rows: MailOutboxRow[] = [];
      if (who.customerKind && store.notificationsEnabled && who.customerEmail) rows.push(messageRow({ storeId: store.id, to: who.customerEmail, kind: who.customerKind, payload, ...refs }));
      if (who.staffKind) {
        for (const member of await ctx.services.stores.alertRecipients(store.id, PREFERENCE_OF[who.staffKind], executor)) {
          rows.push(messageRow({ storeId: store.id, to: member.email, kind: who.staffKind, payload, ...refs }));
        }
      }
      if (rows.length) await repo.insertMails(executor, rows);
      return rows.length > 0;
    },

    /**
     * A message to the store's customer, in `executor`'s transaction. Nothing is queued when the store
     * has customer messages off or no address is known; returns whether one was.
     */
    async toCustomer(
      executor: Db,
      store: Store,
      kind: CustomerKind,
      to: string | null | undefined,
      payload: BookingMessagePayload | OrderMessagePayload,
      refs: { bookingId?: string; orderId?: string; dedupeKey?: string } = {},
    ): Promise<boolean> {
      if (!store.notificationsEnabled || !to) return false;
      const row = messageRow({ storeId: store.id, to, kind, payload, ...refs });
      if (refs.dedupeKey) return repo.insertMailOnce(executor, row);
      await repo.insertMail(executor, row);
      return true;
    },

    /**
     * Many messages to customers at once (a reminder sweep), each at most once per store and dedupe
     * key, in one insert; stores with customer messages off and customers without an address get none.
     * Answers how many were queued.
     */
    async toCustomersOnce(
      executor: Db,
      messages: Array<{ store: Store; kind: CustomerKind; to: string | null | undefined; payload: BookingMessagePayload | OrderMessagePayload; bookingId: string; dedupeKey: string }>,
    ): Promise<number> {
      const rows = messages
        .filter((m) => m.store.notificationsEnabled && m.to)
        .map((m) => messageRow({ storeId: m.store.id, to: m.to!, kind: m.kind, payload: m.payload, bookingId: m.bookingId, dedupeKey: m.dedupeKey }));
      return repo.insertMailsOnce(executor, rows);
    },

    /**
     * Account mail that belongs to no store (a password reset, an invitation), written in the caller's
     * transaction. `redactedText` replaces the body once the mail has left, so a secret link does
     * not stay in the outbox. Call committed() after the transaction commits.
     */
    async queueAccountMail(executor: Db, mail: { to: string; subject: string; text: string; redactedText: string }): Promise<void> {
      await repo.insertMail(executor, outboxRow({ store_id: null, to_address: mail.to, subject: mail.subject, body_text: mail.text, redacted_body: mail.redactedText }));
    },

    /** The email of an outbox row: rendered now for a message with a kind, as written for account mail. */
    async renderRow(row: repo.OutboxRow): Promise<RenderedMessage> {
      if (!row.kind || !row.payload || !row.store_id) {
        return { to: row.to_address, fromName: null, replyTo: null, subject: row.subject, text: row.body_text, html: null, calendar: null, keptText: row.redacted_body ?? row.body_text };
      }
      const store = await ctx.services.stores.getStore(row.store_id);
      return render(store, row.kind as MessageKind, JSON.parse(row.payload), row.to_address);
    },

    /** Every message kind, rendered with the store's own data and a made-up booking and order (the console's preview). */
    async preview(storeId: string, kind: string): Promise<RenderedMessage> {
      if (!(MESSAGE_KINDS as string[]).includes(kind)) throw validationFailed([{ field: 'kind', message: `one of ${MESSAGE_KINDS.join(', ')}` }]);
      const store = await ctx.services.stores.getStore(storeId);
      const payload = samplePayload(kind as MessageKind, store, config.publicBaseUrl);
      const to = isCustomerKind(kind) ? 'ama.mensah@example.com' : (store.contact.email ?? 'owner@example.com');
      return render(store, kind as MessageKind, payload, to);
    },

    /** The messages of a booking, oldest first: who, what, and whether it went out. */
    async bookingMessages(storeId: string, bookingId: string) {
      const rows = await repo.messagesOfBooking(db, storeId, bookingId);
      // A message not tried yet has no subject stored: say what it will say (its content, not its HTML).
      const store = rows.some((r) => !r.subject && r.kind && r.payload) ? await ctx.services.stores.getStore(storeId) : null;
      const subjectOf = (r: (typeof rows)[number]) =>
        r.subject || (store && r.kind && r.payload ? contentOf(r.kind as MessageKind, JSON.parse(r.payload), voiceOf(store)).subject : null);
      return rows.map((r) => ({
        messageId: r.id,
        kind: r.kind ?? 'account',
        to: r.to_address,
        subject: subjectOf(r),
        status: r.status,
        attempts: Number(r.attempts),
        lastError: r.last_error,
        createdAt: r.created_at,
        sentAt: r.sent_at,
        nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
      }));
    },

    /** What waits in the outbox over every store (metrics). */
    outboxHealth: () => repo.outboxHealth(db),

    /** Whether mail can go out, and what waits in the outbox (the console's notice). */
    async mailState(storeId: string) {
      return { mailEnabled: config.smtpUrl !== null, ...(await repo.outboxState(db, storeId)) };
    },
  };
  return service;
}

/** A booking and an order that look like the store's own, for previews. */
function samplePayload(kind: MessageKind, store: Store, publicBaseUrl: string): BookingMessagePayload | OrderMessagePayload {
  const start = new Date(Date.now() + 3 * 24 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  const startAt = start.toISOString();
  const endAt = new Date(start.getTime() + 90 * 60_000).toISOString();
  if (kind.startsWith('booking.') || kind.startsWith('alert.booking.')) {
    const booking: BookingSnapshot = {
      bookingId: 'bkg_preview',
      reference: 'IB-PREVIEW1',
      serviceName: 'Knotless braids (medium)',
      startAt,
      endAt,
      timezone: store.timezone,
      quantity: 1,
      notes: 'Please bring extensions in colour 1B.',
      customer: { name: 'Ama Mensah', phone: '024 123 4567', email: 'ama.mensah@example.com' },
      status: kind === 'booking.cancelled' ? 'cancelled' : kind === 'booking.rescheduled' || kind === 'alert.booking.changed' ? 'rescheduled' : 'confirmed',
      manageUrl: `${publicBaseUrl}/b/preview`,
      calendarSequence: 1,
      staffName: null,
    };
    const previous = { startAt: new Date(start.getTime() - 24 * 3600_000).toISOString(), endAt: new Date(start.getTime() - 24 * 3600_000 + 90 * 60_000).toISOString() };
    return {
      booking,
      ...(kind === 'booking.rescheduled' || kind === 'alert.booking.changed' ? { previous } : {}),
      ...(kind === 'booking.cancelled' ? { by: 'store' as const, reason: null } : kind === 'alert.booking.changed' ? { by: 'customer' as const } : {}),
      ...(kind === 'booking.reminder' ? { offsetMinutes: store.reminderMinutes[0] ?? 1440 } : {}),
    };
  }
  const unit = (major: number) => Math.round(major * 100);
  const items = [
    { name: 'Curl cream 250 ml', qty: 2, unitPriceMinor: unit(45), lineTotalMinor: unit(90) },
    { name: 'Satin bonnet', qty: 1, unitPriceMinor: unit(30), lineTotalMinor: unit(30) },
  ];
  const subtotal = items.reduce((sum, i) => sum + i.lineTotalMinor, 0);
  return {
    order: {
      orderId: 'ord_preview',
      reference: 'CO-PREVIEW1',
      currency: store.currency,
      items,
      subtotalMinor: subtotal,
      feesMinor: 0,
      totalMinor: subtotal,
      paymentMethod: kind === 'order.received' || kind === 'alert.order.new' ? 'momo' : 'paystack',
      paymentReference: kind === 'order.received' ? null : 'T123456789',
      status: kind === 'order.received' || kind === 'alert.order.new' ? 'pending_manual' : kind === 'order.refunded' ? 'refunded' : 'paid',
      customer: { name: 'Ama Mensah', email: 'ama.mensah@example.com', phone: '024 123 4567' },
      createdAt: nowIso(),
      paidAt: kind === 'order.paid' || kind === 'alert.order.paid' || kind === 'order.refunded' ? nowIso() : null,
      ...(kind === 'order.refunded' ? { refundedMinor: subtotal } : {}),
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
