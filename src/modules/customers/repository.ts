import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/sql.ts';
import { statementTemplate, type Placeholders } from '../../db/template.ts';
import type { Database } from '../../db/database.ts';
import type { CustomerRow } from './tables.ts';
import type { EventRow } from '../events/tables.ts';
import type { EndpointRef } from '../events/repository.ts';

type Db = Executor<Database>;

export const findCustomer = (db: Db, storeId: string, id: string) =>
  db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const findByEmail = (db: Db, storeId: string, email: string) =>
  db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst();

/**
 * The customer a contact names, in one statement: the one with this email (`by_email` 1), and the
 * oldest with this phone (`by_email` 0; phones are not unique, a household may share one); either
 * may be missing, and a null email or phone matches nothing. Phones are compared by key (E.164, made
 * with the store's country). The phone lookup repeats the condition of its partial index
 * (`phone_key is not null`, migration 2026_11_28_1600). Built once (src/db/template.ts). The
 * LIMIT is a literal: as a bound parameter (Kysely's default) SQLite ran the phone lookup three times
 * slower (8.3 µs against 2.7 µs on 25,000 customers, the same index).
 */
const contactMatches = statementTemplate((db, p: Placeholders<{ storeId: string; email: string | null; phoneKey: string | null }>) =>
  sql<CustomerRow & { by_email: number }>`
    select * from (select *, 1 as by_email from customers where store_id = ${p.storeId} and email = ${p.email}) as by_email
    union all
    select * from (select *, 0 as by_email from customers where store_id = ${p.storeId} and phone_key = ${p.phoneKey} and phone_key is not null order by created_at, id limit 1) as by_phone`,
);

