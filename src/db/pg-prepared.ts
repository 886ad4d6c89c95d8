// PostgreSQL prepared statements for the service's own statements.
//
// Kysely's PostgreSQL driver sends every statement unnamed, so PostgreSQL parses, analyses and plans
// it again at every execution. Measured on the booking bench (perf, PostgreSQL's backends), that was
// about half of PostgreSQL's CPU per booking: 1.5 ms of backend CPU with unnamed statements, 0.8 ms
// with named ones. This wraps the pool Kysely uses so that a statement text the service sends again
// gets a name, and pg parses it once per connection and then only binds and executes it.
//
// Bounds and exceptions:
// - A text is named from its second use, and at most MAX_NAMED texts are named per process (the
//   service has a few hundred shapes; bulk statements whose text varies with their row count stay
//   unnamed, as do texts longer than MAX_TEXT or with more than MAX_PARAMETERS parameters). Each
//   PostgreSQL connection then holds at most MAX_NAMED plans.
// - A cursor (a streamed query) passes through unchanged.
// - A table changed under a prepared statement (a migration of a newer instance during a rolling
//   deploy) makes PostgreSQL refuse it ("cached plan must not change result type", 0A000). Outside a
//   transaction the statement is run again unnamed; inside one the error stands (the transaction is
//   already aborted). Either way that connection is closed when released, so its prepared statements
//   go with it.
// - Off with DATABASE_PREPARED_STATEMENTS=false, for a pooler that cannot carry them from one
//   transaction to the next (PgBouncer in transaction mode before 1.21, or without
//   max_prepared_statements).
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const MAX_NAMED = 500;
const MAX_TEXT = 8192;
const MAX_PARAMETERS = 100;

/** PostgreSQL's error when a prepared statement's result columns changed under it. */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '0A000' && /cached plan must not change result type/i.test(e.message ?? '');
}

/** The names given so far, shared by every connection of one pool. */
export class StatementNames {
  #names = new Map<string, string>();
  #seen = new Set<string>();

  /** The name for this text, or null while it should go unnamed. */
  nameFor(text: string, parameterCount: number): string | null {
    const name = this.#names.get(text);
    if (name) return name;
    if (this.#names.size >= MAX_NAMED || text.length > MAX_TEXT || parameterCount > MAX_PARAMETERS) return null;
    if (!this.#seen.has(text)) {
      // The first sighting only; the set is cleared when it grows, so one-off texts cannot pile up.
      if (this.#seen.size >= MAX_NAMED * 4) this.#seen.clear();
      this.#seen.add(text);
      return null;
    }
    this.#seen.delete(text);
    const next = `sis_${this.#names.size + 1}`;
    this.#names.set(text, next);
    return next;
  }

  get size() {
    return this.#names.size;
  }
}

class PreparedClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #names: StatementNames;
  #inTransaction = false;
  #discard = false;

  constructor(client: pg.PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text !== 'string') return (this.#client.query as any)(...args);
    return this.#run(text, values ?? []);
  }

  async #run(text: string, values: unknown[]) {
    const keyword = text.trimStart().slice(0, 8).toLowerCase();
    if (keyword.startsWith('begin') || keyword.startsWith('start')) this.#inTransaction = true;
    else if (keyword.startsWith('commit') || keyword.startsWith('rollback') || keyword.startsWith('end')) this.#inTransaction = false;
    const name = this.#names.nameFor(text, values.length);
    if (!name) return this.#client.query(text, values);
    try {
      return await this.#client.query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.#discard = true;
      if (this.#inTransaction) throw error;
      return this.#client.query(text, values);
    }
  }

  release() {
    // A connection with a stale prepared statement is closed rather than reused.
    this.#client.release(this.#discard || undefined);
  }
}

/** The pool Kysely's PostgresDialect should use: the same connections, statements named as above. */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = new StatementNames();
  return {
    connect: async () => new PreparedClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}
