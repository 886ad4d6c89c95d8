import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Payment reconciliation: an order paid through a real provider is verified with it on a schedule
// (2, 5, 15 and 60 minutes after checkout, then hourly for a day), so a lost callback never leaves
// paid money unrecorded. next_check_at is when the next check is due (NULL: none; while a check runs,
// the end of its lease), checks_done how many steps are behind it. paid_via records how the payment
// was learnt of: callback, return, status_check, staff, counter, sandbox.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('next_check_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('checks_done', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('paid_via', 'text').execute();
  await db.schema.createIndex('orders_next_check_idx').on('orders').column('next_check_at').where(sql.ref('next_check_at'), 'is not', null).execute();
  // Checkouts already waiting on a real provider get one check at once, then the schedule.
  await db
    .updateTable('orders')
    .set({ next_check_at: new Date().toISOString() })
    .where('status', '=', 'pending_payment')
    .where('provider', 'not in', ['sandbox', 'manual'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_next_check_idx').execute();
  await db.schema.alterTable('orders').dropColumn('paid_via').execute();
  await db.schema.alterTable('orders').dropColumn('checks_done').execute();
  await db.schema.alterTable('orders').dropColumn('next_check_at').execute();
}