/** The oldest customer with this phone key, other than `exceptId` (staff duplicate checks). */
export const findByPhoneKey = (db: Db, storeId: string, phoneKey: string, exceptId?: string) => {
  let q = db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('phone_key', '=', phoneKey).where('phone_key', 'is not', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
};

export async function findByContact(db: Db, storeId: string, email: string | null, phoneKey: string | null): Promise<{ byEmail?: CustomerRow; byPhone?: CustomerRow }> {
  const { rows } = await contactMatches(db, { storeId, email, phoneKey });
  return { byEmail: rows.find((r) => r.by_email === 1), byPhone: rows.find((r) => r.by_email !== 1) };
}

const insertRow = statementTemplate((db, p: Placeholders<{ row: CustomerRow }>) => db.insertInto('customers').values(p.row));

export const insertCustomer = async (db: Db, row: CustomerRow) => {
  await insertRow(db, { row });
};

const insertRowUnlessEmailTaken = statementTemplate((db, p: Placeholders<{ row: CustomerRow }>) =>
  db.insertInto('customers').values(p.row).onConflict((oc) => oc.columns(['store_id', 'email']).doNothing()).returning('id'),
);

/**
 * Inserts unless the store already has a customer with this email (then inserts nothing and
 * returns false). On PostgreSQL a concurrent insert of the same email waits for the other
 * transaction and then yields, instead of failing with a unique violation.
 */
export async function insertCustomerUnlessEmailTaken(db: Db, row: CustomerRow): Promise<boolean> {
  return (await insertRowUnlessEmailTaken(db, { row })).rows.length > 0;
}

export const updateCustomer = (db: Db, storeId: string, id: string, patch: Partial<CustomerRow>) =>
  db.updateTable('customers').set(patch).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Applies a booking's or order's contact; counters are added in SQL so concurrent writers never lose an increment. */
export const applyContact = async (
  db: Db,
  storeId: string,
  id: string,
  fields: { name: string; email: string | null; phone: string | null; phoneKey: string | null; bookings: number; orders: number; now: string },
) => {
  await applyContactStatement(db, { storeId, id, ...fields });
};

const applyContactStatement = statementTemplate(
  (db, p: Placeholders<{ storeId: string; id: string; name: string; email: string | null; phone: string | null; phoneKey: string | null; bookings: number; orders: number; now: string }>) =>
    db
      .updateTable('customers')
      .set((eb) => ({
        name: p.name,
        email: p.email,
        phone: p.phone,
        phone_key: p.phoneKey,
        bookings_count: eb('bookings_count', '+', p.bookings),
        orders_count: eb('orders_count', '+', p.orders),
        updated_at: p.now,
      }))
      .where('store_id', '=', p.storeId)
      .where('id', '=', p.id),
);

/**
 * What a contact's upsert writes (PostgreSQL, withContactUpsert): `row`, inserted when no customer
 * matches; else the match gets `name` (unless empty), the contact and the counters, as in applyContact.
 */
export interface ContactUpsert {
  row: CustomerRow;
  name: string;
  bookings: number;
  orders: number;
  /** The customer.created event of `row`, recorded by the same statement only when `row` is inserted. */
  created: EventRow;
}

/** ContactUpsert flattened: one value per column a statement binds (plain values or template placeholders). */
type ContactValues = Record<
  'id' | 'storeId' | 'rowName' | 'email' | 'phone' | 'phoneKey' | 'bookingsCount' | 'ordersCount' | 'totalSpent' | 'createdAt' | 'now' | 'name' | 'bookings' | 'orders' | 'eventId' | 'eventType' | 'eventPayload' | 'eventCreatedAt',
  unknown
>;

export function contactValues(u: ContactUpsert) {
  const { row } = u;
  return {
    id: row.id,
    storeId: row.store_id,
    rowName: row.name,
    email: row.email,
    phone: row.phone,
    phoneKey: row.phone_key,
    bookingsCount: row.bookings_count,
    ordersCount: row.orders_count,
    totalSpent: row.total_spent_minor,
    createdAt: row.created_at,
    now: row.updated_at,
    name: u.name,
    bookings: u.bookings,
    orders: u.orders,
    eventId: u.created.id,
    eventType: u.created.type,
    eventPayload: u.created.payload,
    eventCreatedAt: u.created.created_at,
  };
}

/**
 * PostgreSQL: a contact's upsert as WITH clauses of a statement of the caller's: the customer with
 * this email, else the oldest with this phone, gets the contact and the counters (`updated`); with
 * neither, the row is inserted (`inserted`), unless a concurrent transaction inserted this email
 * first (the insert then does nothing). `contact` then holds the customer's id, or no row after such
 * a race: the caller falls back to the statements one by one. (Kysely writes a raw clause as it is:
 * each carries its own parentheses.)
 */
function contactClauses(v: ContactValues): Array<[string, RawBuilder<unknown>]> {
  return [
    ['by_email', sql`(select id, true as by_email from customers where store_id = ${v.storeId} and email = ${v.email})`],
    ['by_phone', sql`(select id, false as by_email from customers where store_id = ${v.storeId} and phone_key = ${v.phoneKey} and phone_key is not null and not exists (select 1 from by_email) order by created_at, id limit 1)`],
    ['target', sql`(select * from by_email union all select * from by_phone)`],
    ['updated', sql`(update customers c set
        name = coalesce(nullif(${v.name}::text, ''), c.name),
        email = case when t.by_email then c.email else coalesce(c.email, ${v.email}::text) end,
        phone = case when t.by_email then coalesce(${v.phone}::text, c.phone) else c.phone end,
        phone_key = case when t.by_email then coalesce(${v.phoneKey}::text, c.phone_key) else c.phone_key end,
        bookings_count = c.bookings_count + ${v.bookings}::int,
        orders_count = c.orders_count + ${v.orders}::int,
        updated_at = ${v.now}::text
      from target t
      where c.store_id = ${v.storeId} and c.id = t.id
      returning c.id)`],
    ['inserted', sql`(insert into customers (id, store_id, name, email, phone, phone_key, bookings_count, orders_count, total_spent_minor, created_at, updated_at)
      select ${v.id}::text, ${v.storeId}::text, ${v.rowName}::text, ${v.email}::text, ${v.phone}::text, ${v.phoneKey}::text,
             ${v.bookingsCount}::int, ${v.ordersCount}::int, ${v.totalSpent}::bigint, ${v.createdAt}::text, ${v.now}::text
      where not exists (select 1 from target)
      on conflict (store_id, email) do nothing
      returning id)`],
    ['customer_recorded', sql`(insert into events (id, store_id, type, payload, created_at)
      select ${v.eventId}::text, ${v.storeId}::text, ${v.eventType}::text, ${v.eventPayload}::text, ${v.eventCreatedAt}::text
      where exists (select 1 from inserted)
      returning id)`],
    ['contact', sql`(select id from updated union all select id from inserted)`],
  ];
}

/** contactClauses as WITH clauses of a query built with Kysely (a statement template builds it once). */
export function withContactUpsert(qc: QueryCreator<Database>, v: ContactValues) {
  let q = qc;
  for (const [name, clause] of contactClauses(v)) q = q.with(name, () => clause as RawBuilder<Record<string, unknown>>) as unknown as QueryCreator<Database>;
  return q;
}

/**
 * PostgreSQL: a booking's or order's contact in one statement (one round trip instead of two or
 * three), as withContactUpsert. Returns the customer's id, or undefined when a concurrent
 * transaction inserted this email first (the caller falls back to the statements one by one).
 * `alongside`, an expression of the caller's, is evaluated in the same statement (after the contact's
 * writes are planned, in the same snapshot) and its value returned: the booking path takes its
 * slot's locks with it, one round trip less.
 */
export async function upsertContactInOne<T = null>(
  db: Db,
  upsert: ContactUpsert,
  alongside?: RawBuilder<T>,
): Promise<{ id: string | undefined; alongside: T | null; endpoints: EndpointRef[] | null }> {
  // Raw text, not Kysely's builder: built at every call (the booking's `alongside` varies), and
  // building the WITH clauses through Kysely cost a booking half again its server instructions.
  const v = contactValues(upsert);
  const clauses = sql.join(contactClauses(v).map(([name, clause]) => sql`${sql.raw(name)} as ${clause}`));
  // When the customer was created (and its event recorded): the store's enabled webhook endpoints, for the event's deliveries.
  const endpoints = sql`case when exists (select 1 from inserted) then (select coalesce(json_agg(json_build_object('id', e.id, 'events', e.events)), '[]') from webhook_endpoints e where e.store_id = ${v.storeId} and e.enabled = 1) end`;
  const result = await sql<{ id: string | null; alongside: unknown; endpoints: EndpointRef[] | null }>`with ${clauses} select (select id from contact) as id, ${alongside ?? sql`null`} as alongside, ${endpoints} as endpoints`.execute(db);
  const first = result.rows[0];
  return { id: first?.id ?? undefined, alongside: (first?.alongside ?? null) as T | null, endpoints: first?.endpoints ?? null };
}

/** Adds to a customer's booking, order and no-show counts, in SQL (concurrent writers never lose one). */
export const addCounts = (db: Db, storeId: string, id: string, add: { bookings: number; orders: number; noShows: number }, now: string) =>
  db
    .updateTable('customers')
    .set((eb) => ({
      bookings_count: eb('bookings_count', '+', add.bookings),
      orders_count: eb('orders_count', '+', add.orders),
      no_show_count: eb('no_show_count', '+', add.noShows),
      updated_at: now,
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
 * Newest first, keyset-paginated on (created_at, id). `q` matches name (case-insensitive), email,
 * phone as typed, or the phone's key by `phoneDigits` (customer-input.ts phoneSearchDigits: 0207654321
 * finds a customer stored as +233207654321, and the reverse), or a tag exactly.
 */
export function listCustomers(db: Db, storeId: string, options: { limit: number; after: [string, string] | null; q?: string; phoneDigits?: string | null }) {
  let query = db.selectFrom('customers').selectAll().where('store_id', '=', storeId);
  const q = options.q?.trim().toLowerCase();
  if (q) {
    const like = containsPattern(q);
    query = query.where((eb) => {
      const matches = [
        sql<boolean>`lower(${sql.ref('name')}) like ${like} escape '\\'`,
        sql<boolean>`${sql.ref('email')} like ${like} escape '\\'`,
        sql<boolean>`${sql.ref('phone')} like ${like} escape '\\'`,
        sql<boolean>`lower(${sql.ref('tags')}) like ${containsPattern(JSON.stringify(q))} escape '\\'`,
      ];
      if (options.phoneDigits) matches.push(sql<boolean>`${sql.ref('phone_key')} like ${containsPattern(options.phoneDigits)} escape '\\'`);
      return eb.or(matches);
    });
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) => eb.or([eb('created_at', '<', after[0]), eb.and([eb('created_at', '=', after[0]), eb('id', '<', after[1])])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
}

/** Of `ids`, the store's customers created before `before` (reports: returning customers). */
export const createdBefore = (db: Db, storeId: string, ids: string[], before: string) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('id', 'in', ids).where('created_at', '<', before).execute();
