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
//
// A statement whose text ends with THEN_COMMIT carries its transaction's COMMIT the same way: the
// connection's prepared COMMIT is written after it, before the Sync, and Kysely's COMMIT that follows
// is answered at once. A checkout's last stock take does this, so the item's row lock ends when
// PostgreSQL has taken the stock, not a round trip later. Such a statement must fail itself when its
// transaction must not commit (sis_fail() in SQL); PostgreSQL then skips the COMMIT and the
// transaction rolls back as usual. Nothing can run after it: a statement or a ROLLBACK that comes
// later in that transaction is refused with an error (what it committed stays committed).
import { createRequire } from 'node:module';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const MAX_NAMED = 500;
const MAX_TEXT = 8192;
const MAX_PARAMETERS = 200;

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

/** pg's Query, loaded with the first pipelined statement: pg is loaded only by a PostgreSQL connection (src/db/connect.ts). */
let pgQuery: typeof pg.Query | null = null;

/** The connection's prepared BEGIN and COMMIT (named once per connection, like the service's statements). */
const BEGIN = { name: 'sis_begin', text: 'begin' };
const COMMIT = { name: 'sis_commit', text: 'commit' };

/**
 * Ends a statement that carries its transaction's COMMIT (see the header). Only inside a transaction;
 * elsewhere, or with prepared statements off, the statement runs as any other and the COMMIT comes after.
 */
export const THEN_COMMIT = '/* then commit */';

/** What a BEGIN, COMMIT or ROLLBACK that was not sent answers (the fields Kysely reads). */
const answered = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

/**
 * A query sent with the connection's prepared BEGIN before it and/or its prepared COMMIT after it, in
 * the same write and before the same Sync. PostgreSQL answers BindComplete and CommandComplete for
 * each (pg ignores the first; the second is dropped here), around the query's own messages. When the
 * query fails, PostgreSQL skips everything up to the Sync, the COMMIT included, and the transaction
 * stays open and failed until its ROLLBACK; when the COMMIT fails, the query fails with its error.
 */
function pipelined(config: pg.QueryConfig, around: { begin: boolean; commit: boolean }, callback: (error: Error | undefined, result: pg.QueryResult) => void): pg.Query {
  const Query = (pgQuery ??= (createRequire(import.meta.url)('pg') as typeof pg).Query);
  // Extended protocol even without parameters: a simple Query message would answer ReadyForQuery
  // for each statement separately.
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
      if (around.begin) {
        connection.bind({ statement: BEGIN.name, values: [] });
        connection.execute({});
      }
      return submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  };
  if (around.commit) {
    // pg writes the query's Execute and then its Sync (Query#_getRows): the COMMIT goes between them.
    query._getRows = (connection: PgConnection, rows?: number) => {
      connection.execute({ portal: query.portal, rows });
      connection.bind({ statement: COMMIT.name, values: [] });
      connection.execute({});
      connection.sync();
    };
  }
  const complete = query.handleCommandComplete.bind(query);
  // The query's own CommandComplete is the second with BEGIN before it, the first without.
  const own = around.begin ? 1 : 0;
  let seen = 0;
  query.handleCommandComplete = (message: unknown, connection: PgConnection) => {
    if (seen++ === own) complete(message, connection);
  };
  return query as unknown as pg.Query;
}

/** The parts of pg's Query that pipelined reads or wraps. */
interface PatchedQuery {
  name?: string;
  text?: string;
  values?: unknown;
  portal?: string;
  submit(connection: PgConnection): Error | null;
  _getRows(connection: PgConnection, rows?: number): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
}

/** The parts of pg's (internal) connection that pipelined writes to. */
interface PgConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  bind(config: { statement: string; values: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
}

class PreparedClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #names: StatementNames;
  #inTransaction = false;
  #discard = false;
  /** Kysely's BEGIN was answered but not sent yet: it goes with the next statement. */
  #beginPending = false;
  /** A THEN_COMMIT statement committed the transaction: Kysely's COMMIT is answered without sending. */
  #committed = false;

  constructor(client: pg.PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text !== 'string') return (this.#client.query as any)(...args);
    return this.#run(text, values ?? []);
  }

  /** The connection has prepared this statement (its first use sends it as a statement of its own). */
  #prepared(statement: { name: string; text: string }): boolean {
    return (this.#client as unknown as { connection: PgConnection }).connection.parsedStatements[statement.name] === statement.text;
  }

  async #run(text: string, values: unknown[]) {
    if (this.#committed) {
      this.#committed = false;
      if (text === 'commit') return answered('COMMIT');
      // The transaction's last statement committed it; nothing after it can be part of it, and a
      // ROLLBACK (the caller failed after that statement) cannot undo it.
      throw new Error(`the transaction was already committed by its last statement (${THEN_COMMIT}); "${text.slice(0, 40)}" came after it`);
    }
    const keyword = text.trimStart().slice(0, 8).toLowerCase();
    if (text === 'begin' && values.length === 0) {
      this.#inTransaction = true;
      if (this.#prepared(BEGIN)) {
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
      if (text === 'commit' && values.length === 0) return this.#client.query(COMMIT);
    }
    const begin = this.#beginPending;
    this.#beginPending = false;
    const commit = this.#inTransaction && text.endsWith(THEN_COMMIT) && this.#prepared(COMMIT);
    const send = (config: pg.QueryConfig) =>
      begin || commit
        ? new Promise<pg.QueryResult>((resolve, reject) => {
            this.#client.query(pipelined(config, { begin, commit }, (error, result) => (error ? reject(error) : resolve(result))));
          })
        : this.#client.query(config);
    const name = this.#names.nameFor(text, values.length);
    try {
      const result = await (name ? send({ name, text, values }) : send({ text, values }));
      if (commit) {
        this.#inTransaction = false;
        this.#committed = true;
      }
      return result;
    } catch (error) {
      if (!name || !isStalePlan(error)) throw error;
      this.#discard = true;
      if (this.#inTransaction) throw error;
      return this.#client.query(text, values);
    }
  }

  release() {
    // A connection with a stale prepared statement is closed rather than reused.
    this.#committed = false;
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
