import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Catalog sync runs, the known-good snapshot kept per applied run, and a per-store lock row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mode', 'text')
    .addColumn('source', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rollback_of', 'text')
    .addColumn('rolled_back_by', 'text')
    .addColumn('rolled_back_at', 'text')
    .addColumn('actor', 'text')
    .execute();
  await db.schema.createIndex('sync_runs_store_started_idx').on('sync_runs').columns(['store_id', 'started_at', 'id']).execute();

  await db.schema
    .createTable('sync_run_snapshots')
    .addColumn('run_id', 'text', (c) => c.primaryKey().references('sync_runs.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_run_snapshots_store_created_idx').on('sync_run_snapshots').columns(['store_id', 'created_at']).execute();

  await db.schema
    .createTable('sync_store_locks')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sync_store_locks', 'sync_run_snapshots', 'sync_runs']) await db.schema.dropTable(t).ifExists().execute();
}
