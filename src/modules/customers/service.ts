// Customer records: created and updated from bookings and orders (matched by email, then
// phone) and by staff.
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { CustomerRow } from './tables.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { newId } from '../../shared/ids.ts';
import { toMajor } from '../../shared/money.ts';
import { nowIso } from '../../shared/time.ts';

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

export function normaliseEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

/** Phones are matched on digits only (a leading + kept), so "+233 24 000 0000" equals "+233240000000". */
export function normalisePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return (phone.trim().startsWith('+') ? '+' : '') + digits;
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

export function createCustomersService(ctx: AppContext) {
  const service = {
    /**
     * Finds the store's customer by email, then phone, and updates it, or creates one.
     * Pass the transaction of the booking or order so both commit together.
     */
    async upsertFromContact(
      db: Executor<Database>,
      storeId: string,
      contact: ContactInput,
      counters: { bookings?: number; orders?: number } = {},
    ): Promise<string> {
      const email = normaliseEmail(contact.email);
      const phone = normalisePhone(contact.phone);
      const now = nowIso();
      let existing: CustomerRow | undefined;
      if (email) existing = await db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('email', '=', email).orderBy('created_at').executeTakeFirst();
      if (!existing && phone) existing = await db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('phone', '=', phone).orderBy('created_at').executeTakeFirst();
      if (existing) {
        await db
          .updateTable('customers')
          .set((eb) => ({
            name: contact.name.trim() || existing!.name,
            email: email ?? existing!.email,
            phone: phone ?? existing!.phone,
            bookings_count: eb('bookings_count', '+', counters.bookings ?? 0),
            orders_count: eb('orders_count', '+', counters.orders ?? 0),
            updated_at: now,
          }))
          .where('store_id', '=', storeId)
          .where('id', '=', existing.id)
          .execute();
        return existing.id;
      }
      const id = newId('cus');
      await db
        .insertInto('customers')
        .values({
          id,
          store_id: storeId,
          name: contact.name.trim(),
          email,
          phone,
          bookings_count: counters.bookings ?? 0,
          orders_count: counters.orders ?? 0,
          total_spent_minor: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    },

    /** Adds a paid amount (or subtracts a refund) to the customer's total. */
    async addSpent(db: Executor<Database>, storeId: string, customerId: string, amountMinor: number) {
      await db
        .updateTable('customers')
        .set((eb) => ({ total_spent_minor: eb('total_spent_minor', '+', amountMinor), updated_at: nowIso() }))
        .where('store_id', '=', storeId)
        .where('id', '=', customerId)
        .execute();
    },

    /** Newest first, keyset-paginated; `q` matches name, email or phone. */
    async list(storeId: string, options: { limit: number; cursor?: string; q?: string }) {
      const store = await ctx.services.stores.getStore(storeId);
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      let query = ctx.db.selectFrom('customers').selectAll().where('store_id', '=', storeId);
      if (options.q) {
        const like = `%${options.q.toLowerCase().replace(/[%_\\]/g, '')}%`;
        query = query.where((eb) =>
          eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb('email', 'like', like), eb('phone', 'like', like)]),
        );
      }
      if (after) {
        query = query.where((eb) => eb.or([eb('created_at', '<', after[0]), eb.and([eb('created_at', '=', after[0]), eb('id', '<', after[1])])]));
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
      const page = rows.slice(0, options.limit);
      const last = page[page.length - 1];
      return {
        customers: page.map((r) => toCustomer(r, store.currency)),
        nextCursor: rows.length > options.limit && last ? encodeCursor([last.created_at, last.id]) : null,
      };
    },
  };
  return service;
}

export type CustomersService = ReturnType<typeof createCustomersService>;
