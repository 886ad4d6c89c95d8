// Order queries. First argument is `db` (the Kysely instance or a transaction); every query that
// touches tenant data filters by store_id, except lookups by the globally unique reference that
// payment providers call back with.
import type { Executor } from '../../db/sql.ts';
import { forUpdate, isPostgres } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { OrderLineRow, OrderRow, RefundRow } from './tables.ts';
import { enabledEndpointsQuery, insertEventListingEndpoints, type EndpointRef } from '../events/repository.ts';
import type { EventRow } from '../events/tables.ts';
import { statementTemplate, type Placeholders } from '../../db/template.ts';
import { sql, type ExpressionBuilder, type QueryCreator } from 'kysely';
import * as customersRepo from '../customers/repository.ts';
import * as catalogRepo from '../catalog/repository.ts';
import type { ItemRow } from '../catalog/tables.ts';

type Db = Executor<Database>;

// Built once per shape (src/db/template.ts): the checkout's hot writes.
const insertOrderStatement = statementTemplate((db, p: Placeholders<{ row: OrderRow }>) => db.insertInto('orders').values(p.row));
const insertLinesStatement = statementTemplate((db, p: Placeholders<{ rows: OrderLineRow[] }>) => db.insertInto('order_lines').values(p.rows));
const liveByClientOrderId = statementTemplate((db, p: Placeholders<{ storeId: string; key: string }>) =>
  db.selectFrom('orders').selectAll().where('store_id', '=', p.storeId).where('client_order_key', '=', p.key),
);

export const insertOrder = async (db: Db, row: OrderRow) => {
  await insertOrderStatement(db, { row });
};

export const insertLines = async (db: Db, rows: OrderLineRow[]) => {
  if (rows.length > 0) await insertLinesStatement(db, { rows });
};

/**
 * An order with its lines and its event (order.created); returns the store's enabled webhook
 * endpoints, for the event's deliveries. PostgreSQL: one statement (the order and the event in WITH
 * clauses; the lines' foreign key is checked at the statement's end, when the order is there), one
 * round trip instead of three.
 */
export async function insertOrderWithLines(db: Db, row: OrderRow, lines: OrderLineRow[], event: EventRow): Promise<EndpointRef[]> {
  if (!isPostgres(db) || lines.length === 0) {
    await insertOrder(db, row);
    await insertLines(db, lines);
    return insertEventListingEndpoints(db, event);
  }
  return (await placeOrder(db, { row, lines, event })).rows;
}

/** PostgreSQL: insertOrderWithLines' one statement, built once per number of lines (src/db/template.ts). */
const placeOrder = statementTemplate((db, p: Placeholders<{ row: OrderRow; lines: OrderLineRow[]; event: EventRow }>) =>
  enabledEndpointsQuery(
    db
      .with('placed', (qc) => qc.insertInto('orders').values(p.row))
      .with('recorded', (qc) => qc.insertInto('events').values(p.event))
      .with('listed', (qc) => qc.insertInto('order_lines').values(p.lines)),
    p.event.store_id,
  ),
);

/**
 * PostgreSQL: insertOrderWithLines with the customer's contact upserted by the same statement
 * (withContactUpsert of the customers repository): one round trip less. The order's customer_id is
 * the id the upsert gives, and so is order.created's customerId: the payload was written with the
 * new customer's id (`upsert.row.id`) and is corrected in SQL when an existing customer matched.
 * After an email race (see withContactUpsert) both are null and `customerId` is null: the caller
 * records the contact one statement at a time and sets both (setOrderCustomer).
 */
export async function placeOrderWithContact(
  db: Db,
  row: OrderRow,
  lines: OrderLineRow[],
  event: EventRow,
  upsert: customersRepo.ContactUpsert,
): Promise<{ customerId: string | null; customerCreated: boolean; endpoints: EndpointRef[] }> {
  const written = `"customerId":${JSON.stringify(upsert.row.id)}`;
  if (!event.payload.includes(written)) throw new Error('placeOrderWithContact: the event payload does not carry the new customer\'s id');
  const { rows } = await placeOrderWithContactStatement(db, { row, lines, event, contact: customersRepo.contactValues(upsert), written });
  return { customerId: rows[0]!.customer_id, customerCreated: rows[0]!.customer_created === true, endpoints: rows[0]!.endpoints };
}

