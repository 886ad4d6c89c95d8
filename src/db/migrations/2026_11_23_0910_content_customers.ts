import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// One current promo per store, and one customer per email within a store: constraints, so that
// concurrent writers (staff, bookings, checkout, several instances) cannot create duplicates.
// Both engines treat NULLs as distinct in a unique index, so customers without email are not affected.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('promos_store_unique').on('promos').column('store_id').unique().execute();
  await db.schema.dropIndex('promos_store_idx').execute();
  await db.schema.createIndex('customers_store_email_unique').on('customers').columns(['store_id', 'email']).unique().execute();
  await db.schema.dropIndex('customers_store_email_idx').execute();
  await db.schema.createIndex('gallery_items_store_order_idx').on('gallery_items').columns(['store_id', 'sort_order', 'created_at']).execute();
  await db.schema.dropIndex('gallery_items_store_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('gallery_items_store_idx').on('gallery_items').column('store_id').execute();
  await db.schema.dropIndex('gallery_items_store_order_idx').execute();
  await db.schema.createIndex('customers_store_email_idx').on('customers').columns(['store_id', 'email']).execute();
  await db.schema.dropIndex('customers_store_email_unique').execute();
  await db.schema.createIndex('promos_store_idx').on('promos').column('store_id').execute();
  await db.schema.dropIndex('promos_store_unique').execute();
}
