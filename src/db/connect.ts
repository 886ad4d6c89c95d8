import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { Kysely, PostgresDialect, sql, type LogConfig } from 'kysely';
import { GroupCommitSqliteDialect, GroupCommitSqliteDriver, type GroupCommitDatabase } from './sqlite-group-commit.ts';
import type { Database } from './database.ts';
import { withPreparedStatements } from './pg-prepared.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY clients. */
  pgPool: pg.Pool | null;
  /** SQLite only: the database file (null in memory). */
  sqliteFile: string | null;
  destroy(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL schema to use (created if missing); tests use one per file. */
  schema?: string;
  poolSize?: number;
  /** Kysely's query log (bench/round-trips.ts counts statements with it). */
  log?: LogConfig;
  /** PostgreSQL: name the service's statements so each connection parses them once (src/db/pg-prepared.ts). Default true. */
  preparedStatements?: boolean;
  /** SQLite file: checkpoint the WAL in a worker thread (src/db/sqlite-checkpointer.ts); the server does. Default false. */
  checkpointInBackground?: boolean;
}

let pgLoaded: typeof pg | null = null;

/** The PostgreSQL driver, loaded on first use: a server on SQLite never loads its ~35 files. */
export function pgDriver(): typeof pg {
  if (!pgLoaded) {
    pgLoaded = createRequire(import.meta.url)('pg') as typeof pg;
    // COUNT/SUM come back as int8; our values fit in a JS number.
    pgLoaded.types.setTypeParser(20, (v) => Number(v));
    pgLoaded.types.setTypeParser(1700, (v) => Number(v));
  }
  return pgLoaded;
}

/** How long a SQLite statement waits for another process's write lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** How much of a SQLite database file is read through a memory map (SQLite's mmap_size); the rest is read as usual. */
export const SQLITE_MMAP_BYTES = 256 * 1024 * 1024;

/** Prepared statements kept per SQLite connection, by SQL text (the service issues a few hundred distinct ones). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 behind Kysely, with its prepared statements kept: Kysely's driver prepares every
 * statement again on every execution, which profiling showed as a tenth of a booking's CPU time.
 * Kysely produces the same SQL text for the same query shape (values are parameters), so the text is
 * the key. A statement still being iterated (a streamed query) is not shared: a fresh one is prepared.
 */
function withStatementCache(sqlite: SQLite.Database): GroupCommitDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement || statement.busy) {
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/** PostgreSQL: rows changed since the last ANALYZE that make optimizeDatabase analyze a table again. */
const PG_ANALYZE_AFTER_ROWS = 1000;

/**
 * Lets the query planner know the tables' sizes, at start and then hourly (src/workers.ts
 * housekeeping). SQLite: `PRAGMA optimize` runs ANALYZE (with a row limit, so it is quick) on tables
 * that have none or have grown a lot since, as SQLite advises for long-lived connections. Without
 * statistics SQLite picked an index that walked a store's every customer for a phone lookup.
 * PostgreSQL: autovacuum does the same when it runs, but it can be off or behind (a bulk import, a
 * restored dump, a server tuned for writes), and it waits for a tenth of a table to change. On a
 * server where one big store fills a table, a new store's first thousands of orders are far less
 * than that, and until they are in the statistics the planner takes the new store for an empty one
 * and may read all its rows through any index that starts with store_id (seen on the grown bench: a
 * clientOrderId check through the paid-orders index, 3 ms). So the service's own tables are analyzed
 * here when never analyzed, or when a tenth of their rows or PG_ANALYZE_AFTER_ROWS rows changed since,
 * whichever is fewer (ANALYZE reads a fixed-size sample, so it is quick on big tables too).
 */
export async function optimizeDatabase(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`pragma optimize=0x10002`.execute(db);
    return;
  }
  const stale = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables
    where schemaname = current_schema()
      and (coalesce(last_analyze, last_autoanalyze) is null and n_live_tup + n_mod_since_analyze > 0
           or n_mod_since_analyze > least(${PG_ANALYZE_AFTER_ROWS}::bigint, greatest(50, n_live_tup / 10)))
    order by relname`.execute(db);
  await analyze(db, stale.rows);
}

async function analyze(db: Kysely<any>, tables: { relname: string }[]): Promise<string[]> {
  for (const { relname } of tables) {
    // A role that does not own the table may not analyze it (42501): autovacuum's statistics then stand.
    await sql`analyze ${sql.id(relname)}`.execute(db).catch((error: { code?: string }) => {
      if (error?.code !== '42501') throw error;
    });
  }
  return tables.map((t) => t.relname);
}

/** Rows a table needs before analyzeGrownTables looks at it. */
const GROWN_MIN_ROWS = 50;

/**
 * PostgreSQL, every few seconds (src/workers.ts): analyzes the service's tables that hold at least
 * twice the rows the planner's statistics say (or GROWN_MIN_ROWS with none at all); returns their
 * names. The service's statements are prepared (src/db/pg-prepared.ts) and PostgreSQL may keep one
 * plan for a statement while its tables grow: a plan made when the orders table was nearly empty
 * read a store's orders through the wrong index for every clientOrderId check (seen on the bench,
 * ~2,700 rows per checkout after a few thousand orders). An ANALYZE makes PostgreSQL plan those
 * statements again, on every connection of every instance. Cheap when nothing grew (one catalog
 * query); a table of steady size is left to optimizeDatabase's hourly rule and autovacuum.
 */
export async function analyzeGrownTables(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const grown = await sql<{ relname: string }>`
    select s.relname from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema() and s.n_live_tup >= ${GROWN_MIN_ROWS}
      and (c.reltuples <= 0 or s.n_live_tup > 2 * c.reltuples)
    order by s.relname`.execute(db);
  return analyze(db, grown.rows);
}

export function dialectOf(url: string): Dialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export async function connectDatabase(url: string, options: ConnectOptions = {}): Promise<DatabaseHandle> {
  if (dialectOf(url) === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    sqlite.pragma('synchronous = NORMAL');
    // Temporary files in memory. Above all the savepoint journal: every transaction of a commit group
    // (src/db/sqlite-group-commit.ts) runs in a savepoint, and SQLite keeps the original of each page it
    // changes there; past 64 KiB it would spill to a new file in /var/tmp, written page by page and
    // deleted at the group's end (strace: twice as many writes as the WAL itself).
    sqlite.pragma('temp_store = MEMORY');
    // Pages are read through a memory map instead of a read() each: SQLite re-reads pages whenever the
    // checkpoint worker has moved the WAL into the file. ~5% less server CPU per checkout on the bench.
    if (file !== ':memory:') sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    const checkpointer = options.checkpointInBackground && file !== ':memory:' ? startCheckpointer(file, sqlite) : null;
    const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(new GroupCommitSqliteDriver(withStatementCache(sqlite))), log: options.log });
    const destroy = async () => {
      await checkpointer?.stop();
      await db.destroy();
    };
    return { db, dialect: 'sqlite', pgPool: null, sqliteFile: file === ':memory:' ? null : file, destroy };
  }
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new (pgDriver().Client)({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new (pgDriver().Pool)({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Named, so an operator (and `store-service restore`) can tell the service's connections apart.
    application_name: 'store-service',
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const dialect = new PostgresDialect({ pool: options.preparedStatements === false ? pool : withPreparedStatements(pool) });
  const db = new Kysely<Database>({ dialect, log: options.log });
  return { db, dialect: 'postgres', pgPool: pool, sqliteFile: null, destroy: () => db.destroy() };
}
