import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Bookings, one lock row per bookable service (serialises capacity checks on PostgreSQL), and the
// customer-mail outbox written in the same transaction as the booking change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('booking_date', 'text', (c) => c.notNull())
    .addColumn('booking_time', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notes', 'text')
    .addColumn('staff_notes', 'text')
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('payment_amount_minor', 'integer')
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('source_channel', 'text')
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_store_created_idx').on('bookings').columns(['store_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('bookings_store_service_start_idx').on('bookings').columns(['store_id', 'service_id', 'start_at']).execute();

  await db.schema
    .createTable('booking_locks')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_locks_pk', ['store_id', 'service_id'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('booking_id', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['mail_outbox', 'booking_locks', 'bookings']) await db.schema.dropTable(t).ifExists().execute();
}
