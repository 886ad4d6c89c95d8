import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Housekeeping (src/workers.ts) deletes by age: expired sessions, idempotency records past their
// 24 h window, events past the retention period. These indexes keep those deletes off full scans.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_created_idx').execute();
  await db.schema.dropIndex('idempotency_keys_created_idx').execute();
  await db.schema.dropIndex('sessions_expires_idx').execute();
}