const placeOrderWithContactStatement = statementTemplate(
  (db, p: Placeholders<{ row: OrderRow; lines: OrderLineRow[]; event: EventRow; contact: ReturnType<typeof customersRepo.contactValues>; written: string }>) => {
    const customerId = sql<string | null>`(select id from contact)`;
    return customersRepo
      .withContactUpsert(db as unknown as QueryCreator<Database>, p.contact)
      .with('placed', (qc) => qc.insertInto('orders').values({ ...p.row, customer_id: customerId }))
      .with('recorded', (qc) =>
        qc.insertInto('events').values({ ...p.event, payload: sql<string>`replace(${p.event.payload}, ${p.written}, '"customerId":' || coalesce(to_json(${customerId})::text, 'null'))` }),
      )
      .with('listed', (qc) => qc.insertInto('order_lines').values(p.lines))
      .selectNoFrom([
        customerId.as('customer_id'),
        // The contact's statement created the customer, and recorded its customer.created event.
        sql<boolean>`exists (select 1 from inserted)`.as('customer_created'),
        sql<EndpointRef[]>`(select coalesce(json_agg(e), '[]') from ${enabledEndpointsQuery(db, p.event.store_id)} as e)`.as('endpoints'),
      ]);
  },
);

/** After placeOrderWithContact lost an email race: the order's customer, in the order and in its event's payload. */
export async function setOrderCustomer(db: Db, storeId: string, orderId: string, customerId: string, eventId: string, payload: string): Promise<void> {
  await db.updateTable('orders').set({ customer_id: customerId }).where('store_id', '=', storeId).where('id', '=', orderId).execute();
  await db.updateTable('events').set({ payload }).where('store_id', '=', storeId).where('id', '=', eventId).execute();
}

export const findOrder = (db: Db, storeId: string, orderId: string) =>
  db.selectFrom('orders').selectAll().where('store_id', '=', storeId).where('id', '=', orderId).executeTakeFirst();

/** By reference across stores: provider callbacks and the hosted page know only the reference. */
export const findByReference = (db: Db, reference: string) =>
  db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();

export const lockByReference = (db: Db, reference: string) =>
  forUpdate(db, db.selectFrom('orders').selectAll().where('reference', '=', reference)).executeTakeFirst();

export const findLiveByClientOrderId = async (db: Db, storeId: string, clientOrderId: string) =>
  (await liveByClientOrderId(db, { storeId, key: clientOrderId })).rows[0];

/**
 * What a checkout reads before it starts: the store's rows of these items, and its live order for
 * the clientOrderId if there is one. PostgreSQL: one statement (each read as JSON, every column of
 * both tables is text or a number), one round trip instead of two.
 */
export async function itemsAndLiveOrder(db: Db, storeId: string, itemIds: string[], clientOrderId: string): Promise<{ items: ItemRow[]; live: OrderRow | undefined }> {
  if (!isPostgres(db) || itemIds.length === 0) {
    const items = itemIds.length === 0 ? [] : await catalogRepo.findItems(db, storeId, itemIds);
    return { items, live: await findLiveByClientOrderId(db, storeId, clientOrderId) };
  }
  const { rows } = await itemsAndLiveOrderStatement(db, { storeId, ids: itemIds, key: clientOrderId });
  return { items: rows[0]!.items, live: rows[0]!.live ?? undefined };
}

const itemsAndLiveOrderStatement = statementTemplate((db, p: Placeholders<{ storeId: string; ids: string[]; key: string }>) =>
  db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('items as i')
        .select(sql<ItemRow[]>`coalesce(json_agg(i), '[]')`.as('rows'))
        .where('i.store_id', '=', p.storeId)
        .where('i.id', 'in', p.ids)
        .$asScalar()
        .as('items'),
      eb
        .selectFrom('orders as o')
        .select(sql<OrderRow>`row_to_json(o)`.as('row'))
        .where('o.store_id', '=', p.storeId)
        .where('o.client_order_key', '=', p.key)
        .$asScalar()
        .as('live'),
    ]),
);

/**
 * reference, payment reference (trxref) or clientOrderId; the newest order wins. One lookup per key,
 * each answered by its own index, and the few matches ordered here: as one OR ordered by date in SQL,
 * the planner walked the store's orders by date whenever its statistics called the store small (one
 * that grew since they were taken; SQLite keeps per-store samples). The payment reference and a
 * closed order's clientOrderId have partial indexes (migration 2026_11_25_0900): each lookup repeats
 * its index's condition as written there, as both engines need to use it. A payment reference equal
 * to the order's own is found by the reference; a live order's clientOrderId by client_order_key.
 */
