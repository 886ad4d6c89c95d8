import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The console's customer page lists one customer's bookings and orders, newest first
// (GET …/bookings?customerId, …/orders?customerId). Customer ids are unique across stores, so
// customer_id leads: the same index serves those lists and the foreign-key check that refuses to
// delete a customer still referred to.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('bookings_customer_created_idx').on('bookings').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_customer_created_idx').on('orders').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_customer_created_idx').execute();
  await db.schema.dropIndex('bookings_customer_created_idx').execute();
}
