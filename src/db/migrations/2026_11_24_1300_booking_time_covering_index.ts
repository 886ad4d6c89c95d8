import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Availability and the booking capacity check read a service's bookings around a time: start, end,
// status and seats. With all four in the index those reads never touch the table (on a grown store,
// ~900 bookings per 62-day answer), and the seats come out grouped by time in index order. It
// replaces bookings_store_service_start_idx, which is its prefix.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('bookings_service_time_idx').on('bookings').columns(['store_id', 'service_id', 'start_at', 'end_at', 'status', 'quantity']).execute();
  await db.schema.dropIndex('bookings_store_service_start_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('bookings_store_service_start_idx').on('bookings').columns(['store_id', 'service_id', 'start_at']).execute();
  await db.schema.dropIndex('bookings_service_time_idx').execute();
}
