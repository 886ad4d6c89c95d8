import { sql } from 'kysely';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { CustomerRow } from './tables.ts';

type Db = Executor<Database>;

export const findCustomer = (db: Db, storeId: string, id: string) =>
  db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const findByEmail = (db: Db, storeId: string, email: string) =>
  db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst();

/** Phones are not unique (a household may share one): the oldest record with it wins. */
export const findByPhone = (db: Db, storeId: string, phone: string) =>
  db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('phone', '=', phone).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();

export const insertCustomer = (db: Db, row: CustomerRow) => db.insertInto('customers').values(row).execute();

/**
 * Inserts unless the store already has a customer with this email (then inserts nothing and
 * returns false). On PostgreSQL a concurrent insert of the same email waits for the other
 * transaction and then yields, instead of failing with a unique violation.
 */
export async function insertCustomerUnlessEmailTaken(db: Db, row: CustomerRow): Promise<boolean> {
  const inserted = await db
    .insertInto('customers')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!inserted;
}

export const updateCustomer = (db: Db, storeId: string, id: string, patch: Partial<CustomerRow>) =>
  db.updateTable('customers').set(patch).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Applies a booking's or order's contact; counters are added in SQL so concurrent writers never lose an increment. */
export const applyContact = (
  db: Db,
  storeId: string,
  id: string,
  fields: { name: string; email: string | null; phone: string | null; bookings: number; orders: number; now: string },
) =>
  db
    .updateTable('customers')
    .set((eb) => ({
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      bookings_count: eb('bookings_count', '+', fields.bookings),
      orders_count: eb('orders_count', '+', fields.orders),
      updated_at: fields.now,
    }))
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .execute();

export const addSpent = (db: Db, storeId: string, id: string, amountMinor: number, now: string) =>
  db
    .updateTable('customers')
    .set((eb) => ({ total_spent_minor: eb('total_spent_minor', '+', amountMinor), updated_at: now }))
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .execute();

export const deleteCustomer = (db: Db, storeId: string, id: string) =>
  db.deleteFrom('customers').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** LIKE pattern matching `text` anywhere, with LIKE's wildcards taken literally (ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Newest first, keyset-paginated on (created_at, id). `q` matches name (case-insensitive),
 * email, or phone (as typed, or by its digits alone so "024 000" finds "+233240000...").
 */
export function listCustomers(db: Db, storeId: string, options: { limit: number; after: [string, string] | null; q?: string }) {
  let query = db.selectFrom('customers').selectAll().where('store_id', '=', storeId);
  const q = options.q?.trim().toLowerCase();
  if (q) {
    const like = containsPattern(q);
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) => {
      const matches = [
        sql<boolean>`lower(${sql.ref('name')}) like ${like} escape '\\'`,
        sql<boolean>`${sql.ref('email')} like ${like} escape '\\'`,
        sql<boolean>`${sql.ref('phone')} like ${like} escape '\\'`,
      ];
      if (digits.length >= 3) matches.push(sql<boolean>`${sql.ref('phone')} like ${containsPattern(digits)} escape '\\'`);
      return eb.or(matches);
    });
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) => eb.or([eb('created_at', '<', after[0]), eb.and([eb('created_at', '=', after[0]), eb('id', '<', after[1])])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
}