export async function lookupOrder(db: Db, storeId: string, value: string) {
  const orders = () => db.selectFrom('orders').selectAll().where('store_id', '=', storeId);
  const rows = await orders()
    .where('reference', '=', value)
    .unionAll(orders().where('payment_reference', '=', value).where(sql<boolean>`payment_reference <> reference`))
    .unionAll(orders().where('client_order_key', '=', value))
    .unionAll(orders().where('client_order_id', '=', value).where(sql<boolean>`client_order_key is null`))
    .execute();
  return rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))[0];
}

export const linesOf = (db: Db, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([] as OrderLineRow[])
    : db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('line_no').execute();

/**
 * Moves the order from one of `from` to a new state; false when another writer moved it first.
 * This conditional update is what makes a payment confirmed twice apply once.
 */
export async function transition(db: Db, storeId: string, orderId: string, from: string[], patch: Partial<OrderRow>): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(patch)
    .where('store_id', '=', storeId)
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const updateOrder = (db: Db, storeId: string, orderId: string, patch: Partial<OrderRow>) =>
  db.updateTable('orders').set(patch).where('store_id', '=', storeId).where('id', '=', orderId).execute();

export const dueForExpiry = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('orders')
    .select(['store_id', 'reference', 'provider', 'payment_reference'])
    .where('status', '=', 'pending_payment')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/** Orders of `provider` whose payment check is due (reconciliation), oldest first. */
export const dueForCheck = (db: Db, provider: string, now: string, limit: number) =>
  db
    .selectFrom('orders')
    .select(['store_id', 'id', 'reference', 'payment_reference', 'created_at', 'next_check_at', 'checks_done'])
    .where('next_check_at', 'is not', null)
    .where('next_check_at', '<=', now)
    .where('provider', '=', provider)
    .orderBy('next_check_at')
    .limit(limit)
    .execute() as Promise<{ store_id: string; id: string; reference: string; payment_reference: string | null; created_at: string; next_check_at: string; checks_done: number }[]>;

/** Takes a due check for this instance until `lease`: false when another took it (or it changed) first. */
export async function claimCheck(db: Db, storeId: string, orderId: string, seen: string, lease: string): Promise<boolean> {
  const result = await db.updateTable('orders').set({ next_check_at: lease }).where('store_id', '=', storeId).where('id', '=', orderId).where('next_check_at', '=', seen).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a check made under `lease`: the next one's time (null: no more) and the steps done. A
 * payment recorded meanwhile (next_check_at already cleared) is left as it is.
 */
export const finishCheck = (db: Db, storeId: string, orderId: string, lease: string, next: string | null, done: number) =>
  db.updateTable('orders').set({ next_check_at: next, checks_done: done }).where('store_id', '=', storeId).where('id', '=', orderId).where('next_check_at', '=', lease).execute();

/**
 * Orders paid in [from, to) (either end open when absent): the orders the reports count. The status
 * condition as the paid orders' partial index has it (migration 2026_11_25_0900), so it is used.
 */
const paidIn = ({ from, to }: { from?: string; to?: string }) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.and([eb('payment_status', '=', sql.lit('paid')), ...(from ? [eb('paid_at', '>=', from)] : []), ...(to ? [eb('paid_at', '<', to)] : [])]);

export function listOrders(db: Db, storeId: string, options: { limit: number; after: [string, string] | null; statuses?: string[]; customerId?: string; bookingId?: string; itemId?: string; paidIn?: { from?: string; to?: string } }) {
  let q = db.selectFrom('orders').selectAll().where('store_id', '=', storeId);
  // With a line of the item (the lines of this store's orders only: the order is the store's).
  if (options.itemId) {
    const itemId = options.itemId;
    q = q.where((eb) => eb.exists(eb.selectFrom('order_lines as l').select('l.order_id').whereRef('l.order_id', '=', 'orders.id').where('l.item_id', '=', itemId)));
  }
  if (options.paidIn) q = q.where(paidIn(options.paidIn));
  if (options.statuses?.length) q = q.where('status', 'in', options.statuses);
  if (options.customerId) q = q.where('customer_id', '=', options.customerId);
  if (options.bookingId) q = q.where('booking_id', '=', options.bookingId);
  if (options.after) {
    const [createdAt, id] = options.after;
    q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
}

/**
 * Quantity, revenue and order count per item over paid orders since `since`. The store's paid orders of
 * the period come from their partial index (its condition as written there, migration 2026_11_25_0900)
 * and only their lines are read, by the lines' key: joined, both engines preferred to read every line
 * of the store and keep those of paid orders (on a grown store, all its lines for a 30-day ranking). The
 * lines need no store condition of their own: they are lines of the store's orders. PostgreSQL gets
 * the ids as an array (`= any(array(…))`), which it looks up in the key; given `in (…)` it hashed the
 * whole lines table instead.
 */
export function topSelling(db: Db, storeId: string, since: string, limit: number) {
  return itemSales(db, storeId, { from: since }, 'quantity', limit);
}

/** Products sold in orders paid in [from, to): quantity, revenue and orders per item, best revenue first. */
export function productSalesBetween(db: Db, storeId: string, from: string, to: string, limit: number) {
  return itemSales(db, storeId, { from, to }, 'revenueMinor', limit);
}

/** Sales per item of the orders paid in [from, to) (`to` open when absent), best by `first`, then the other figure, then id. */
function itemSales(db: Db, storeId: string, period: { from: string; to?: string }, first: 'quantity' | 'revenueMinor', limit: number) {
  const paid = db.selectFrom('orders').select('id').where('store_id', '=', storeId).where(paidIn(period));
  const lines = db.selectFrom('order_lines as l');
  const then = first === 'quantity' ? 'revenueMinor' : 'quantity';
  return (isPostgres(db) ? lines.where('l.order_id', '=', sql<string>`any(array(${paid}))`) : lines.where('l.order_id', 'in', paid))
    .groupBy('l.item_id')
    .select((eb) => [
      'l.item_id as itemId',
      eb.fn.max('l.name').as('name'),
      eb.fn.sum<number | string>('l.qty').as('quantity'),
      eb.fn.sum<number | string>('l.line_total_minor').as('revenueMinor'),
      eb.fn.count<number | string>('l.order_id').distinct().as('ordersCount'),
    ])
    .orderBy(first, 'desc')
    .orderBy(then, 'desc')
    .orderBy('l.item_id')
    .limit(limit)
    .execute();
}

export const paidOrdersBetween = (db: Db, storeId: string, from: string, to: string) =>
  db
    .selectFrom('orders')
    // Net of partial refunds (a whole refund leaves the order's payment status 'refunded').
    .select(['paid_at', sql<number>`amount_paid_minor - refunded_minor`.as('amount_paid_minor'), 'customer_id'])
    .where('store_id', '=', storeId)
    .where(paidIn({ from, to }))
    .execute();

// ---- deposits and refunds ----

/** The newest deposit order of a booking. */
export const depositOf = (db: Db, storeId: string, bookingId: string) =>
  db.selectFrom('orders').selectAll().where('store_id', '=', storeId).where('booking_id', '=', bookingId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();

export const lockOrderById = (db: Db, storeId: string, orderId: string) =>
  forUpdate(db, db.selectFrom('orders').selectAll().where('store_id', '=', storeId).where('id', '=', orderId)).executeTakeFirst();

export const insertRefund = (db: Db, row: RefundRow) => db.insertInto('refunds').values(row).execute();

export const lockRefund = (db: Db, refundId: string) => forUpdate(db, db.selectFrom('refunds').selectAll().where('id', '=', refundId)).executeTakeFirst();

export const updateRefund = (db: Db, refundId: string, patch: Partial<RefundRow>) => db.updateTable('refunds').set(patch).where('id', '=', refundId).execute();

/** An order's refunds, oldest first. */
export const refundsOf = (db: Db, storeId: string, orderId: string) =>
  db.selectFrom('refunds').selectAll().where('store_id', '=', storeId).where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

/** Refunds asked of `provider` whose status check is due. */
export const refundsDueForCheck = (db: Db, provider: string, now: string, limit: number) =>
  db
    .selectFrom('refunds')
    .selectAll()
    .where('next_check_at', 'is not', null)
    .where('next_check_at', '<=', now)
    .where('provider', '=', provider)
    .where('status', '=', 'pending')
    .orderBy('next_check_at')
    .limit(limit)
    .execute();

/** Takes a due refund check until `lease`: false when another instance took it first. */
export async function claimRefundCheck(db: Db, refundId: string, seen: string, lease: string): Promise<boolean> {
  const result = await db.updateTable('refunds').set({ next_check_at: lease }).where('id', '=', refundId).where('next_check_at', '=', seen).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
