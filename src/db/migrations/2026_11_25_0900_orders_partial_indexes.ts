import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A new order was written into ten b-trees: the table and nine indexes. Three of those indexes held
// every order but are read for few of them, so they now hold only those (partial indexes; the
// lookups that use them repeat each index's condition word for word, which both engines need to pick
// a partial index: src/modules/checkout/repository.ts):
// - clientOrderId of a closed order (failed, cancelled, expired, refunded). While an order is live
//   (pending or paid), client_order_key holds the same value and its unique index answers; the key
//   is cleared when the order closes, and only then is the order added here.
// - the provider's payment reference where it differs from the order's reference. The sandbox and
//   Paystack (which is given the order's reference) both return the order's own reference, answered
//   by the reference's unique index; manual orders have none.
// - paid_at of paid orders, for the reports (top sellers, sales by day): an order is added when it is
//   paid, not while it waits for payment.
// A checkout then writes seven b-trees for its order instead of ten.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_store_closed_client_idx')
    .on('orders')
    .columns(['store_id', 'client_order_id'])
    .where(sql<boolean>`client_order_key is null and client_order_id is not null`)
    .execute();
  await db.schema.dropIndex('orders_store_client_idx').execute();
  await db.schema
    .createIndex('orders_store_provider_ref_idx')
    .on('orders')
    .columns(['store_id', 'payment_reference'])
    .where(sql<boolean>`payment_reference <> reference`)
    .execute();
  await db.schema.dropIndex('orders_store_payment_ref_idx').execute();
  await db.schema.createIndex('orders_store_paid_at_idx').on('orders').columns(['store_id', 'paid_at']).where(sql<boolean>`payment_status = 'paid'`).execute();
  await db.schema.dropIndex('orders_store_paid_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_store_paid_idx').on('orders').columns(['store_id', 'payment_status', 'paid_at']).execute();
  await db.schema.dropIndex('orders_store_paid_at_idx').execute();
  await db.schema.createIndex('orders_store_payment_ref_idx').on('orders').columns(['store_id', 'payment_reference']).execute();
  await db.schema.dropIndex('orders_store_provider_ref_idx').execute();
  await db.schema.createIndex('orders_store_client_idx').on('orders').columns(['store_id', 'client_order_id']).execute();
  await db.schema.dropIndex('orders_store_closed_client_idx').execute();
}
