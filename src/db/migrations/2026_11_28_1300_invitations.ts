import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Staff invitations: an emailed single-use link (stored as sha256, never in clear), valid 7 days.
// No account and no membership exist until the invitee accepts. A resend makes a new row and
// withdraws the old one; rows are also what invitations are throttled by (per store, per inviter).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // null: made by an operator (CLI), not by a member.
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_store_idx').on('invitations').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('invitations_inviter_idx').on('invitations').columns(['invited_by', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
