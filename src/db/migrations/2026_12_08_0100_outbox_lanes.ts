import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Outbox lanes: messages people wait for (a password reset, a booking's confirmation or deposit link)
// are sent ahead of bulk ones (reminders), each lane in order. lane 0 = urgent, 1 = staff alerts,
// 2 = bulk. The due-mail index leads with the lane, so the worker reads the next due messages in
// lane order straight from it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('lane', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('mail_outbox').set({ lane: 2 }).where('kind', '=', 'booking.reminder').execute();
  await db.updateTable('mail_outbox').set({ lane: 1 }).where('kind', 'like', 'alert.%').execute();
  await db.schema.dropIndex('mail_outbox_due_idx').execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'lane', 'next_attempt_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due_idx').execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.alterTable('mail_outbox').dropColumn('lane').execute();
}
