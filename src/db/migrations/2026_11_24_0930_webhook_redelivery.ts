import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Redelivery (POST …/deliveries/{id}/redeliver) reopens a finished delivery with a fresh retry
// schedule and keeps its attempt history, so attempts stay numbered across rounds:
// schedule_base = attempts made before the current schedule started (0 until a redelivery).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('schedule_base', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('redelivery_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('redelivered_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['redelivered_at', 'redelivery_count', 'schedule_base']) {
    await db.schema.alterTable('webhook_deliveries').dropColumn(column).execute();
  }
}
