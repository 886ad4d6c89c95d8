import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Orders and their lines. `client_order_key` holds the clientOrderId while the order is live
// (pending or paid) and NULL once it failed, was cancelled or expired: the unique index then lets a
// caller retry with the same clientOrderId, while two concurrent creates of one live order cannot both win
// (both engines treat NULLs as distinct in a unique index).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('client_order_id', 'text')
    .addColumn('client_order_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_reference', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('pay_token', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('fees_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('store_minor', 'integer', (c) => c.notNull())
    .addColumn('platform_minor', 'integer', (c) => c.notNull())
    .addColumn('fee_bearer', 'text', (c) => c.notNull())
    .addColumn('amount_paid_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('delivery', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('source_channel', 'text')
    .addColumn('source_label', 'text')
    .addColumn('sync_status', 'text', (c) => c.notNull())
    .addColumn('stock_held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_store_client_key_unique').on('orders').columns(['store_id', 'client_order_key']).unique().execute();
  await db.schema.createIndex('orders_store_client_idx').on('orders').columns(['store_id', 'client_order_id']).execute();
  await db.schema.createIndex('orders_store_payment_ref_idx').on('orders').columns(['store_id', 'payment_reference']).execute();
  await db.schema.createIndex('orders_store_created_idx').on('orders').columns(['store_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_store_paid_idx').on('orders').columns(['store_id', 'payment_status', 'paid_at']).execute();
  await db.schema.createIndex('orders_status_expires_idx').on('orders').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .addColumn('line_total_minor', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
    .execute();
  await db.schema.createIndex('order_lines_store_item_idx').on('order_lines').columns(['store_id', 'item_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_lines').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
}
