import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { pgDriver } from './connect.ts';
import { isPostgres } from './sql.ts';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL advisory lock held while migrating and while a scratch schema is dropped. Kysely's
 * migrator introspects the tables of every schema; a schema dropped by another process in the
 * middle of that (parallel test files, benchmarks) failed it with "schema … does not exist".
 * It also makes instances that start together migrate one after the other.
 */
export const SCHEMA_CHANGE_LOCK = 726_2026;

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (!isPostgres(db)) {
    // SQLite: Kysely runs migrations outside a transaction with no lock, so two processes starting
    // on one file (several `npm start`s) would both apply them. One IMMEDIATE transaction takes the
    // write lock first (the other waits, up to busy_timeout) and makes the whole run atomic.
    return db.connection().execute(async (conn) => {
      await sql`BEGIN IMMEDIATE`.execute(conn);
      try {
        const applied = await migrateWith(conn);
        await sql`COMMIT`.execute(conn);
        return applied;
      } catch (error) {
        await sql`ROLLBACK`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  }
  return withSchemaChangeLock(db, migrateWith);
}

/**
 * PostgreSQL: runs `work` on one connection holding SCHEMA_CHANGE_LOCK (a session lock: taken again
 * inside, as migrateToLatest does, it is simply held twice).
 */
export async function withSchemaChangeLock<T>(db: Kysely<any>, work: (conn: Kysely<any>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(conn);
    }
  });
}

/** The names of the migrations this build has (a backup of a newer schema cannot be restored by it). */
export async function knownMigrations(): Promise<string[]> {
  const files = await fs.readdir(migrationFolder);
  return files.filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.map')).map((f) => f.replace(/\.(ts|js)$/, '')).sort();
}

/**
 * The migrations of the folder, each module imported only when it runs (up or down): a start with
 * nothing to migrate loads none of them (nor what they import).
 */
const lazyMigrations: MigrationProvider = {
  async getMigrations() {
    const files = (await fs.readdir(migrationFolder)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'));
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const load = () => import(pathToFileURL(path.join(migrationFolder, file)).href) as Promise<Partial<Migration>>;
      migrations[file.replace(/\.(ts|js)$/, '')] = {
        up: async (db) => (await load()).up!(db),
        down: async (db) => {
          const migration = await load();
          if (!migration.down) throw new Error(`migration ${file} cannot be undone`);
          await migration.down(db);
        },
      };
    }
    return migrations;
  },
};

/** The service's migrator on `db` (tests use it to run the migrations down as well). */
export async function serviceMigrator(db: Kysely<any>): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one PostgreSQL database (tests) it would find another schema's and skip creating its own.
  const schema = isPostgres(db) ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  return new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: lazyMigrations,
    // Modules add dated migrations independently; apply any that have not run yet.
    allowUnorderedMigrations: true,
  });
}

async function migrateWith(db: Kysely<any>): Promise<string[]> {
  const migrator = await serviceMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const err = new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
    (err as any).cause = error;
    throw err;
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Drops a scratch PostgreSQL schema (tests, benchmarks) without racing another process's migration. */
export async function dropScratchSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const client = new (pgDriver().Client)({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end(); // ends the session, which releases the lock
  }
}
