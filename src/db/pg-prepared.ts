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
//
// A transaction's BEGIN travels with its first statement. Kysely sends BEGIN and waits for its
// answer before the first statement: a round trip that carries nothing (on the bench's VM a socket
// write to PostgreSQL is ~40 µs of the service's CPU, and a checkout holds a stock row's lock across
// its round trips). Here BEGIN is answered at once and sent in the same write as the next statement,
// as a prepared statement of the connection (Bind and Execute, no Sync), so PostgreSQL runs both and
// answers once. A COMMIT or ROLLBACK right after it sends nothing: there was nothing to commit.
import { createRequire } from 'node:module';
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

/** pg's Query, loaded with the first deferred BEGIN: pg is loaded only by a PostgreSQL connection (src/db/connect.ts). */
let pgQuery: typeof pg.Query | null = null;

/** The connection's prepared BEGIN (named once per connection, like the service's statements). */
const BEGIN = { name: 'sis_begin', text: 'begin' };

/** What a BEGIN, COMMIT or ROLLBACK that was not sent answers (the fields Kysely reads). */
const answered = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

/**
 * A query whose connection first runs the prepared BEGIN, in the same write and before the same
 * Sync: PostgreSQL answers BindComplete and CommandComplete for BEGIN (the first is ignored by pg,
 * the second is dropped here), then the query's own messages.
 */
function afterBegin(config: pg.QueryConfig, callback: (error: Error | undefined, result: pg.QueryResult) => void): pg.Query {
  const Query = (pgQuery ??= (createRequire(import.meta.url)('pg') as typeof pg).Query);
  // Extended protocol even without parameters: a simple Query message would answer ReadyForQuery
  // for BEGIN and the statement separately.
  const query = new Query({ ...config, queryMode: 'extended' } as pg.QueryConfig, undefined, callback as never) as unknown as PatchedQuery;
  const submit = query.submit.bind(query);
  query.submit = (connection: PgConnection) => {
    // pg refuses a query before writing anything when its name is taken by another text; BEGIN
    // must not go out alone then (the transaction's statements would run outside it). The statement
    // fails, and the transaction's ROLLBACK finds none to end.
    const previous = query.name ? (connection.parsedStatements[query.name] ?? connection.submittedNamedStatements[query.name]) : undefined;
    if (typeof query.text !== 'string' || !Array.isArray(query.values) || (previous !== undefined && previous !== query.text)) return submit(connection);
    connection.stream.cork?.();
    try {
      connection.bind({ statement: BEGIN.name, values: [] });
      connection.execute({});
      return submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  };
  const complete = query.handleCommandComplete.bind(query);
  let begun = false;
  query.handleCommandComplete = (message: unknown, connection: PgConnection) => {
    if (!begun) {
      begun = true;
      return;
    }
    complete(message, connection);
  };
  return query as unknown as pg.Query;
}

/** The two methods of pg's Query that afterBegin wraps. */
interface PatchedQuery {
  name?: string;
  text?: string;
  values?: unknown;
  submit(connection: PgConnection): Error | null;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
}

/** The parts of pg's (internal) connection that afterBegin writes to. */
interface PgConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  bind(config: { statement: string; values: unknown[] }): void;
  execute(config: object): void;
  sync(): void;
}

class PreparedClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #names: StatementNames;
  #inTransaction = false;
  #discard = false;
  /** Kysely's BEGIN was answered but not sent yet: it goes with the next statement. */
  #beginPending = false;

  constructor(client: pg.PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text !== 'string') return (this.#client.query as any)(...args);
    return this.#run(text, values ?? []);
  }

  /** The connection has prepared BEGIN (its first transaction sends it as a statement of its own). */
  #beginPrepared(): boolean {
    return (this.#client as unknown as { connection: PgConnection }).connection.parsedStatements[BEGIN.name] === BEGIN.text;
  }

  async #run(text: string, values: unknown[]) {
    const keyword = text.trimStart().slice(0, 8).toLowerCase();
    if (text === 'begin' && values.length === 0) {
      this.#inTransaction = true;
      if (this.#beginPrepared()) {
        this.#beginPending = true;
        return answered('BEGIN');
      }
      return this.#client.query(BEGIN);
    }
    if (keyword.startsWith('begin') || keyword.startsWith('start')) this.#inTransaction = true;
    else if (keyword.startsWith('commit') || keyword.startsWith('rollback') || keyword.startsWith('end')) {
      this.#inTransaction = false;
      if (this.#beginPending) {
        // Nothing ran since BEGIN: there is no transaction to end.
        this.#beginPending = false;
        return answered(keyword.startsWith('rollback') ? 'ROLLBACK' : 'COMMIT');
      }
    }
    const begin = this.#beginPending;
    this.#beginPending = false;
    const send = (config: pg.QueryConfig) =>
      begin
        ? new Promise<pg.QueryResult>((resolve, reject) => {
            this.#client.query(afterBegin(config, (error, result) => (error ? reject(error) : resolve(result))));
          })
        : this.#client.query(config);
    const name = this.#names.nameFor(text, values.length);
    if (!name) return send({ text, values });
    try {
      return await send({ name, text, values });
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
