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
import { normaliseEmail, normalisePhone, parseCustomerInput } from './customer-input.ts';
import * as repo from './repository.ts';

export { normaliseEmail, normalisePhone };

export interface ContactInput {
  name: string;
  email?: string | null;
  phone?: string | null;
}

export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    bookingsCount: Number(row.bookings_count),
    ordersCount: Number(row.orders_count),
    totalSpent: toMajor(totalSpentMinor, currency),
    totalSpentMinor,
  };
}

/** A new customer's row for a contact (the name falls back to the email, then the phone). */
function newCustomerRow(storeId: string, c: { name: string; email: string | null; phone: string | null; bookings: number; orders: number; now: string }): CustomerRow {
  return {
    id: newId('cus'),
    store_id: storeId,
    name: c.name || c.email || c.phone || '',
    email: c.email,
    phone: c.phone,
    bookings_count: c.bookings,
    orders_count: c.orders,
    total_spent_minor: 0,
    created_at: c.now,
    updated_at: c.now,
  };
}

const customerNotFound = (id: string) => notFound('not-found', `No customer ${id} in this store.`);
const emailTaken = () => conflict('conflict', 'Another customer of this store has this email.', [{ field: 'email', message: 'already used by another customer of this store' }]);

export function createCustomersService(ctx: AppContext) {
  const { db } = ctx;

  async function currencyOf(storeId: string) {
    return (await ctx.services.stores.getStore(storeId)).currency;
  }

  const service = {
    /**
     * PostgreSQL: what upsertFromContact writes, for a statement of the caller's that does it in its
     * own WITH clauses (customers repository, withContactUpsert; checkout places its order with it).
     * Null without an email or phone: there is nobody to record.
     */
    contactUpsert(storeId: string, contact: ContactInput, counters: { bookings?: number; orders?: number }): repo.ContactUpsert | null {
      const email = normaliseEmail(contact.email);
      const phone = normalisePhone(contact.phone);
      if (!email && !phone) return null;
      const name = typeof contact.name === 'string' ? contact.name.trim() : '';
      const now = nowIso();
      const bookings = counters.bookings ?? 0;
      const orders = counters.orders ?? 0;
      return {
        row: newCustomerRow(storeId, { name, email, phone, bookings, orders, now }),
        name,
        bookings,
        orders,
      };
    },

    /**
     * Finds the store's customer by email, then by phone, and updates it, or creates one; returns
     * its id. Pass the transaction of the booking or order so both commit together.
     *
     * On a match the latest non-empty name wins. Matched by email (the strong identity), the sent
     * phone replaces the stored one. Matched by phone only (phones can be shared), a sent email is
     * filled in when the record has none but never replaces a different one. Concurrent calls
     * with the same new email create one customer (the unique index on (store_id, email) decides).
     */
    async upsertFromContact(
      executor: Executor<Database>,
      storeId: string,
      contact: ContactInput,
      counters: { bookings?: number; orders?: number } = {},
    ): Promise<string> {
      return (await service.upsertFromContactAlongside(executor, storeId, contact, counters, null)).customerId;
    },

    /**
     * upsertFromContact, with `alongside` (PostgreSQL: an expression of the caller's) evaluated in the
     * same statement as the contact's lookups and write, one round trip less; its value, or null where
     * it was not evaluated (SQLite, or no expression): the caller then does that work itself.
     */
    async upsertFromContactAlongside<T>(
      executor: Executor<Database>,
      storeId: string,
      contact: ContactInput,
      counters: { bookings?: number; orders?: number },
      alongside: RawBuilder<T> | null,
    ): Promise<{ customerId: string; alongside: T | null }> {
      const email = normaliseEmail(contact.email);
      const phone = normalisePhone(contact.phone);
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
          bookings,
          orders,
          now,
        });
        return answer(existing.id);
      };

      const row = (): CustomerRow => newCustomerRow(storeId, { name, email, phone, bookings, orders, now });
      // PostgreSQL: the lookups and the write in one round trip; the steps below when it lost a race.
      if (isPostgres(executor)) {
        const result = await repo.upsertContactInOne(executor, { row: row(), name, bookings, orders }, alongside ?? undefined);
        also = result.alongside;
        if (result.id) return answer(result.id);
      }

      const { byEmail, byPhone } = email || phone ? await repo.findByContact(executor, storeId, email, phone) : {};
      if (byEmail) return update(byEmail, true);
      if (byPhone) return update(byPhone, false);

      const fresh = row();
      if (!email) {
        await repo.insertCustomer(executor, fresh);
        return answer(fresh.id);
      }
      if (await repo.insertCustomerUnlessEmailTaken(executor, fresh)) return answer(fresh.id);
      // Another writer created this email between our lookup and our insert: update theirs.
      const winner = await repo.findByEmail(executor, storeId, email);
      if (!winner) throw new Error(`customer with email conflict vanished in store ${storeId}`);
      return update(winner, true);
    },

    /** Adds a paid amount (or subtracts a refund) to the customer's total. */
    async addSpent(executor: Executor<Database>, storeId: string, customerId: string, amountMinor: number) {
      await repo.addSpent(executor, storeId, customerId, amountMinor, nowIso());
    },

    /** Newest first, keyset-paginated; `q` matches name, email or phone. */
    async list(storeId: string, options: { limit: number; cursor?: string; q?: string }) {
      const currency = await currencyOf(storeId);
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      const rows = await repo.listCustomers(db, storeId, { limit: options.limit, after, q: options.q });
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

    /** Staff create: 409 conflict when the store already has a customer with this email. */
    async createCustomer(storeId: string, raw: unknown): Promise<Customer> {
      const { value, errors } = parseCustomerInput(raw);
      if (!value) throw validationFailed(errors);
      const now = nowIso();
      const row: CustomerRow = {
        id: newId('cus'),
        store_id: storeId,
        name: value.name,
        email: value.email,
        phone: value.phone,
        bookings_count: 0,
        orders_count: 0,
        total_spent_minor: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insertCustomer(db, row);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return toCustomer(row, await currencyOf(storeId));
    },

    /** Staff update of name, email and phone (only the fields sent; null clears email or phone). */
    async updateCustomer(storeId: string, customerId: string, patch: Record<string, unknown>): Promise<Customer> {
      const current = await service.getCustomer(storeId, customerId);
      const { value, errors } = parseCustomerInput({ name: current.name, email: current.email, phone: current.phone, ...patch });
      if (!value) throw validationFailed(errors);
      try {
        const result = await repo.updateCustomer(db, storeId, customerId, { name: value.name, email: value.email, phone: value.phone, updated_at: nowIso() });
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
