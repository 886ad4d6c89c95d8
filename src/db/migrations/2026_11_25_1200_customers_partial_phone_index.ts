import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The phone lookup's index (store_id, phone, created_at, id) held every customer, also those without
// a phone (most checkouts send only an email), and each new one was written into it for no reader: a
// contact is only ever looked up by a phone it has. It now holds the customers with a phone (a partial
// index). The lookups (src/modules/customers/repository.ts) repeat its condition word for word.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('customers_store_phone_lookup_idx')
    .on('customers')
    .columns(['store_id', 'phone', 'created_at', 'id'])
    .where(sql<boolean>`phone is not null`)
    .execute();
  await db.schema.dropIndex('customers_store_phone_created_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('customers_store_phone_created_idx').on('customers').columns(['store_id', 'phone', 'created_at', 'id']).execute();
  await db.schema.dropIndex('customers_store_phone_lookup_idx').execute();
}
