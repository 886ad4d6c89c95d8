// Availability, bookings, staff transitions and customer notifications.
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.ts';
import { isPostgres } from '../../db/sql.ts';
import type { IdempotentResult, RecordInTransaction } from '../../http/idempotency.ts';
import type { Item } from '../catalog/service.ts';
import { depositDue, effectiveSchedule, parseSchedule, type ServiceSchedule } from '../catalog/item-input.ts';
import type { DepositPayment, PreparedDeposit } from '../checkout/service.ts';
import type { OrderRow } from '../checkout/tables.ts';
import type { Store } from '../stores/service.ts';
import type { BookingMessagePayload, CustomerKind, StaffKind } from '../messages/kinds.ts';
import { bookingSnapshot } from '../messages/service.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable, validationFailed, type ErrorDetail } from '../../shared/errors.ts';
import type { Role } from '../stores/service.ts';
import { frontDeskCustomerErrors, type FrontDeskCustomer } from '../customers/customer-input.ts';
import { base62Secret, crockfordCode, newId } from '../../shared/ids.ts';
import { toMajor, toMinor } from '../../shared/money.ts';
import { StoreCache } from '../../shared/store-cache.ts';
import { nowIso, parseTimestamp } from '../../shared/time.ts';
import { bookingWindow, findBookableSlot, generateSlots, localDayWindow, localTimeOf, lockCellsOf, MAX_WINDOW_DAYS, slotsAt, type BusyInterval, type Slot } from './slots.ts';
import { freeFinder, freePerformers, performerCalendars, sortBusy, type SortedBusy } from './performers.ts';
import { createStaffDirectory, type StaffMember } from './staff.ts';
import * as repo from './repository.ts';
import { BOOKINGS_TOPIC } from './repository.ts';
import type { BookingRow, BookingStatus, PaymentStatus } from './tables.ts';

export const BOOKING_STATUSES: BookingStatus[] = ['pending', 'pending_approval', 'confirmed', 'completed', 'cancelled', 'rescheduled'];
export const PAYMENT_STATUSES: PaymentStatus[] = ['payment_pending', 'paid', 'manual_review', 'refunded'];

/** Staff transitions (CONTRACT §4); anything else is 409 conflict. */
export const TRANSITIONS: Record<BookingRow['status'], BookingRow['status'][]> = {
  pending: ['confirmed', 'cancelled', 'rescheduled'],
  confirmed: ['completed', 'cancelled', 'rescheduled'],
  // A moved booking counts as confirmed at its new time (it may be moved again or completed).
  rescheduled: ['confirmed', 'completed', 'cancelled', 'rescheduled'],
  completed: [],
  cancelled: [],
};

const DAY_MS = 24 * 3600 * 1000;
/** The seat limit of a booking made with allowOverbook (or a past visit): none in practice. */
const OVERBOOK_CAPACITY = 1_000_000_000;
/** A manage link works until this long after its booking ends. */
const MANAGE_LINK_GRACE_MS = 7 * DAY_MS;
const MANAGE_TOKEN = /^[0-9A-Za-z]{24}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateBookingInput {
  serviceId: string;
  serviceName?: string;
  bookingDate: string;
  bookingTime: string;
  quantity?: number;
  notes?: string;
  customer: { name: string; phone: string; email?: string | null };
  paymentMethod?: string;
  paymentAmount?: number;
  sourceChannel?: string;
  attributes?: Record<string, unknown>;
  payment?: { method?: string; amount?: number; confirmed?: boolean };
  /** A performer of the service (also read from attributes.staffId); without one a free performer is assigned. */
  staffId?: string;
}

