import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The store speaks:
// - stores.profile: contact, country, locale, hours, cancellation cut-off and reminder offsets (JSON).
// - bookings: a manage link's token (random, ≥128 bits, unique), the calendar SEQUENCE of the booking's
//   iCalendar event, when its time was last set (reminders due before it are skipped), and who cancelled
//   it and why.
// - mail_outbox carries customer and staff messages by kind: what to say (`payload`, rendered when sent),
//   the order it is about, and a dedupe key that makes a reminder at most once per booking, offset and time
//   whatever the number of instances.
// - memberships.notifications: which store alerts the member is emailed (null: the role's default).
const TOKEN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function manageToken(): string {
  let out = '';
  while (out.length < 24) {
    for (const byte of randomBytes(32)) if (byte < 248 && out.length < 24) out += TOKEN_ALPHABET[byte % 62];
  }
  return out;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stores').addColumn('profile', 'text', (c) => c.notNull().defaultTo('{}')).execute();

  await db.schema.alterTable('bookings').addColumn('manage_token', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('bookings').addColumn('time_set_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('cancelled_by', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('cancelled_at', 'text').execute();
  // Existing bookings get their own links too (in batches: a grown database has many).
  for (;;) {
    const rows = await db.selectFrom('bookings').select('id').where('manage_token', 'is', null).limit(500).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db.updateTable('bookings').set({ manage_token: manageToken(), time_set_at: sql`created_at` }).where('id', '=', row.id).execute();
    }
  }
  await db.schema.createIndex('bookings_manage_token_idx').on('bookings').column('manage_token').unique().execute();
  // Reminders look for the bookings starting soon, over all stores.
  await db.schema.createIndex('bookings_start_idx').on('bookings').columns(['start_at']).execute();

  for (const [column, type] of [
    ['kind', 'text'],
    ['payload', 'text'],
    ['order_id', 'text'],
    ['dedupe_key', 'text'],
  ] as const) {
    await db.schema.alterTable('mail_outbox').addColumn(column, type).execute();
  }
  await db.schema.createIndex('mail_outbox_dedupe_idx').on('mail_outbox').columns(['store_id', 'dedupe_key']).unique().execute();
  await db.schema.createIndex('mail_outbox_booking_idx').on('mail_outbox').columns(['booking_id', 'created_at']).execute();

  await db.schema.alterTable('memberships').addColumn('notifications', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('notifications').execute();
  await db.schema.dropIndex('mail_outbox_booking_idx').execute();
  await db.schema.dropIndex('mail_outbox_dedupe_idx').execute();
  for (const column of ['dedupe_key', 'order_id', 'payload', 'kind']) await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  await db.schema.dropIndex('bookings_start_idx').execute();
  await db.schema.dropIndex('bookings_manage_token_idx').execute();
  for (const column of ['cancelled_at', 'cancel_reason', 'cancelled_by', 'time_set_at', 'calendar_sequence', 'manage_token']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
  await db.schema.alterTable('stores').dropColumn('profile').execute();
}
