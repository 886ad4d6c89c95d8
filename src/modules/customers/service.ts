// Customer records: created and updated from bookings and orders (matched by email, then
// phone) and by staff. One customer per email within a store (a unique index enforces it).
import type { AppContext } from '../../context.ts';
import type { RawBuilder } from 'kysely';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { isForeignKeyViolation, isPostgres, isUniqueViolation } from '../../db/sql.ts';
import type { CustomerRow } from './tables.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { conflict, notFound, validationFailed } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { toMajor } from '../../shared/money.ts';
import { nowIso } from '../../shared/time.ts';
import { displayPhone, normaliseEmail, normalisePhone, parseCustomerInput, phoneKey, phoneSearchDigits } from './customer-input.ts';
import * as repo from './repository.ts';
import type { EventEnvelope } from '../events/service.ts';

export { normaliseEmail, normalisePhone, phoneKey };

export interface ContactInput {
  name: string;
  email?: string | null;
  phone?: string | null;
}

export interface Customer {
  id: string;
  name: string;
  email: string | null;
  /** As entered. */
  phone: string | null;
  /** The phone in E.164 form (+233207654321), for tel: and WhatsApp links; null when it is not a possible number. */
  phoneE164: string | null;
  notes: string | null;
  tags: string[];
  noShowCount: number;
  createdAt: string;
  updatedAt: string;
  bookingsCount: number;
  ordersCount: number;
  totalSpent: number;
  totalSpentMinor: number;
}

export function toCustomer(row: CustomerRow, currency: string): Customer {
  const totalSpentMinor = Number(row.total_spent_minor);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneE164: row.phone_key && /^\+\d{8,15}$/.test(row.phone_key) ? row.phone_key : null,
    notes: row.notes ?? null,
    tags: parseTags(row.tags),
    noShowCount: Number(row.no_show_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    bookingsCount: Number(row.bookings_count),
    ordersCount: Number(row.orders_count),
    totalSpent: toMajor(totalSpentMinor, currency),
    totalSpentMinor,
  };
}

