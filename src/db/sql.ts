// The few dialect-specific bits, behind named functions. Everything else is portable Kysely.
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';

export type Executor<DB> = Kysely<DB> | Transaction<DB>;

export function isPostgres(db: Executor<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Locks the selected rows until the transaction ends. PostgreSQL needs FOR UPDATE;
 * SQLite has one writer and Kysely runs its transactions one at a time, so no clause is needed.
 */
export function forUpdate<QB extends { forUpdate(): QB }>(db: Executor<any>, qb: QB): QB {
  return isPostgres(db) ? qb.forUpdate() : qb;
}

/** True when the error is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when the error is a foreign-key violation on either engine (a row still referenced elsewhere). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
