// Booking queries. Every query is scoped by store_id; the first argument is the db or a transaction.
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/sql.ts';
import type { BookingRow, MailOutboxRow } from './tables.ts';

type Db = Executor<Database>;

export interface BookingFilter {
  status?: string;
  serviceId?: string;
  reference?: string;
  fromDate?: string;
  toDate?: string;
  limit: number;
  after: [string, string] | null;
}

export const findBooking = (db: Db, storeId: string, id: string) =>
  db.selectFrom('bookings').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const insertBooking = (db: Db, row: BookingRow) => db.insertInto('bookings').values(row).execute();

/** Newest first; one row more than `limit` tells the caller there is a next page. */
export function listBookings(db: Db, storeId: string, f: BookingFilter) {
  let q = db.selectFrom('bookings').selectAll().where('store_id', '=', storeId);
  if (f.status) q = q.where('status', '=', f.status as BookingRow['status']);
  if (f.serviceId) q = q.where('service_id', '=', f.serviceId);
  if (f.reference) q = q.where('reference', '=', f.reference);
  if (f.fromDate) q = q.where('booking_date', '>=', f.fromDate);
  if (f.toDate) q = q.where('booking_date', '<=', f.toDate);
  if (f.after) {
    const [createdAt, id] = f.after;
    q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit + 1).execute();
}

/**
 * Takes the service's lock row until the transaction ends, so capacity checks of one service run
 * one at a time on PostgreSQL (SQLite transactions already do). One statement: the upsert creates
 * the row the first time and otherwise updates it, which locks it like SELECT … FOR UPDATE.
 */
export async function lockService(db: Db, storeId: string, serviceId: string) {
  await db
    .insertInto('booking_locks')
    .values({ store_id: storeId, service_id: serviceId })
    .onConflict((oc) => oc.columns(['store_id', 'service_id']).doUpdateSet({ service_id: (eb) => eb.ref('excluded.service_id') }))
    .execute();
}

/**
 * Bookings of a service that hold capacity (not cancelled) and overlap [fromIso, toIso).
 * `earliestStartIso` bounds the index scan: no booking starting before it can reach `fromIso`.
 */
export function activeBookings(db: Db, storeId: string, serviceId: string, earliestStartIso: string, fromIso: string, toIso: string, exceptId?: string) {
  let q = db
    .selectFrom('bookings')
    .select(['start_at', 'end_at', 'quantity'])
    .where('store_id', '=', storeId)
    .where('service_id', '=', serviceId)
    .where('status', '!=', 'cancelled')
    .where('start_at', '>=', earliestStartIso)
    .where('start_at', '<', toIso)
    .where('end_at', '>', fromIso);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.execute();
}

/** Updates only when the status is still `expectedStatus`; returns whether it did. */
export async function updateBookingIfStatus(db: Db, storeId: string, id: string, expectedStatus: string, patch: Partial<BookingRow>) {
  const result = await db
    .updateTable('bookings')
    .set(patch)
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('status', '=', expectedStatus as BookingRow['status'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const updatePaymentStatus = (db: Db, storeId: string, id: string, paymentStatus: BookingRow['payment_status'], now: string) =>
  db.updateTable('bookings').set({ payment_status: paymentStatus, updated_at: now }).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const insertMail = (db: Db, row: MailOutboxRow) => db.insertInto('mail_outbox').values(row).execute();

/** Due mail, oldest first (candidates only: a worker still has to claim each one). */
export const dueMail = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();

/** Claims one mail for `leaseUntil`; false when another worker (or instance) got it first. */
export async function claimMail(db: Db, id: string, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const markMailSent = (db: Db, id: string, now: string) =>
  db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now, locked_until: null, last_error: null }).where('id', '=', id).execute();

export const markMailRetry = (db: Db, id: string, status: 'pending' | 'failed', nextAttemptAt: string, error: string) =>
  db.updateTable('mail_outbox').set({ status, next_attempt_at: nextAttemptAt, locked_until: null, last_error: error.slice(0, 500) }).where('id', '=', id).execute();

/** Bookings per status, optionally for bookingDate in [fromDate, toDate]. */
export function countByStatus(db: Db, storeId: string, fromDate?: string, toDate?: string) {
  let q = db.selectFrom('bookings').select(['status', (eb) => eb.fn.countAll<string | number>().as('count')]).where('store_id', '=', storeId);
  if (fromDate) q = q.where('booking_date', '>=', fromDate);
  if (toDate) q = q.where('booking_date', '<=', toDate);
  return q.groupBy('status').execute();
}
