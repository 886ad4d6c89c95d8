import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The reminder sweep reads bookings by start time in pages, resuming after the last (start, id) of
// the page before: the index carries the id too, so a page resumes at its place even when thousands
// of bookings start the same minute (it scanned and sorted them all on every page before).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_start_idx').execute();
  await db.schema.createIndex('bookings_start_idx').on('bookings').columns(['start_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_start_idx').execute();
  await db.schema.createIndex('bookings_start_idx').on('bookings').columns(['start_at']).execute();
}
