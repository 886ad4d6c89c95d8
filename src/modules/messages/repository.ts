import { sql } from 'kysely';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { MailOutboxRow } from './tables.ts';

export type Db = Executor<Database>;

export const insertMail = (db: Db, row: MailOutboxRow) => db.insertInto('mail_outbox').values(row).execute();

export const insertMails = (db: Db, rows: MailOutboxRow[]) => db.insertInto('mail_outbox').values(rows).execute();

/** Inserts the message unless the store has one with its dedupe key already; true when inserted. */
export async function insertMailOnce(db: Db, row: MailOutboxRow): Promise<boolean> {
  const inserted = await db
    .insertInto('mail_outbox')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Inserts each message unless its store has one with its dedupe key already; answers how many were inserted. */
export async function insertMailsOnce(db: Db, rows: MailOutboxRow[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await db
    .insertInto('mail_outbox')
    .values(rows)
    .onConflict((oc) => oc.columns(['store_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * Due mail, urgent lanes first and each lane in the order it came due (candidates only: a worker
 * still has to claim them). Read from mail_outbox_due_idx (status, lane, next_attempt_at, id).
 */
export const dueMail = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('lane')
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();

export type OutboxRow = Awaited<ReturnType<typeof dueMail>>[number];

/** Claims these mails for `leaseUntil` in one statement; answers the ids claimed (another worker or instance may have got some first). */
export async function claimMails(db: Db, ids: string[], now: string, leaseUntil: string): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Claimed but never tried (the worker stopped, or the channel went down first): free again, the claim not counted as an attempt. */
export const releaseUntried = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .updateTable('mail_outbox')
        .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute()
    : Promise.resolve();

/**
 * A mail that has left (or is given up) keeps only its redacted body, when it has one. A rendered
 * message records what it said (subject and the text with its links removed).
 */
export const markMailSent = (db: Db, id: string, now: string, rendered?: { subject: string; text: string }) =>
  db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: now,
      locked_until: null,
      last_error: null,
      ...(rendered ? { subject: rendered.subject, body_text: rendered.text } : { body_text: eb.fn.coalesce('redacted_body', 'body_text') }),
    }))
    .where('id', '=', id)
    .execute();

/** A failed attempt: tried again at `nextAttemptAt`, or given up (`failed`). */
export const markMailRetry = (db: Db, id: string, status: 'pending' | 'failed', nextAttemptAt: string, error: string, subject?: string) =>
  db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status,
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error.slice(0, 500),
      ...(subject ? { subject } : {}),
      ...(status === 'failed' ? { body_text: eb.fn.coalesce('redacted_body', 'body_text') } : {}),
    }))
    .where('id', '=', id)
    .execute();

/** The channel could not be reached: the mail stays due (in its place in the queue), its lease released. */
export const releaseMail = (db: Db, id: string, error: string) =>
  db.updateTable('mail_outbox').set({ locked_until: null, last_error: error.slice(0, 500) }).where('id', '=', id).execute();

/** The messages of one booking, oldest first (the console's history). */
export const messagesOfBooking = (db: Db, storeId: string, bookingId: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'payload', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at', 'next_attempt_at'])
    .where('store_id', '=', storeId)
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Pending and failed messages of a store: how many, and the oldest pending one's age (the console's notice). */
export async function outboxState(db: Db, storeId: string) {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.count<string | number>(sql`case when status = 'pending' then 1 end`).as('pending'),
      eb.fn.count<string | number>(sql`case when status = 'failed' then 1 end`).as('failed'),
      eb.fn.min(sql<string>`case when status = 'pending' then created_at end`).as('oldest'),
    ])
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), failed: Number(row.failed), oldestPendingAt: (row.oldest as string | null) ?? null };
}

/** Which of these (store, dedupe key) pairs have a message already. */
export async function existingDedupeKeys(db: Db, keys: { storeId: string; key: string }[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['store_id', 'dedupe_key'])
    // Both columns, so the lookup runs on the (store_id, dedupe_key) index.
    .where('store_id', 'in', [...new Set(keys.map((k) => k.storeId))])
    .where('dedupe_key', 'in', [...new Set(keys.map((k) => k.key))])
    .execute();
  return new Set(rows.map((r) => `${r.store_id}|${r.dedupe_key}`));
}

/** Messages waiting and given up over every store, and the oldest waiting one's creation (metrics). */
export async function outboxHealth(db: Db) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  return { pending: Number(of('pending')?.n ?? 0), failed: Number(of('failed')?.n ?? 0), oldestPendingAt: (of('pending')?.oldest as string | undefined) ?? null };
}
