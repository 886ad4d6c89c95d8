import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type Kysely } from 'kysely';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>, schema: string | null = null): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
    // Modules add dated migrations independently; apply any that have not run yet.
    allowUnorderedMigrations: true,
    // Keep the bookkeeping tables beside the data when a schema is chosen (introspection would
    // otherwise find another schema's tables and skip creating them here).
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const err = new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
    (err as any).cause = error;
    throw err;
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
