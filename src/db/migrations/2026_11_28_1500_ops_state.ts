import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// What the server records of its own operation for every instance to see: the last backup's outcome.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ops_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ops_state').execute();
}