function parseTags(text: string | null | undefined): string[] {
  try {
    const tags: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** A new customer's row for a contact (the name falls back to the email, then the phone). */
function newCustomerRow(
  storeId: string,
  c: { name: string; email: string | null; phone: string | null; phoneKey: string | null; bookings: number; orders: number; now: string },
): CustomerRow {
  return {
    id: newId('cus'),
    store_id: storeId,
    name: c.name || c.email || c.phone || '',
    email: c.email,
    phone: c.phone,
    phone_key: c.phoneKey,
    notes: null,
    tags: '[]',
    no_show_count: 0,
    bookings_count: c.bookings,
    orders_count: c.orders,
    total_spent_minor: 0,
    created_at: c.now,
    updated_at: c.now,
  };
}

/**
 * The record of a customer a booking or order just created. Nothing is spent yet (total 0 in any
 * currency), so it needs no read of the store's currency inside the caller's transaction.
 */
const newCustomerRecord = (row: CustomerRow): Customer => toCustomer({ ...row, total_spent_minor: 0 }, 'XXX');

const customerNotFound = (id: string) => notFound('not-found', `No customer ${id} in this store.`);
const emailTaken = () => conflict('conflict', 'Another customer of this store has this email.', [{ field: 'email', message: 'already used by another customer of this store' }]);
const phoneTaken = (other: CustomerRow) =>
  conflict('conflict', `${other.name} (${other.id}) already has this phone number.`, [{ field: 'phone', message: `already the number of ${other.id}` }]);

export function createCustomersService(ctx: AppContext) {
  const { db } = ctx;

  async function currencyOf(storeId: string) {
    return (await ctx.services.stores.getStore(storeId)).currency;
  }

  /** The store's country (phone numbers are read as dialled there); `executor` inside a transaction. */
  async function countryOf(storeId: string, executor: Executor<Database> = db) {
    return (await ctx.services.stores.getStore(storeId, executor)).country;
  }

  /** The customer.created event of a customer a booking or order creates (recorded only if it is). */
  const customerCreated = (row: CustomerRow) => ctx.services.events.newEvent(row.store_id, 'customer.created', newCustomerRecord(row));

  const service = {
    /**
     * PostgreSQL: what upsertFromContact writes, for a statement of the caller's that does it in its
     * own WITH clauses (customers repository, withContactUpsert; checkout places its order with it).
     * Null without an email or phone: there is nobody to record.
     */
    contactUpsert(storeId: string, country: string, contact: ContactInput, counters: { bookings?: number; orders?: number }): (repo.ContactUpsert & { createdEvent: EventEnvelope<Customer> }) | null {
      const email = normaliseEmail(contact.email);
      const phone = displayPhone(contact.phone);
      const key = phoneKey(phone, country);
      if (!email && !key) return null;
      const name = typeof contact.name === 'string' ? contact.name.trim() : '';
      const now = nowIso();
      const bookings = counters.bookings ?? 0;
      const orders = counters.orders ?? 0;
      const row = newCustomerRow(storeId, { name, email, phone, phoneKey: key, bookings, orders, now });
      const created = customerCreated(row);
      // createdEvent: the caller queues its deliveries (events.queueDeliveries) when its statement created the customer.
      return { row, name, bookings, orders, created: created.row, createdEvent: created.envelope };
    },

    /**
     * Finds the store's customer by email, then by phone (compared in E.164 form made with the store's
     * `country`), and updates it, or creates one; returns its id. Pass the transaction of the booking
     * or order so both commit together.
     *
     * On a match the latest non-empty name wins. Matched by email (the strong identity), the sent
     * phone replaces the stored one. Matched by phone only (phones can be shared), a sent email is
     * filled in when the record has none but never replaces a different one. Concurrent calls
     * with the same new email create one customer (the unique index on (store_id, email) decides).
     */
    async upsertFromContact(
      executor: Executor<Database>,
      storeId: string,
      country: string,
      contact: ContactInput,
      counters: { bookings?: number; orders?: number } = {},
    ): Promise<string> {
      return (await service.upsertFromContactAlongside(executor, storeId, country, contact, counters, null)).customerId;
    },

    /**
     * upsertFromContact, with `alongside` (PostgreSQL: an expression of the caller's) evaluated in the
     * same statement as the contact's lookups and write, one round trip less; its value, or null where
     * it was not evaluated (SQLite, or no expression): the caller then does that work itself.
     */
    async upsertFromContactAlongside<T>(
      executor: Executor<Database>,
      storeId: string,
      country: string,
      contact: ContactInput,
      counters: { bookings?: number; orders?: number },
      alongside: RawBuilder<T> | null,
    ): Promise<{ customerId: string; alongside: T | null }> {
      const email = normaliseEmail(contact.email);
      const phone = displayPhone(contact.phone);
      const key = phoneKey(phone, country);
      const name = typeof contact.name === 'string' ? contact.name.trim() : '';
      const now = nowIso();
      const bookings = counters.bookings ?? 0;
      const orders = counters.orders ?? 0;

      let also: T | null = null;
      const answer = (customerId: string) => ({ customerId, alongside: also });
      const update = async (existing: CustomerRow, matchedByEmail: boolean) => {
        await repo.applyContact(executor, storeId, existing.id, {
          name: name || existing.name,
          email: matchedByEmail ? existing.email : (existing.email ?? email),
          phone: matchedByEmail ? (phone ?? existing.phone) : existing.phone,
          phoneKey: matchedByEmail ? (key ?? existing.phone_key) : existing.phone_key,
          bookings,
          orders,
          now,
        });
        return answer(existing.id);
      };

      const fresh = newCustomerRow(storeId, { name, email, phone, phoneKey: key, bookings, orders, now });
      const created = customerCreated(fresh);
      // PostgreSQL: the lookups and the write, with the customer.created event when it creates the
      // customer, in one round trip; the steps below when it lost a race (it then wrote nothing).
      if (isPostgres(executor)) {
        const result = await repo.upsertContactInOne(executor, { row: fresh, name, bookings, orders, created: created.row }, alongside ?? undefined);
        also = result.alongside;
        if (result.endpoints) await ctx.services.events.queueDeliveries(executor, created.envelope, result.endpoints);
        if (result.id) return answer(result.id);
      }

      const { byEmail, byPhone } = email || key ? await repo.findByContact(executor, storeId, email, key) : {};
      if (byEmail) return update(byEmail, true);
      if (byPhone) return update(byPhone, false);

      if (!email) await repo.insertCustomer(executor, fresh);
      else if (!(await repo.insertCustomerUnlessEmailTaken(executor, fresh))) {
        // Another writer created this email between our lookup and our insert: update theirs.
        const winner = await repo.findByEmail(executor, storeId, email);
        if (!winner) throw new Error(`customer with email conflict vanished in store ${storeId}`);
        return update(winner, true);
      }
      await ctx.services.events.emit(executor, storeId, 'customer.created', created.envelope.data);
      return answer(fresh.id);
    },

    /** One more booking of an existing customer (a booking staff made for them). */
    async countBooking(executor: Executor<Database>, storeId: string, customerId: string) {
      await repo.addCounts(executor, storeId, customerId, { bookings: 1, orders: 0, noShows: 0 }, nowIso());
    },

    /** One more order of an existing customer (a counter sale). */
    async countOrder(executor: Executor<Database>, storeId: string, customerId: string) {
      await repo.addCounts(executor, storeId, customerId, { bookings: 0, orders: 1, noShows: 0 }, nowIso());
    },

    /** One more no-show of the customer. */
    async countNoShow(executor: Executor<Database>, storeId: string, customerId: string) {
      await repo.addCounts(executor, storeId, customerId, { bookings: 0, orders: 0, noShows: 1 }, nowIso());
    },

    /** How many of `ids` (customers of the store) were customers before `before` (an ISO instant). */
    async countCreatedBefore(storeId: string, ids: string[], before: string): Promise<number> {
      let n = 0;
      for (let i = 0; i < ids.length; i += 500) n += (await repo.createdBefore(db, storeId, ids.slice(i, i + 500), before)).length;
      return n;
    },

    /** Adds a paid amount (or subtracts a refund) to the customer's total. */
    async addSpent(executor: Executor<Database>, storeId: string, customerId: string, amountMinor: number) {
      await repo.addSpent(executor, storeId, customerId, amountMinor, nowIso());
    },

    /** Newest first, keyset-paginated; `q` matches name, email, phone (in any format of the store's country) or a tag. */
    async list(storeId: string, options: { limit: number; cursor?: string; q?: string }) {
      const store = await ctx.services.stores.getStore(storeId);
      const currency = store.currency;
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      const phoneDigits = options.q ? phoneSearchDigits(options.q, store.country) : null;
      const rows = await repo.listCustomers(db, storeId, { limit: options.limit, after, q: options.q, phoneDigits });
      const page = rows.slice(0, options.limit);
      const last = page[page.length - 1];
      return {
        customers: page.map((r) => toCustomer(r, currency)),
        nextCursor: rows.length > options.limit && last ? encodeCursor([last.created_at, last.id]) : null,
      };
    },

    async getCustomer(storeId: string, customerId: string): Promise<Customer> {
      const row = await repo.findCustomer(db, storeId, customerId);
      if (!row) throw customerNotFound(customerId);
      return toCustomer(row, await currencyOf(storeId));
    },

    /** Staff create: 409 conflict when the store already has a customer with this email or phone. */
    async createCustomer(storeId: string, raw: unknown): Promise<Customer> {
      const { value, errors } = parseCustomerInput(raw);
      if (!value) throw validationFailed(errors);
      const key = phoneKey(value.phone, await countryOf(storeId));
      const sameNumber = key ? await repo.findByPhoneKey(db, storeId, key) : undefined;
      if (sameNumber) throw phoneTaken(sameNumber);
      const now = nowIso();
      const row: CustomerRow = {
        id: newId('cus'),
        store_id: storeId,
        name: value.name,
        email: value.email,
        phone: value.phone,
        phone_key: key,
        notes: value.notes,
        tags: JSON.stringify(value.tags),
        no_show_count: 0,
        bookings_count: 0,
        orders_count: 0,
        total_spent_minor: 0,
        created_at: now,
        updated_at: now,
      };
      const customer = toCustomer(row, await currencyOf(storeId));
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertCustomer(trx, row);
          await ctx.services.events.emit(trx, storeId, 'customer.created', customer);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return customer;
    },

    /**
     * Staff update of name, email, phone, notes and tags (only the fields sent; null clears email, phone
     * or notes). 409 conflict when another customer has the new email or phone.
     */
    async updateCustomer(storeId: string, customerId: string, patch: Record<string, unknown>): Promise<Customer> {
      const current = await service.getCustomer(storeId, customerId);
      const { value, errors } = parseCustomerInput({ name: current.name, email: current.email, phone: current.phone, notes: current.notes, tags: current.tags, ...patch });
      if (!value) throw validationFailed(errors);
      const key = phoneKey(value.phone, await countryOf(storeId));
      if (patch.phone !== undefined && key) {
        const other = await repo.findByPhoneKey(db, storeId, key, customerId);
        if (other) throw phoneTaken(other);
      }
      try {
        const result = await repo.updateCustomer(db, storeId, customerId, {
          name: value.name,
          email: value.email,
          phone: value.phone,
          phone_key: key,
          notes: value.notes,
          tags: JSON.stringify(value.tags),
          updated_at: nowIso(),
        });
        if (Number(result.numUpdatedRows) === 0) throw customerNotFound(customerId);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return service.getCustomer(storeId, customerId);
    },

    /** Staff delete: 409 conflict while bookings or orders still reference the customer. */
    async deleteCustomer(storeId: string, customerId: string): Promise<void> {
      let deleted: number;
      try {
        deleted = Number((await repo.deleteCustomer(db, storeId, customerId)).numDeletedRows);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('conflict', 'Bookings or orders still refer to this customer; it cannot be deleted.');
        throw error;
      }
      if (deleted === 0) throw customerNotFound(customerId);
    },
  };
  return service;
}

export type CustomersService = ReturnType<typeof createCustomersService>;