export interface BookingFilterInput {
  status?: string;
  serviceId?: string;
  reference?: string;
  /** Staff only: the bookings of one customer. */
  customerId?: string;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

export interface StaffBookingPatch {
  status?: string;
  bookingDate?: string;
  bookingTime?: string;
  staffNotes?: string | null;
  paymentStatus?: string;
  /** With status cancelled: why (told to the customer). */
  cancellationReason?: string | null;
  /** 'no_show' (after the start: cancelled, counted on the customer) or 'attended' (completed). */
  attendance?: 'attended' | 'no_show';
  /** Another performer of the service (staff calendars). */
  staffId?: string;
}

/** Where a booking staff enter came from (the front desk). */
export const FRONT_DESK_SOURCES = ['walk_in', 'phone', 'whatsapp', 'social', 'other'] as const;

/** POST /api/stores/{storeId}/bookings: a booking entered by staff (walk-in, phone, WhatsApp…). */
export interface StaffBookingInput {
  serviceId: string;
  date: string;
  time: string;
  customer: { customerId: string } | { name: string; phone?: string | null; email?: string | null };
  notes?: string | null;
  source: (typeof FRONT_DESK_SOURCES)[number];
  quantity?: number;
  allowOverbook?: boolean;
  /** A performer of the service; without one a free performer is assigned. */
  staffId?: string;
}

/** The booking record of CONTRACT §4 (integration reads, webhooks); `publicBaseUrl` makes its manage link. */
export function toBooking(row: BookingRow, currency: string, publicBaseUrl: string) {
  const zone = row.timezone;
  return {
    bookingId: row.id,
    reference: row.reference,
    storeId: row.store_id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    bookingDate: row.booking_date,
    bookingTime: row.booking_time,
    endTime: localTimeOf(Date.parse(row.end_at), zone),
    startAt: row.start_at,
    endAt: row.end_at,
    timezone: zone,
    quantity: Number(row.quantity),
    notes: row.notes,
    customer: { name: row.customer_name, phone: row.customer_phone, email: row.customer_email },
    customerId: row.customer_id,
    paymentMethod: row.payment_method,
    paymentAmount: row.payment_amount_minor === null ? null : toMajor(Number(row.payment_amount_minor), currency),
    paymentAmountMinor: row.payment_amount_minor === null ? null : Number(row.payment_amount_minor),
    paymentStatus: row.payment_status,
    amountPaid: toMajor(Number(row.amount_paid_minor ?? 0), currency),
    amountPaidMinor: Number(row.amount_paid_minor ?? 0),
    deposit:
      row.deposit_minor === null || row.deposit_minor === undefined
        ? null
        : { amount: toMajor(Number(row.deposit_minor), currency), amountMinor: Number(row.deposit_minor), state: depositState(row) },
    sourceChannel: row.source_channel,
    attributes: JSON.parse(row.attributes) as Record<string, unknown>,
    status: row.status,
    bookingStatus: row.status === 'pending' ? 'pending_approval' : row.status,
    manageUrl: manageUrlOf(publicBaseUrl, row.manage_token),
    cancellation: row.cancelled_at ? { by: row.cancelled_by ?? 'store', reason: row.cancel_reason, at: row.cancelled_at } : null,
    attendance: row.attendance ?? null,
    staffId: row.staff_id ?? null,
    staffName: row.staff_name ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Where a booking's deposit stands: due (waiting for payment, the time held), paid, kept (paid and
 * the customer did not come), refunded, review (money arrived late or wrong: staff decide), unpaid
 * (not paid in time, or the booking was cancelled before it was).
 */
export type DepositState = 'due' | 'paid' | 'kept' | 'refunded' | 'review' | 'unpaid';
export function depositState(row: Pick<BookingRow, 'payment_status' | 'attendance' | 'status'>): DepositState {
  if (row.payment_status === 'refunded') return 'refunded';
  if (row.payment_status === 'manual_review') return 'review';
  if (row.payment_status === 'paid') return row.attendance === 'no_show' ? 'kept' : 'paid';
  return row.status === 'cancelled' ? 'unpaid' : 'due';
}

/** The booking's page for its customer: {PUBLIC_BASE_URL}/b/<token>. */
export function manageUrlOf(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/b/${token}`;
}

/** A new manage link's token: 24 base62 characters (~143 bits), not derived from anything. */
export function newManageToken(): string {
  return base62Secret(24);
}

export type Booking = ReturnType<typeof toBooking>;
/** What a deposit's change left to do after its transaction commits (afterDeposit). */
export interface DepositFollow {
  storeId: string;
  told: boolean;
  /** The booking was cancelled: its time is free again. */
  freed: boolean;
}
/** A booking just made: with its deposit's payment (null when the service asks none). */
export type CreatedBooking = Booking & { payment: DepositPayment | null };
/** The staff view adds internal notes and whether staff booked it over capacity or outside hours. */
export type StaffBooking = Booking & { staffNotes: string | null; overbooked: boolean };

/** A booking the reminder sweep considers: when it starts and got its time, and its row (for queueReminders only). */
export interface ReminderCandidate {
  bookingId: string;
  storeId: string;
  startAt: string;
  timeSetAt: string;
  row: BookingRow;
}

/** A booking row as staff see it. */
export function toStaffBooking(row: BookingRow, currency: string, publicBaseUrl: string): StaffBooking {
  return { ...toBooking(row, currency, publicBaseUrl), staffNotes: row.staff_notes, overbooked: Number(row.overbooked ?? 0) === 1 };
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

function digits(phone: string) {
  return phone.replace(/\D/g, '');
}

/**
 * Field checks beyond the JSON schema's types. They also run on bodies the schema refused (so one
 * answer lists every bad field, see schemas.ts), hence no field's type is taken for granted here.
 */
export function checkCreateInput(input: CreateBookingInput): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const customer: Partial<Record<'name' | 'phone' | 'email', unknown>> = typeof input.customer === 'object' && input.customer !== null ? input.customer : {};
  if (!text(input.serviceId).trim()) details.push({ field: 'serviceId', message: 'is required' });
  if (!isRealDate(text(input.bookingDate))) details.push({ field: 'bookingDate', message: 'must be a date YYYY-MM-DD' });
  if (!TIME.test(text(input.bookingTime))) details.push({ field: 'bookingTime', message: 'must be a time HH:MM (00:00–23:59)' });
  if (!text(customer.name).trim()) details.push({ field: 'customer.name', message: 'must not be blank' });
  const phoneDigits = digits(text(customer.phone)).length;
  if (phoneDigits < 9 || phoneDigits > 15) details.push({ field: 'customer.phone', message: 'must have 9 to 15 digits' });
  const email = text(customer.email).trim();
  if (email && !EMAIL.test(email)) details.push({ field: 'customer.email', message: 'must be an email address' });
  if (input.attributes !== undefined && JSON.stringify(input.attributes).length > 8192) details.push({ field: 'attributes', message: 'at most 8 KB of JSON' });
  return details;
}

/**
 * An instant a staff slot query names: an ISO timestamp, or a date of the store (YYYY-MM-DD) meaning
 * that day's midnight, or with `endOfDay` the next one (so the day is included).
 */
function instantOf(value: string, field: string, zone: string, endOfDay = false): number | ErrorDetail {
  if (isRealDate(value)) {
    const day = DateTime.fromISO(value, { zone });
    return (endOfDay ? day.plus({ days: 1 }) : day).startOf('day').toMillis();
  }
  const iso = parseTimestamp(value);
  return iso ? Date.parse(iso) : { field, message: 'must be an ISO 8601 timestamp or a date YYYY-MM-DD' };
}

/** [fromMs, toMs) of a staff slot query: at most MAX_WINDOW_DAYS, `to` after `from` (400 invalid-range). */
function slotWindow(from: string, to: string, zone: string): { fromMs: number; toMs: number } {
  const fromMs = instantOf(from, 'from', zone);
  const toMs = instantOf(to, 'to', zone, true);
  const details = [fromMs, toMs].filter((v): v is ErrorDetail => typeof v === 'object');
  if (details.length) throw validationFailed(details);
  const [a, b] = [fromMs as number, toMs as number];
  if (b <= a || b - a > MAX_WINDOW_DAYS * DAY_MS) {
    throw badRequest('invalid-range', `to must be after from, and the window at most ${MAX_WINDOW_DAYS} days.`, [{ field: 'to', message: `after from, within ${MAX_WINDOW_DAYS} days` }]);
  }
  return { fromMs: a, toMs: b };
}

export { BOOKINGS_TOPIC };
/** Busy times kept per instance, in bookings (their total across entries), and for how long an entry is used at most. */
const BUSY_CACHE_BOOKINGS = 200_000;
const BUSY_CACHE_TTL_MS = 30_000;

export function createBookingsService(ctx: AppContext) {
  const { db } = ctx;

  // Availability answers keep the service's busy times they read, per instance: on a grown store
  // reading them was half of the answer's time, and a service's bookings change far less often than
  // its availability is read. Every write that changes a booking's time, seats or status tells every
  // instance (BOOKINGS_TOPIC, through the notifier; on PostgreSQL the booking insert sends it in its
  // own statement, delivered at commit), which drops the store's entries (src/shared/store-cache.ts:
  // a read in flight across the change is not kept either). An entry lives at most BUSY_CACHE_TTL_MS,
  // so a signal lost with the notifier's connection (its reconnect also drops all) or a direct SQL
  // edit of bookings is seen within that time. Only the display can be behind for
  // that moment: a booking is always checked against the database, under its locks.
  const busyCache = new StoreCache<BusyInterval[]>({ maxSize: BUSY_CACHE_BOOKINGS, sizeOf: (busy) => busy.length + 1, ttlMs: BUSY_CACHE_TTL_MS });
  /** The same for services with performers: their people's bookings, by person. */
  const staffBusyCache = new StoreCache<Map<string, SortedBusy>>({ maxSize: BUSY_CACHE_BOOKINGS, sizeOf: (m) => [...m.values()].reduce((n, l) => n + l.length, 1), ttlMs: BUSY_CACHE_TTL_MS });
  const bookingsChanged = (storeId: string) => {
    busyCache.drop(storeId);
    staffBusyCache.drop(storeId);
  };
  ctx.notifier.subscribe(BOOKINGS_TOPIC, bookingsChanged);

  /**
   * busyAround for an availability answer, from the cache when it can. The window is widened to whole
   * UTC days, so answers for different times of the same days share an entry (bookings outside the
   * asked window take no seat of its slots).
   */
  async function cachedBusy(storeId: string, serviceId: string, schedule: ServiceSchedule, fromMs: number, toMs: number): Promise<BusyInterval[]> {
    const dayFrom = Math.floor(fromMs / DAY_MS) * DAY_MS;
    const dayTo = Math.ceil(toMs / DAY_MS) * DAY_MS;
    const key = `${serviceId}|${schedule.durationMinutes}|${schedule.bufferMinutes}|${dayFrom}|${dayTo}`;
    return busyCache.get(storeId, key, () => busyAround(db, storeId, serviceId, schedule, dayFrom, dayTo));
  }

  /** A display id `<storeId>_<rawId>` is accepted as the raw id (SPEC's item identifier rule). */
  function itemIdOf(storeId: string, id: string): string {
    return id.startsWith(`${storeId}_`) ? id.slice(storeId.length + 1) : id;
  }

  /** A published service or course of the store, or 404 service-not-found / 422 not-bookable. */
  async function bookableItem(storeId: string, rawServiceId: string): Promise<Item> {
    const serviceId = itemIdOf(storeId, rawServiceId);
    const item = await ctx.services.catalog.cachedItem(storeId, serviceId);
    if (!item || !item.published) throw notFound('service-not-found', `No service ${rawServiceId} in this store.`);
    if (item.itemType === 'product') {
      throw unprocessable('not-bookable', 'Products are bought through checkout, not booked.', [{ field: 'serviceId', message: 'is a product' }]);
    }
    return item;
  }

  /**
   * Bookings that can touch slots starting in [fromMs, toMs): those overlapping the slots' time
   * plus the buffer on both sides. Durations and buffers are at most a day each.
   */
  async function busyAround(executor: typeof db, storeId: string, serviceId: string, schedule: ServiceSchedule, fromMs: number, toMs: number, exceptId?: string) {
    const buffer = schedule.bufferMinutes * 60_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    return repo.activeBookings(executor, storeId, serviceId, iso(fromMs - 2 * DAY_MS), iso(fromMs - buffer), iso(toMs + schedule.durationMinutes * 60_000 + buffer), exceptId);
  }

  const record = (row: BookingRow, store: Store) => toBooking(row, store.currency, ctx.config.publicBaseUrl);

  const staff = createStaffDirectory(ctx);

  /**
   * Who a booking of `item` may go to: the person asked for (404 staff-not-found, or 422 not-bookable
   * when they do not perform it), else every performer; null when the service has no performers
   * (booked by capacity, as before staff calendars; asking for a person is then 422).
   */
  async function performersFor(storeId: string, item: Item, staffId: unknown): Promise<StaffMember[] | null> {
    const all = await staff.performersOf(storeId, item.id);
    if (staffId === undefined || staffId === null || staffId === '') return all.length ? all : null;
    if (typeof staffId !== 'string') throw validationFailed([{ field: 'staffId', message: 'must be a staff id (stf_…)' }]);
    const person = (await staff.list(storeId)).find((s) => s.id === staffId);
    if (!person) throw notFound('staff-not-found', `No staff member ${staffId} in this store.`);
    if (!person.serviceIds.includes(item.id)) {
      throw unprocessable('not-bookable', `${person.displayName} does not perform ${item.name}.`, [{ field: 'staffId', message: 'does not perform this service' }]);
    }
    return [person];
  }

  /**
   * Puts `booking` with a free performer in the first of `candidates` that has one (its start, end,
   * staff_id and staff_name are set); false when none is free. Takes the people's locks first (held
   * to the commit), so the check and the caller's write see every booking of theirs. Asked for one
   * person, only them; otherwise the one with the fewest bookings that day, then the oldest profile.
   */
  /** The earliest start and latest end of the times a booking may take (what its performers' locks cover, with the buffer). */
  const performerRange = (candidates: { start: string; end: string }[]) => ({
    first: Math.min(...candidates.map((c) => Date.parse(c.start))),
    last: Math.max(...candidates.map((c) => Date.parse(c.end))),
  });

  async function placeWithPerformer(
    trx: typeof db,
    store: Store,
    schedule: ServiceSchedule,
    candidates: { start: string; end: string; date: string }[],
    people: StaffMember[],
    booking: BookingRow,
    exceptId?: string,
    options: { locked?: boolean } = {},
  ): Promise<boolean> {
    if (!candidates.length) return false;
    const ids = people.map((p) => p.id);
    const bufferMs = schedule.bufferMinutes * 60_000;
    const { first, last } = performerRange(candidates);
    if (!options.locked) await repo.lockStaff(trx, store.id, ids, first - bufferMs, last + bufferMs);
    const calendars = performerCalendars(people, store, schedule, first, last + 1);
    const iso = (ms: number) => new Date(ms).toISOString();
    const read = await repo.staffBusy(trx, store.id, ids, iso(first - bufferMs), iso(last + bufferMs), exceptId);
    const busy = new Map([...read].map(([id, list]) => [id, sortBusy(list)]));
    let order = ids;
    if (ids.length > 1) {
      const day = DateTime.fromISO(booking.booking_date, { zone: store.timezone }).startOf('day');
      const counts = await repo.staffDayCounts(trx, store.id, ids, day.toUTC().toISO()!, day.plus({ days: 1 }).toUTC().toISO()!);
      order = [...ids].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || ids.indexOf(a) - ids.indexOf(b));
    }
    for (const slot of candidates) {
      const free = freePerformers(Date.parse(slot.start), Date.parse(slot.end), slot.date, order, calendars, busy, bufferMs);
      if (!free.length) continue;
      const person = people.find((p) => p.id === free[0])!;
      Object.assign(booking, { start_at: slot.start, end_at: slot.end, staff_id: person.id, staff_name: person.displayName });
      return true;
    }
    return false;
  }

  /**
   * The open slots of a service over [fromMs, toMs) (an availability answer). With performers: the
   * slots with someone free (`staffId`: that person), each listing who (staffIds), capacity being the
   * number of performers asked about. Without: by capacity, as ever.
   */
  async function openSlots(store: Store, item: Item, fromMs: number, toMs: number, staffId?: string, exceptId?: string): Promise<(Slot & { staffIds?: string[] })[]> {
    const schedule = item.schedule ? effectiveSchedule(item.schedule, store) : null;
    const people = await performersFor(store.id, item, staffId);
    if (!schedule) return [];
    if (!people) return generateSlots({ schedule, timezone: store.timezone, from: fromMs, to: toMs, now: Date.now(), busy: await cachedBusy(store.id, item.id, schedule, fromMs, toMs) });
    const ids = people.map((p) => p.id);
    const bufferMs = schedule.bufferMinutes * 60_000;
    const dayFrom = Math.floor(fromMs / DAY_MS) * DAY_MS - DAY_MS;
    const dayTo = Math.ceil((toMs + schedule.durationMinutes * 60_000 + bufferMs) / DAY_MS) * DAY_MS + DAY_MS;
    // The people's bookings, kept like a service's busy times (dropped on any booking change of the
    // store), each person's sorted. Leaving one booking out, for moving it, is read afresh.
    const load = async () => {
      const byPerson = await repo.staffBusy(db, store.id, ids, new Date(dayFrom).toISOString(), new Date(dayTo).toISOString(), exceptId);
      return new Map([...byPerson].map(([id, list]) => [id, sortBusy(list)]));
    };
    const busy = exceptId ? await load() : await staffBusyCache.get(store.id, `${ids.join(',')}|${dayFrom}|${dayTo}`, load);
    const calendars = performerCalendars(people, store, schedule, fromMs, toMs);
    const free = freeFinder(ids, calendars, busy, bufferMs);
    // Only the slots with someone free (generateSlots drops those with none).
    return generateSlots({ schedule, timezone: store.timezone, from: fromMs, to: toMs, now: Date.now(), busy: [], free, performers: ids.length });
  }
  const staffRecord = (row: BookingRow, store: Store) => toStaffBooking(row, store.currency, ctx.config.publicBaseUrl);

  /** What messages keep of a booking row. */
  const snapshotOf = (row: BookingRow, store: Store) => bookingSnapshot({ ...record(row, store), calendarSequence: Number(row.calendar_sequence) });

  /**
   * The customer's message about a change, and the store's alert when the customer made it, in
   * `trx`. Returns whether anything was queued (the worker is woken after commit).
   */
  async function tellOfChange(
    trx: typeof db,
    store: Store,
    row: BookingRow,
    change: { kind: CustomerKind | null; previous?: BookingRow; by?: 'store' | 'customer'; reason?: string | null; alert?: StaffKind; deposit?: DepositPayment },
  ) {
    const payload: BookingMessagePayload = {
      booking: snapshotOf(row, store),
      ...(change.deposit ? { deposit: { amountMinor: change.deposit.amountDueMinor, currency: store.currency, payUrl: change.deposit.checkoutUrl, expiresAt: change.deposit.expiresAt } } : {}),
      ...(change.previous ? { previous: { startAt: change.previous.start_at, endAt: change.previous.end_at } } : {}),
      ...(change.by ? { by: change.by } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
    };
    return ctx.services.messages.tell(trx, store, payload, { customerKind: change.kind, customerEmail: row.customer_email, staffKind: change.alert }, { bookingId: row.id });
  }

  const CUSTOMER_KIND_OF: Partial<Record<BookingRow['status'], CustomerKind>> = { confirmed: 'booking.confirmed', rescheduled: 'booking.rescheduled', cancelled: 'booking.cancelled' };

  /**
   * A change of a booking (a status, with a new time for a reschedule; notes; payment status), in one
   * transaction: conditional on the status read (of two racing changes the second gets 409), the new
   * time checked against the service's free slots under its lock. Records who cancelled and why,
   * grows the calendar event's sequence, emits booking.updated, tells the customer, and alerts the
   * store when the customer made the change.
   */
  async function applyChange(
    store: Store,
    current: BookingRow,
    change: {
      status?: BookingRow['status'];
      bookingDate?: string;
      bookingTime?: string;
      staffNotes?: string | null;
      paymentStatus?: PaymentStatus;
      reason?: string | null;
      attendance?: BookingRow['attendance'];
      /** Staff: another performer of the service (at the booking's time, or the new one). */
      staffId?: string;
      by: 'store' | 'customer';
      actor: string;
    },
  ): Promise<BookingRow> {
    const reschedule = change.bookingDate !== undefined;
    const otherPerson = change.staffId !== undefined && change.staffId !== current.staff_id;
    const item = reschedule || otherPerson ? await ctx.services.catalog.findItem(db, store.id, current.service_id) : null;
    const schedule = item?.schedule ? effectiveSchedule(item.schedule, store) : null;
    if ((reschedule || otherPerson) && !schedule) throw conflict('slot-unavailable', 'The service no longer has a booking schedule.', [{ field: 'bookingTime', message: 'not an open slot' }]);
    // A booking with a person stays with them (or goes to the one asked for): checked against their calendar.
    let people: StaffMember[] | null = null;
    if (item && otherPerson) people = await performersFor(store.id, item, change.staffId);
    else if (item && current.staff_id) people = (await staff.list(store.id)).filter((p) => p.id === current.staff_id);
    if (current.staff_id && item && people && !people.length) {
      throw conflict('slot-unavailable', `${current.staff_name ?? 'The booked person'} is no longer on the staff: choose another person.`, [{ field: 'staffId', message: 'required' }]);
    }
    const now = nowIso();
    const result = await db.transaction().execute(async (trx) => {
      const set: Partial<BookingRow> = { updated_at: now };
      if (change.status) set.status = change.status;
      if (change.staffNotes !== undefined) set.staff_notes = change.staffNotes;
      if (change.paymentStatus !== undefined) set.payment_status = change.paymentStatus;
      if (change.attendance !== undefined) set.attendance = change.attendance;
      const noShow = change.attendance === 'no_show';
      // A no-show is not told they were cancelled: the booking is closed as missed.
      const customerKind = reschedule ? 'booking.rescheduled' : change.status && !noShow ? CUSTOMER_KIND_OF[change.status] : undefined;
      if (customerKind) set.calendar_sequence = Number(current.calendar_sequence) + 1;
      if (change.status === 'cancelled') Object.assign(set, { cancelled_by: change.by, cancelled_at: now, cancel_reason: change.reason?.trim() || (noShow ? 'no_show' : null) });
      if (people && schedule) {
        const date = change.bookingDate ?? current.booking_date;
        const time = change.bookingTime ?? current.booking_time;
        // Kept at the same time, the booking keeps its exact slot; moved, any slot labelled with the new time.
        const candidates = reschedule ? slotsAt({ schedule, timezone: store.timezone, now: Date.now() }, date, time) : [{ start: current.start_at, end: current.end_at, date }];
        const moved = { ...current, booking_date: date, booking_time: time };
        if (!(await placeWithPerformer(trx, store, schedule, candidates, people, moved, current.id))) {
          throw conflict('slot-unavailable', candidates.length ? `${people.length === 1 ? people[0].displayName : 'Nobody'} is not free at that time.` : 'There is no open slot at the new date and time.', [
            { field: reschedule ? 'bookingTime' : 'staffId', message: candidates.length ? 'not free' : 'not an open slot' },
          ]);
        }
        Object.assign(set, { staff_id: moved.staff_id, staff_name: moved.staff_name });
        if (reschedule) Object.assign(set, { booking_date: date, booking_time: time, start_at: moved.start_at, end_at: moved.end_at, timezone: store.timezone, time_set_at: now });
      } else if (reschedule && schedule) {
        await repo.lockService(trx, store.id, current.service_id);
        const window = bookingWindow(change.bookingDate!, change.bookingTime!, store.timezone);
        const busy = await busyAround(trx, store.id, current.service_id, schedule, window.from, window.to, current.id);
        const found = findBookableSlot({ schedule, timezone: store.timezone, now: Date.now(), busy }, change.bookingDate!, change.bookingTime!, Number(current.quantity));
        if (!found.slot) {
          throw conflict('slot-unavailable', found.status === 'full' ? 'The new slot is fully booked.' : 'There is no open slot at the new date and time.', [
            { field: 'bookingTime', message: found.status === 'full' ? 'fully booked' : 'not an open slot' },
          ]);
        }
        Object.assign(set, { booking_date: change.bookingDate, booking_time: change.bookingTime, start_at: found.slot.start, end_at: found.slot.end, timezone: store.timezone, time_set_at: now });
      }
      if (!(await repo.updateBookingIfStatus(trx, store.id, current.id, current.status, set))) {
        throw conflict('conflict', 'The booking changed meanwhile; reload and retry.');
      }
      const updated = { ...current, ...set } as BookingRow;
      if (noShow && current.customer_id) await ctx.services.customers.countNoShow(trx, store.id, current.customer_id);
      await ctx.services.events.emit(trx, store.id, 'booking.updated', { ...record(updated, store), previousStatus: current.status, changedBy: change.actor });
      const told = customerKind
        ? await tellOfChange(trx, store, updated, {
            kind: customerKind,
            by: change.by,
            ...(reschedule ? { previous: current } : {}),
            ...(change.status === 'cancelled' ? { reason: updated.cancel_reason } : {}),
            ...(change.by === 'customer' ? { alert: 'alert.booking.changed' as const } : {}),
          })
        : false;
      return { updated, told };
    });
    await ctx.notifier.publish(BOOKINGS_TOPIC, store.id);
    if (result.told) ctx.services.messages.committed();
    if (change.status === 'cancelled' && current.deposit_minor !== null && current.deposit_minor !== undefined) {
      // A deposit still due: its checkout closes (money arriving later goes to manual review). A paid
      // deposit goes back when the store cancels, or the customer does in time; a no-show keeps it.
      // Paid between the cancel and the close (the payment's callback landing just then): it goes back
      // too, as it would have had it come a moment earlier (refundDeposit does nothing for an unpaid one).
      try {
        if (current.payment_status === 'payment_pending') await ctx.services.checkout.closeDeposit(store.id, current.id);
        if (['payment_pending', 'paid'].includes(current.payment_status) && change.attendance !== 'no_show') await ctx.services.checkout.refundDeposit(store.id, current.id, change.actor);
      } catch (error) {
        // The booking is cancelled either way; a refund the provider refused is recorded on the deposit's order for staff.
        ctx.log.warn({ err: error, bookingId: current.id }, 'deposit follow-up of a cancelled booking failed');
      }
      // The answer shows the booking as the follow-up left it (its deposit refunded).
      return (await repo.findBooking(db, store.id, current.id)) ?? result.updated;
    }
    return result.updated;
  }

  function parseFilter(storeId: string, f: BookingFilterInput) {
    const details: ErrorDetail[] = [];
    if (f.from !== undefined && !isRealDate(f.from)) details.push({ field: 'from', message: 'must be a date YYYY-MM-DD' });
    if (f.to !== undefined && !isRealDate(f.to)) details.push({ field: 'to', message: 'must be a date YYYY-MM-DD' });
    if (details.length) throw validationFailed(details);
    return {
      status: f.status === 'pending_approval' ? 'pending' : f.status,
      serviceId: f.serviceId === undefined ? undefined : itemIdOf(storeId, f.serviceId),
      reference: f.reference,
      customerId: f.customerId,
      fromDate: f.from,
      toDate: f.to,
      limit: f.limit ?? 50,
      after: decodeCursor(f.cursor, 2) as [string, string] | null,
    };
  }

  const service = {
    toBooking,
    /** The store's bookable people (staff calendars). */
    staff,

    /** GET /v1IntegrationAvailability body. */
    async availability(storeId: string, query: { serviceId: string; from: string; to: string; staffId?: string }) {
      const from = parseTimestamp(query.from);
      const to = parseTimestamp(query.to);
      const details: ErrorDetail[] = [];
      if (!from) details.push({ field: 'from', message: 'must be an ISO 8601 timestamp' });
      if (!to) details.push({ field: 'to', message: 'must be an ISO 8601 timestamp' });
      if (details.length) throw validationFailed(details);
      const fromMs = Date.parse(from!);
      const toMs = Date.parse(to!);
      if (toMs <= fromMs || toMs - fromMs > MAX_WINDOW_DAYS * DAY_MS) {
        throw badRequest('invalid-range', `to must be after from, and the window at most ${MAX_WINDOW_DAYS} days.`, [{ field: 'to', message: `after from, within ${MAX_WINDOW_DAYS} days` }]);
      }
      const item = await bookableItem(storeId, query.serviceId);
      const store = await ctx.services.stores.getStore(storeId);
      const slots = await openSlots(store, item, fromMs, toMs, query.staffId);
      return { ok: true as const, storeId, serviceId: item.id, timezone: store.timezone, durationMinutes: item.schedule?.durationMinutes ?? null, slots };
    },

    /**
     * POST /v1IntegrationBookings: takes a seat in an open slot or fails with 409 slot-unavailable.
     * `idempotent`: the request's Idempotency-Key record and its answer for the booking; the answer
     * is recorded by the booking's own insert, so it commits with the booking or neither does.
     */
    async createBooking(
      storeId: string,
      input: CreateBookingInput,
      options: { idempotent?: { record: RecordInTransaction; answer: (booking: CreatedBooking) => IdempotentResult } } = {},
    ): Promise<CreatedBooking> {
      const details = checkCreateInput(input);
      if (details.length) throw validationFailed(details);
      const item = await bookableItem(storeId, input.serviceId);
      const store = await ctx.services.stores.getStore(storeId);
      const schedule = item.schedule ? effectiveSchedule(item.schedule, store) : null;
      const quantity = input.quantity ?? 1;
      if (!schedule) throw conflict('slot-unavailable', 'This service has no booking schedule.', [{ field: 'serviceId', message: 'has no schedule' }]);
      if (quantity > schedule.capacity) throw conflict('slot-unavailable', `At most ${schedule.capacity} per slot.`, [{ field: 'quantity', message: `at most ${schedule.capacity}` }]);

      const amount = input.paymentAmount ?? input.payment?.amount;
      const now = nowIso();
      const email = input.customer.email?.trim() || null;
      // Where a booking for this date and time can go (one slot, or two in a repeated hour), whatever is booked.
      const candidates = slotsAt({ schedule, timezone: store.timezone, now: Date.now() }, input.bookingDate, input.bookingTime);
      if (!candidates.length) {
        throw conflict('slot-unavailable', 'There is no open slot at this date and time.', [{ field: 'bookingTime', message: 'not an open slot (see v1IntegrationAvailability)' }]);
      }
      const bufferMs = schedule.bufferMinutes * 60_000;
      const people = await performersFor(storeId, item, input.staffId ?? input.attributes?.staffId);
      const serviceName = input.serviceName?.trim() || item.name;
      const manageToken = newManageToken();
      // A service that asks a deposit: its payment is started first (like a checkout), so the booking
      // and its deposit order commit together, with the payment page's address in the answer.
      const depositMinor = depositDue(schedule, item.priceMinor, quantity);
      const deposit: PreparedDeposit | null =
        depositMinor > 0
          ? await ctx.services.checkout.startDeposit(store, {
              amountMinor: depositMinor,
              serviceId: item.id,
              serviceName,
              customer: { name: input.customer.name.trim(), email, phone: input.customer.phone.trim() },
              sourceChannel: input.sourceChannel ?? null,
              returnUrl: manageUrlOf(ctx.config.publicBaseUrl, manageToken),
            })
          : null;
      const answerOf = (booking: Booking) => ({ ...booking, payment: deposit?.payment ?? null });
      const row = await db.transaction().execute(async (trx) => {
        // PostgreSQL: lock only the time cells the slot touches, so bookings at other times of the
        // service go ahead side by side; the whole service when there are too many cells or no lock
        // row yet (and a reschedule takes it alone). SQLite: its one writer already serializes.
        // The cells are locked by the customer's statement (one round trip for both), so the locks
        // are held only from there to the commit.
        const cells = lockCellsOf(candidates, bufferMs);
        const contact = { name: input.customer.name, email, phone: input.customer.phone };
        // With performers, their locks instead (the same statement; see placeWithPerformer).
        const range = performerRange(candidates);
        const lockHere = !isPostgres(trx)
          ? null
          : people
            ? repo.lockStaffExpression(storeId, people.map((p) => p.id), range.first - bufferMs, range.last + bufferMs)
            : cells
              ? repo.lockCellsExpression(storeId, item.id, cells)
              : null;
        const { customerId, alongside: locked } = await ctx.services.customers.upsertFromContactAlongside(trx, storeId, store.country, contact, { bookings: 1 }, lockHere);
        // Not locked by cell (too many cells, no lock row yet, or SQLite, where lockService does nothing): the whole service.
        // A service with performers locks its people instead (placeWithPerformer).
        if (locked !== true && !people) await repo.lockService(trx, storeId, item.id);
        const booking: BookingRow = {
          id: newId('bkg'),
          store_id: storeId,
          reference: `IB-${crockfordCode(8)}`,
          service_id: item.id,
          service_name: serviceName,
          booking_date: input.bookingDate,
          booking_time: input.bookingTime,
          start_at: '',
          end_at: '',
          timezone: store.timezone,
          quantity,
          notes: input.notes ?? null,
          staff_notes: null,
          customer_id: customerId,
          customer_name: input.customer.name.trim(),
          customer_phone: input.customer.phone.trim(),
          customer_email: email,
          payment_method: deposit ? 'gateway_checkout' : (input.paymentMethod ?? input.payment?.method ?? null),
          payment_amount_minor: deposit ? depositMinor : amount === undefined ? null : toMinor(amount, store.currency),
          // The caller's claim of a confirmed payment is never trusted: staff review it. A deposit is
          // paid only when its payment is confirmed.
          payment_status: !deposit && input.payment?.confirmed === true ? 'manual_review' : 'payment_pending',
          source_channel: input.sourceChannel ?? null,
          attributes: JSON.stringify(input.attributes ?? {}),
          status: 'pending',
          created_at: now,
          updated_at: now,
          manage_token: manageToken,
          calendar_sequence: 0,
          time_set_at: now,
          cancelled_by: null,
          cancel_reason: null,
          cancelled_at: null,
          attendance: null,
          overbooked: 0,
          staff_id: null,
          staff_name: null,
          deposit_minor: deposit ? depositMinor : null,
          amount_paid_minor: 0,
        };
        if (people) {
          // One booking per person at a time: a free performer, under their locks, then a plain insert.
          if (!(await placeWithPerformer(trx, store, schedule, candidates, people, booking, undefined, { locked: locked === true }))) {
            const asked = input.staffId ?? input.attributes?.staffId;
            throw conflict('slot-unavailable', asked ? `${people[0].displayName} is not free at this time.` : 'Nobody is free at this time.', [{ field: 'bookingTime', message: 'fully booked' }]);
          }
          await repo.insertBooking(trx, booking);
          const event = await ctx.services.events.emit(trx, storeId, 'booking.created', record(booking, store));
          if (deposit) await ctx.services.checkout.placeDeposit(trx, deposit, booking);
          if (options.idempotent) await options.idempotent.record(trx, options.idempotent.answer(answerOf(event.data)));
          const told = await tellOfChange(trx, store, booking, { kind: 'booking.received', alert: 'alert.booking.new', deposit: deposit?.payment });
          return { booking, told };
        }
        // The capacity check and the insert are one statement: the first candidate with room takes it.
        // Its event (booking.created) and the caller's answer (Idempotency-Key) are recorded by the same statement.
        let placed = null;
        for (const slot of candidates) {
          Object.assign(booking, { start_at: slot.start, end_at: slot.end });
          const earliestStartIso = new Date(Date.parse(slot.start) - 2 * DAY_MS).toISOString();
          const event = ctx.services.events.newEvent(storeId, 'booking.created', record(booking, store));
          const answer = options.idempotent ? options.idempotent.record.inStatement(trx, options.idempotent.answer(answerOf(event.envelope.data))) : null;
          const here = await repo.insertIfRoom(trx, booking, { capacity: schedule.capacity, bufferMs, earliestStartIso }, event.row, answer);
          if (here) {
            // Another run of the same Idempotency-Key answered first: this throws and rolls back.
            answer?.confirm(here.answered);
            placed = { event, endpoints: here.endpoints };
            break;
          }
        }
        if (!placed) throw conflict('slot-unavailable', 'This slot is fully booked.', [{ field: 'bookingTime', message: 'fully booked' }]);
        await ctx.services.events.queueDeliveries(trx, placed.event.envelope, placed.endpoints);
        if (deposit) await ctx.services.checkout.placeDeposit(trx, deposit, booking);
        const told = await tellOfChange(trx, store, booking, { kind: booking.status === 'pending' ? 'booking.received' : 'booking.confirmed', alert: 'alert.booking.new', deposit: deposit?.payment });
        return { booking, told };
      });
      // This instance at once; on PostgreSQL the insert's own NOTIFY tells the others at commit
      // (SQLite is one process: its notifier would only do what this line does).
      bookingsChanged(storeId);
      if (row.told) ctx.services.messages.committed();
      return answerOf(record(row.booking, store));
    },

    /**
     * POST /api/stores/{storeId}/bookings: a booking staff enter (walk-in, phone, WhatsApp…), confirmed
     * at once, in an open slot with room. Owners and admins may book a full or closed time with
     * allowOverbook (recorded as overbooked), and record a visit whose time has already started
     * (completed, attended; its customer is not mailed). The customer is an existing one (customerId)
     * or found or added by phone (any format of the store's country) or email; they get the usual
     * confirmation mail when an email is known.
     */
    async createStaffBooking(storeId: string, input: StaffBookingInput, by: { role: Role | null; actor: string }): Promise<StaffBooking> {
      const store = await ctx.services.stores.getStore(storeId);
      const details: ErrorDetail[] = [];
      const c = input.customer as FrontDeskCustomer;
      details.push(...frontDeskCustomerErrors(c, 'customer', true));
      const name = c.name?.trim() ?? '';
      const phone = c.phone?.trim() || null;
      const email = c.email?.trim().toLowerCase() || null;
      if (!isRealDate(input.date)) details.push({ field: 'date', message: 'must be a date YYYY-MM-DD' });
      const start = DateTime.fromISO(`${input.date}T${input.time}`, { zone: store.timezone });
      if (isRealDate(input.date) && !start.isValid) details.push({ field: 'time', message: 'not a time of that day in the store\'s time zone' });
      if (details.length) throw validationFailed(details);

      const mayOverride = by.role === 'owner' || by.role === 'admin';
      if (input.allowOverbook && !mayOverride) throw forbidden('Only owners and admins may book a full or closed time.');
      const item = await ctx.services.catalog.findItem(db, storeId, itemIdOf(storeId, input.serviceId));
      if (!item) throw notFound('service-not-found', `No service ${input.serviceId} in this store.`);
      if (item.itemType === 'product') throw unprocessable('not-bookable', 'Products are sold, not booked.', [{ field: 'serviceId', message: 'is a product' }]);
      if (!item.schedule) throw conflict('slot-unavailable', 'This service has no booking schedule.', [{ field: 'serviceId', message: 'has no schedule' }]);
      const schedule = effectiveSchedule(item.schedule, store);
      const quantity = input.quantity ?? 1;
      const existing = c.customerId !== undefined ? await ctx.services.customers.getCustomer(storeId, c.customerId) : null;

      // A time already started is a visit being recorded after the fact.
      const past = start.toMillis() <= Date.now();
      if (past && !mayOverride) {
        throw conflict('slot-unavailable', 'This time has passed; an owner or admin can record a past visit.', [{ field: 'time', message: 'in the past' }]);
      }
      const candidates = past ? [] : slotsAt({ schedule, timezone: store.timezone, now: Date.now() }, input.date, input.time);
      if (!past && !candidates.length && !input.allowOverbook) {
        throw conflict('slot-unavailable', "The service is not open at this time (an owner or admin can book it anyway).", [{ field: 'time', message: 'outside the service\'s hours' }]);
      }
      if (!past && quantity > schedule.capacity && !input.allowOverbook) {
        throw conflict('slot-unavailable', `At most ${schedule.capacity} per slot.`, [{ field: 'quantity', message: `at most ${schedule.capacity}` }]);
      }
      const fixedSlot = { start: start.toUTC().toISO()!, end: start.plus({ minutes: schedule.durationMinutes }).toUTC().toISO()! };
      const now = nowIso();
      const bufferMs = schedule.bufferMinutes * 60_000;
      const contact = existing ? { name: existing.name, phone: existing.phone ?? '', email: existing.email } : { name, phone: phone ?? '', email };
      const people = await performersFor(storeId, item, input.staffId);

      const result = await db.transaction().execute(async (trx) => {
        const customerId = existing
          ? (await ctx.services.customers.countBooking(trx, storeId, existing.id), existing.id)
          : await ctx.services.customers.upsertFromContact(trx, storeId, store.country, contact, { bookings: 1 });
        if (!people) await repo.lockService(trx, storeId, item.id);
        const booking: BookingRow = {
          id: newId('bkg'),
          store_id: storeId,
          reference: `IB-${crockfordCode(8)}`,
          service_id: item.id,
          service_name: item.name,
          booking_date: input.date,
          booking_time: input.time,
          start_at: fixedSlot.start,
          end_at: fixedSlot.end,
          timezone: store.timezone,
          quantity,
          notes: input.notes?.trim() || null,
          staff_notes: null,
          customer_id: customerId,
          customer_name: contact.name,
          customer_phone: contact.phone,
          customer_email: contact.email,
          payment_method: null,
          payment_amount_minor: null,
          payment_status: 'payment_pending',
          source_channel: input.source,
          attributes: '{}',
          status: past ? 'completed' : 'confirmed',
          created_at: now,
          updated_at: now,
          manage_token: newManageToken(),
          calendar_sequence: 0,
          time_set_at: now,
          cancelled_by: null,
          cancel_reason: null,
          cancelled_at: null,
          attendance: past ? 'attended' : null,
          overbooked: 0,
          staff_id: null,
          staff_name: null,
          deposit_minor: null,
          amount_paid_minor: 0,
        };
        const place = async (slot: { start: string; end: string }, capacity: number) => {
          Object.assign(booking, { start_at: slot.start, end_at: slot.end });
          const earliestStartIso = new Date(Date.parse(slot.start) - 2 * DAY_MS).toISOString();
          const event = ctx.services.events.newEvent(storeId, 'booking.created', record(booking, store));
          const here = await repo.insertIfRoom(trx, booking, { capacity, bufferMs, earliestStartIso }, event.row, null);
          return here ? { event, endpoints: here.endpoints } : null;
        };
        if (people) {
          // One booking per person at a time; owners and admins may double-book a person (recorded), or record a past visit.
          const dated = candidates.length ? candidates : [{ ...fixedSlot, date: input.date }];
          const withFreePerson = !past && (await placeWithPerformer(trx, store, schedule, candidates, people, booking));
          if (!withFreePerson) {
            if (!past && !input.allowOverbook) {
              throw conflict('slot-unavailable', input.staffId ? `${people[0].displayName} is not free at this time (an owner or admin can book it anyway).` : 'Nobody is free at this time (an owner or admin can book it anyway).', [
                { field: 'time', message: 'fully booked' },
              ]);
            }
            const range = performerRange(dated);
            await repo.lockStaff(trx, storeId, [people[0].id], range.first - schedule.bufferMinutes * 60_000, range.last + schedule.bufferMinutes * 60_000);
            Object.assign(booking, { start_at: dated[0].start, end_at: dated[0].end, staff_id: people[0].id, staff_name: people[0].displayName, overbooked: past ? 0 : 1 });
          }
          await repo.insertBooking(trx, booking);
          await ctx.services.events.emit(trx, storeId, 'booking.created', record(booking, store));
          const told = past ? false : await tellOfChange(trx, store, booking, { kind: 'booking.confirmed' });
          return { booking, told };
        }
        let placed = null;
        for (const slot of candidates) {
          placed = await place(slot, schedule.capacity);
          if (placed) break;
        }
        if (!placed) {
          if (!past && !input.allowOverbook) throw conflict('slot-unavailable', 'This time is fully booked (an owner or admin can book it anyway).', [{ field: 'time', message: 'fully booked' }]);
          // Over capacity or outside hours (recorded), or a past visit: no seat count applies.
          booking.overbooked = past ? 0 : 1;
          placed = await place(candidates[0] ?? fixedSlot, OVERBOOK_CAPACITY);
          if (!placed) throw new Error(`booking ${booking.id} was not inserted without a capacity limit`);
        }
        await ctx.services.events.queueDeliveries(trx, placed.event.envelope, placed.endpoints);
        // The customer hears of a booking to come (when an email is known), never of a visit recorded afterwards.
        const told = past ? false : await tellOfChange(trx, store, booking, { kind: 'booking.confirmed' });
        return { booking, told };
      });
      bookingsChanged(storeId);
      await ctx.notifier.publish(BOOKINGS_TOPIC, storeId);
      if (result.told) ctx.services.messages.committed();
      ctx.log.info({ storeId, bookingId: result.booking.id, source: input.source, overbooked: result.booking.overbooked === 1, actor: by.actor }, 'front-desk booking');
      return staffRecord(result.booking, store);
    },

    async listBookings(storeId: string, filter: BookingFilterInput) {
      const store = await ctx.services.stores.getStore(storeId);
      const f = parseFilter(storeId, filter);
      const rows = await repo.listBookings(db, storeId, f);
      const page = rows.slice(0, f.limit);
      const last = page[page.length - 1];
      return {
        rows: page,
        bookings: page.map((r) => record(r, store)),
        staffBookings: page.map((r) => staffRecord(r, store)),
        nextCursor: rows.length > f.limit && last ? encodeCursor([last.created_at, last.id]) : null,
      };
    },

    async getBooking(storeId: string, bookingId: string): Promise<StaffBooking> {
      const store = await ctx.services.stores.getStore(storeId);
      const row = await repo.findBooking(db, storeId, bookingId);
      if (!row) throw notFound('booking-not-found', `No booking ${bookingId} in this store.`);
      return staffRecord(row, store);
    },

    /** Staff change: a status transition (a reschedule carries the new date and time), notes, payment status. */
    async updateBooking(storeId: string, bookingId: string, patch: StaffBookingPatch, actor: string): Promise<StaffBooking> {
      const details: ErrorDetail[] = [];
      const nextStatus = patch.status === 'pending_approval' ? 'pending' : (patch.status as BookingRow['status'] | undefined);
      const reschedule = nextStatus === 'rescheduled';
      if (reschedule) {
        if (patch.bookingDate === undefined) details.push({ field: 'bookingDate', message: 'required to reschedule' });
        if (patch.bookingTime === undefined) details.push({ field: 'bookingTime', message: 'required to reschedule' });
      } else {
        if (patch.bookingDate !== undefined) details.push({ field: 'bookingDate', message: 'only with status rescheduled' });
        if (patch.bookingTime !== undefined) details.push({ field: 'bookingTime', message: 'only with status rescheduled' });
      }
      if (patch.bookingDate !== undefined && !isRealDate(patch.bookingDate)) details.push({ field: 'bookingDate', message: 'must be a date YYYY-MM-DD' });
      if (patch.bookingTime !== undefined && !TIME.test(patch.bookingTime)) details.push({ field: 'bookingTime', message: 'must be a time HH:MM' });
      if (nextStatus === undefined && patch.staffNotes === undefined && patch.paymentStatus === undefined && patch.attendance === undefined && patch.staffId === undefined) {
        details.push({ field: 'body', message: 'send status, attendance, staffNotes, paymentStatus or staffId' });
      }
      // Attendance decides the status: a no-show is cancelled, an attended booking completed.
      const attendanceStatus = patch.attendance === 'no_show' ? 'cancelled' : patch.attendance === 'attended' ? 'completed' : undefined;
      if (attendanceStatus && nextStatus !== undefined && nextStatus !== attendanceStatus) {
        details.push({ field: 'status', message: `attendance ${patch.attendance} means status ${attendanceStatus}; send one of them` });
      }
      if (details.length) throw validationFailed(details);
      const status = attendanceStatus ?? nextStatus;

      const store = await ctx.services.stores.getStore(storeId);
      const current = await repo.findBooking(db, storeId, bookingId);
      if (!current) throw notFound('booking-not-found', `No booking ${bookingId} in this store.`);
      if (status && !TRANSITIONS[current.status].includes(status)) {
        throw conflict('conflict', `A ${current.status} booking cannot become ${status}.`, [{ field: 'status', message: `allowed from ${current.status}: ${TRANSITIONS[current.status].join(', ') || 'none'}` }]);
      }
      if (patch.attendance === 'no_show' && Date.parse(current.start_at) > Date.now()) {
        throw conflict('conflict', 'A booking can be marked a no-show only once its start time has passed.', [{ field: 'attendance', message: `not before ${current.start_at}` }]);
      }
      // Completing a booking records that the customer came.
      const attendance = patch.attendance ?? (status === 'completed' ? 'attended' : undefined);
      const updated = await applyChange(store, current, {
        status,
        bookingDate: patch.bookingDate,
        bookingTime: patch.bookingTime,
        staffNotes: patch.staffNotes,
        paymentStatus: patch.paymentStatus as PaymentStatus | undefined,
        reason: patch.cancellationReason,
        attendance,
        staffId: patch.staffId,
        by: 'store',
        actor,
      });
      return staffRecord(updated, store);
    },

    /** For reports: the bookings with bookingDate in [fromDate, toDate] (store dates), the fields reports count. */
    async forReport(storeId: string, fromDate: string, toDate: string) {
      return (await repo.bookingsForReport(db, storeId, fromDate, toDate)).map((r) => ({
        serviceId: r.service_id,
        serviceName: r.service_name,
        status: r.status,
        attendance: r.attendance ?? null,
        date: r.booking_date,
        time: r.booking_time,
        customerId: r.customer_id,
        quantity: Number(r.quantity),
        paymentAmountMinor: r.payment_amount_minor === null ? null : Number(r.payment_amount_minor),
      }));
    },

    /** For reports: how many bookings are in each status (every status listed, zeros included). */
    async countByStatus(storeId: string, range: { from?: string; to?: string } = {}): Promise<{ status: BookingRow['status']; count: number }[]> {
      const rows = await repo.countByStatus(db, storeId, range.from, range.to);
      const counts = new Map(rows.map((r) => [r.status, Number(r.count)]));
      return (Object.keys(TRANSITIONS) as BookingRow['status'][]).map((status) => ({ status, count: counts.get(status) ?? 0 }));
    },

    /**
     * Staff view of open slots (GET /api/stores/{storeId}/items/{itemId}/availability): the
     * integration answer's shape, for a service or course whether published or not. `from`/`to`
     * are ISO timestamps, or store dates (YYYY-MM-DD; `to` then includes that whole day).
     */
    async staffAvailability(storeId: string, itemId: string, query: { from: string; to: string; staffId?: string }) {
      const store = await ctx.services.stores.getStore(storeId);
      const { fromMs, toMs } = slotWindow(query.from, query.to, store.timezone);
      const item = await ctx.services.catalog.findItem(db, storeId, itemIdOf(storeId, itemId));
      if (!item) throw notFound('item-not-found', `No item ${itemId} in this store.`);
      if (item.itemType === 'product') throw unprocessable('not-bookable', 'Products have no booking slots.', [{ field: 'itemId', message: 'is a product' }]);
      const slots = await openSlots(store, item, fromMs, toMs, query.staffId);
      return { ok: true as const, storeId, serviceId: item.id, timezone: store.timezone, durationMinutes: item.schedule?.durationMinutes ?? null, slots };
    },

    /**
     * The next open slots of a schedule being edited (not saved): from `from` (default now; an
     * ISO timestamp or a store date) for `days` days, at most `limit` of them. With an itemId, that
     * service's existing bookings take their seats, as they would once the schedule is saved.
     */
    async previewSchedule(storeId: string, input: { schedule: unknown; itemId?: string; from?: string; days?: number; limit?: number }) {
      const errors: ErrorDetail[] = [];
      const parsed = parseSchedule(input.schedule, errors, 'schedule');
      if (errors.length || !parsed) throw validationFailed(errors.length ? errors : [{ field: 'schedule', message: 'is required' }]);
      const store = await ctx.services.stores.getStore(storeId);
      const schedule = effectiveSchedule(parsed, store);
      const days = input.days ?? 7;
      const start = input.from === undefined ? Date.now() : instantOf(input.from, 'from', store.timezone);
      if (typeof start === 'object') throw validationFailed([start]);
      const fromMs = start;
      const toMs = DateTime.fromMillis(fromMs, { zone: store.timezone }).plus({ days }).toMillis();
      let busy: BusyInterval[] = [];
      if (input.itemId !== undefined) {
        const item = await ctx.services.catalog.findItem(db, storeId, itemIdOf(storeId, input.itemId));
        if (!item) throw notFound('item-not-found', `No item ${input.itemId} in this store.`);
        if (item.itemType === 'product') throw unprocessable('not-bookable', 'Products have no booking slots.', [{ field: 'itemId', message: 'is a product' }]);
        busy = await busyAround(db, storeId, item.id, schedule, fromMs, toMs);
      }
      const slots = generateSlots({ schedule, timezone: store.timezone, from: fromMs, to: toMs, now: Date.now(), busy });
      const limit = input.limit ?? 50;
      return {
        ok: true as const,
        storeId,
        timezone: store.timezone,
        durationMinutes: schedule.durationMinutes,
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        count: slots.length,
        slots: slots.slice(0, limit),
      };
    },

    /**
     * An agenda for the console's Today page: how many bookings match (bookingDate in
     * [fromDate, toDate]; one status, or all but cancelled) and the first `limit`, soonest first.
     */
    async agenda(storeId: string, filter: { fromDate?: string; toDate?: string; status?: BookingRow['status'] }, limit: number): Promise<{ count: number; bookings: StaffBooking[] }> {
      const store = await ctx.services.stores.getStore(storeId);
      const [count, rows] = await Promise.all([repo.countAgenda(db, storeId, filter), repo.agendaBookings(db, storeId, filter, limit)]);
      return { count, bookings: rows.map((r) => staffRecord(r, store)) };
    },

    /** Bookings that may be owed a reminder (the messages worker's scan): confirmed or moved, with an email, starting in (from, until]. */
    /**
     * Confirmed (or moved) bookings with an email starting in (from, until], by start then id: `limit`
     * after `after`. Each entry carries its row for queueReminders.
     */
    async confirmedStartingPage(from: string, until: string, limit: number, after: { startAt: string; id: string } | null): Promise<ReminderCandidate[]> {
      const rows = await repo.confirmedStartingPage(db, from, until, limit, after);
      return rows.map((row) => ({ bookingId: row.id, storeId: row.store_id, startAt: row.start_at, timeSetAt: row.time_set_at ?? row.created_at, row }));
    },

    /**
     * Queues many reminders at once (a sweep's page) in one insert, for bookings as the page read them
     * a moment ago (still confirmed or moved, at the time the key names, not started at `now`). At most
     * once per key (a unique index). Answers how many were queued.
     */
    async queueReminders(due: Array<{ booking: ReminderCandidate; offsetMinutes: number; key: string }>, now = Date.now()): Promise<number> {
      const messages = [];
      for (const { booking, offsetMinutes, key } of due) {
        const row = booking.row;
        if (!key.endsWith(`:${row.start_at}`) || Date.parse(row.start_at) <= now) continue;
        const store = await ctx.services.stores.getStore(row.store_id);
        messages.push({ store, kind: 'booking.reminder' as const, to: row.customer_email, payload: { booking: snapshotOf(row, store), offsetMinutes }, bookingId: row.id, dedupeKey: key });
      }
      return ctx.services.messages.toCustomersOnce(db, messages);
    },


    /**
     * The booking a manage link opens, with its store and what its customer may do now; null for an
     * unknown token or a link past its life (7 days after the booking's end).
     */
    async manageView(token: string) {
      if (!MANAGE_TOKEN.test(token)) return null;
      const row = await repo.findBookingByManageToken(db, token);
      if (!row || Date.parse(row.end_at) + MANAGE_LINK_GRACE_MS < Date.now()) return null;
      const store = await ctx.services.stores.getStore(row.store_id);
      const open = row.status === 'pending' || row.status === 'confirmed' || row.status === 'rescheduled';
      const cutoffAt = Date.parse(row.start_at) - store.cancellationCutoffMinutes * 60_000;
      const booking = record(row, store);
      // A deposit still due: where to pay it and until when.
      const depositPayment = booking.deposit?.state === 'due' ? await ctx.services.checkout.depositPayment(store.id, row.id) : null;
      return { store, booking, row, canChange: open && Date.now() < cutoffAt, open, cutoffAt: new Date(cutoffAt).toISOString(), depositPayment };
    },

    /** Free times of the link's service on a store date, for the customer to move to (their own seat freed). */
    async manageSlots(token: string, date: string) {
      const view = await service.manageView(token);
      if (!view) throw notFound('booking-not-found', 'This link is not valid.');
      if (!isRealDate(date)) throw validationFailed([{ field: 'date', message: 'must be a date YYYY-MM-DD' }]);
      const item = await ctx.services.catalog.findItem(db, view.store.id, view.row.service_id);
      if (!item?.schedule) return { view, slots: [] };
      const schedule = effectiveSchedule(item.schedule, view.store);
      const day = localDayWindow(date, view.store.timezone);
      if (view.row.staff_id) {
        // With their person: that person's free times (none if they have left the staff).
        const staffId = view.row.staff_id;
        if (!(await staff.list(view.store.id)).some((p) => p.id === staffId && p.serviceIds.includes(item.id))) return { view, slots: [] };
        const slots = (await openSlots(view.store, item, day.from, day.to, staffId, view.row.id)).filter((slot) => slot.start !== view.row.start_at);
        return { view, slots };
      }
      const busy = await busyAround(db, view.store.id, item.id, schedule, day.from, day.to, view.row.id);
      const quantity = Number(view.row.quantity);
      const slots = generateSlots({ schedule, timezone: view.store.timezone, from: day.from, to: day.to, now: Date.now(), busy }).filter(
        (slot) => slot.remaining >= quantity && slot.start !== view.row.start_at,
      );
      return { view, slots };
    },

    /** The customer cancels through the manage link (until the store's cut-off). */
    async cancelByCustomer(token: string): Promise<BookingRow> {
      const view = await service.manageView(token);
      if (!view) throw notFound('booking-not-found', 'This link is not valid.');
      if (!view.canChange) throw conflict('conflict', 'This booking can no longer be changed online.');
      return applyChange(view.store, view.row, { status: 'cancelled', by: 'customer', actor: 'customer' });
    },

    /** The customer moves the booking to another free time of the same service (until the cut-off). */
    async moveByCustomer(token: string, date: string, time: string): Promise<BookingRow> {
      const view = await service.manageView(token);
      if (!view) throw notFound('booking-not-found', 'This link is not valid.');
      if (!view.canChange) throw conflict('conflict', 'This booking can no longer be changed online.');
      const details: ErrorDetail[] = [];
      if (!isRealDate(date)) details.push({ field: 'date', message: 'must be a date YYYY-MM-DD' });
      if (!TIME.test(time)) details.push({ field: 'time', message: 'must be a time HH:MM' });
      if (details.length) throw validationFailed(details);
      // A booking still waiting for the store's approval keeps waiting at its new time.
      const status = view.row.status === 'pending' ? 'pending' : 'rescheduled';
      return applyChange(view.store, view.row, { status, bookingDate: date, bookingTime: time, by: 'customer', actor: 'customer' });
    },

    /**
     * A booking's deposit order changed, in the order's transaction: the booking follows. paid →
     * paymentStatus paid with amountPaid; review → manual_review (money late or wrong: staff decide;
     * the booking stays as it is); unpaid → a booking still waiting for it is cancelled by the store
     * with reason deposit_unpaid, its customer told, its time freed; refunded → amountPaid less the
     * refund (paymentStatus refunded when nothing is left). Run afterDeposit after the commit.
     */
    async followDeposit(trx: typeof db, order: OrderRow, change: 'paid' | 'review' | 'unpaid' | 'refunded'): Promise<DepositFollow | null> {
      if (!order.booking_id) return null;
      const store = await ctx.services.stores.getStore(order.store_id, trx);
      const net = Number(order.amount_paid_minor) - Number(order.refunded_minor ?? 0);
      const followed = async (row: BookingRow, set: Partial<BookingRow>): Promise<DepositFollow> => {
        const updated = { ...row, ...set } as BookingRow;
        await ctx.services.events.emit(trx, store.id, 'booking.updated', { ...record(updated, store), previousStatus: row.status, changedBy: 'payment' });
        const told = change === 'unpaid' ? await tellOfChange(trx, store, updated, { kind: 'booking.cancelled', by: 'store', reason: 'deposit_unpaid' }) : false;
        return { storeId: store.id, told, freed: change === 'unpaid' };
      };
      // The booking as it is now: staff confirming or moving it at the same moment change its status,
      // which the update is conditional on; read again and apply to what they left (a few tries).
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await repo.findBooking(trx, order.store_id, order.booking_id);
        if (!row) return null;
        const now = nowIso();
        let set: Partial<BookingRow>;
        if (change === 'paid') set = { payment_status: 'paid', amount_paid_minor: net };
        else if (change === 'review') set = { payment_status: 'manual_review', amount_paid_minor: Number(order.amount_paid_minor) };
        else if (change === 'refunded') set = { payment_status: net > 0 ? 'paid' : 'refunded', amount_paid_minor: Math.max(0, net) };
        else {
          if (row.payment_status !== 'payment_pending' || !['pending', 'confirmed', 'rescheduled'].includes(row.status)) return null;
          set = { status: 'cancelled', cancelled_by: 'store', cancel_reason: 'deposit_unpaid', cancelled_at: now, calendar_sequence: Number(row.calendar_sequence) + 1 };
        }
        set.updated_at = now;
        if (await repo.updateBookingIfStatus(trx, store.id, row.id, row.status, set)) return followed(row, set);
      }
      ctx.log.warn({ bookingId: order.booking_id, orderId: order.id, change }, 'deposit change not applied to its booking: the booking kept changing');
      return null;
    },

    /** After a deposit change commits: the freed time shows on every instance, messages go out. */
    async afterDeposit(follow: DepositFollow) {
      if (follow.freed) {
        bookingsChanged(follow.storeId);
        await ctx.notifier.publish(BOOKINGS_TOPIC, follow.storeId);
      }
      if (follow.told) ctx.services.messages.committed();
    },

    /** For checkout and payment flows: record a booking's payment status. */
    async setPaymentStatus(storeId: string, bookingId: string, paymentStatus: PaymentStatus): Promise<void> {
      const result = await repo.updatePaymentStatus(db, storeId, bookingId, paymentStatus, nowIso());
      if (Number(result.numUpdatedRows) === 0) throw notFound('booking-not-found', `No booking ${bookingId} in this store.`);
    },
  };
  return service;
}

export type BookingsService = ReturnType<typeof createBookingsService>;
