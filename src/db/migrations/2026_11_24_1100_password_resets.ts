import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../sql.ts';

// Frozen: never edit a migration that has shipped; add a new one.
// Passwords (CONTRACT §9): single-use reset tokens (stored as sha256, never in clear), the flag an
// invited member's temporary password carries until they choose their own, and account mail in the
// outbox: a reset mail belongs to no store (store_id becomes nullable), and its link is replaced by
// `redacted_body` once the mail has left, so the outbox does not keep a usable link.
const MAIL_COLUMNS = ['id', 'store_id', 'booking_id', 'to_address', 'subject', 'body_text', 'status', 'attempts', 'next_attempt_at', 'locked_until', 'last_error', 'created_at', 'sent_at'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_at').execute();

  if (isPostgres(db)) {
    await sql`ALTER TABLE mail_outbox ALTER COLUMN store_id DROP NOT NULL`.execute(db);
    await db.schema.alterTable('mail_outbox').addColumn('redacted_body', 'text').execute();
    return;
  }
  // SQLite cannot drop a NOT NULL constraint: the table is rebuilt (inside the migration's transaction).
  await db.schema
    .createTable('mail_outbox_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.references('stores.id').onDelete('cascade'))
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
    .addColumn('redacted_body', 'text')
    .execute();
  await db.insertInto('mail_outbox_next').columns(MAIL_COLUMNS).expression(db.selectFrom('mail_outbox').select(MAIL_COLUMNS)).execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.alterTable('mail_outbox_next').renameTo('mail_outbox').execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Account mail (no store) cannot go back into a table that requires one.
  await db.deleteFrom('mail_outbox').where('store_id', 'is', null).execute();
  await db.schema.alterTable('mail_outbox').dropColumn('redacted_body').execute();
  // SQLite keeps store_id nullable: NOT NULL would need another rebuild, and older code never writes null.
  if (isPostgres(db)) await sql`ALTER TABLE mail_outbox ALTER COLUMN store_id SET NOT NULL`.execute(db);
  await db.schema.dropTable('password_resets').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
