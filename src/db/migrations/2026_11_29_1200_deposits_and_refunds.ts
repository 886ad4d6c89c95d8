import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Deposits and refunds through the provider. A deposit is an order of one line ("Deposit: {service}")
// tied to its booking (orders.booking_id); the booking keeps what is due (deposit_minor, NULL when
// the service asks none) and what was paid (amount_paid_minor, net of refunds). An order's refunds
// are rows of their own (a refund asked of Paystack is pending until its callback or a status check
// says processed or failed); the order keeps the sums processed (refunded_minor) and still pending
// (refund_pending_minor), so a second refund can never return more than was paid.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('booking_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('refund_pending_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('orders_booking_idx').on('orders').columns(['store_id', 'booking_id']).where(sql.ref('booking_id'), 'is not', null).execute();
  await db.schema.alterTable('bookings').addColumn('deposit_minor', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('amount_paid_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    // pending (asked of the provider) → processed | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    // 1: the items go back on the shelf when the refund completes the order's.
    .addColumn('restock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text')
    .addColumn('failure', 'text')
    .addColumn('requested_by', 'text')
    .addColumn('next_check_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').columns(['store_id', 'order_id', 'created_at']).execute();
  await db.schema.createIndex('refunds_next_check_idx').on('refunds').column('next_check_at').where(sql.ref('next_check_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('bookings').dropColumn('amount_paid_minor').execute();
  await db.schema.alterTable('bookings').dropColumn('deposit_minor').execute();
  await db.schema.dropIndex('orders_booking_idx').execute();
  await db.schema.alterTable('orders').dropColumn('refund_pending_minor').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_minor').execute();
  await db.schema.alterTable('orders').dropColumn('booking_id').execute();
}
