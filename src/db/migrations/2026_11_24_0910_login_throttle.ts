import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Login throttling keeps one counter row per subject (an account, a source address, or the pair),
// locked and incremented before the password is checked, so parallel attempts cannot all pass a
// check made before any of them was recorded. It replaces the per-failure rows of login_failures.
// Subjects are hashes: the table holds no email or address.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();
  await db.schema.createIndex('login_throttle_last_failure_idx').on('login_throttle').column('last_failure_at').execute();
  await db.schema.dropTable('login_failures').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_subject_idx').on('login_failures').columns(['subject', 'failed_at']).execute();
}
