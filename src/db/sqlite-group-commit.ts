// SQLite behind Kysely with group commit: the write transactions that start in one turn of the event
// loop share one SQLite transaction, each inside its own savepoint, and one COMMIT ends them all.
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** What the driver needs of the database: better-sqlite3 with prepared statements (possibly cached). */
export interface GroupCommitDatabase {
  prepare(text: string): SQLite.Statement;
  /** True while SQLite has a transaction open (better-sqlite3's `inTransaction`). */
  readonly inTransaction: boolean;
  close(): void;
}

/** A first-come, first-served lock: the single connection is used by one caller at a time. */
class Mutex {
  #locked = false;
  readonly #waiting: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

interface Member {
  resolve(): void;
  reject(error: unknown): void;
}

interface Group {
  /** Transactions whose work is done (savepoint released) and that wait for the shared COMMIT. */
  members: Member[];
  flushScheduled: boolean;
}

const MEMBER_SAVEPOINT = 'sis_member';

/** Outside a transaction: a query that reads (and SQLite says changes nothing) runs inside an open group. */
const READ = /^\s*(select|with)\b/i;
/** Outside a transaction: a statement that changes rows, and so joins the group. */
const WRITE = /^\s*(insert|update|delete|replace|with)\b/i;

/**
 * One use of the single connection, from acquireConnection to releaseConnection. A transaction's
 * lease lets go of the connection as soon as its savepoint is released, while it still waits for the
 * group's COMMIT, so the next transaction can join the group.
 */
class Lease implements DatabaseConnection {
  inTransaction = false;
  released = false;

  constructor(readonly driver: GroupCommitSqliteDriver) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(this, compiledQuery);
  }

  // Kysely's stream API; the service streams nothing on SQLite, so each row is yielded from one read.
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.driver.run<R>(this, compiledQuery);
    for (const row of result.rows) yield { rows: [row] };
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.driver.unlock();
  }
}

/**
 * Why: a SQLite COMMIT writes every page the transaction changed to the WAL (about 20 for a booking),
 * which profiling showed as a sixth of a booking's time. Bookings and orders arriving together touch
 * the same pages (the table's last leaf, the same index pages), so one COMMIT for all of them writes
 * each page once.
 *
 * How: the first transaction to begin opens SQLite's transaction (BEGIN IMMEDIATE, which takes the
 * write lock: another process waits for it up to busy_timeout), and each transaction runs inside its
 * own SAVEPOINT. When it finishes, its savepoint is released (its work joins the group) and the COMMIT
 * is scheduled for the end of this turn of the event loop (setImmediate, after the poll phase has
 * started the handlers of every request that arrived meanwhile); its caller is answered only after
 * that COMMIT succeeds. A transaction that fails rolls back to its own savepoint and leaves the others
 * alone. If SQLite itself abandons the whole transaction (disk full, I/O error), every member still
 * waiting is failed with that error: nobody is told their write is saved when it is not.
 *
 * Outside a transaction: a read (SELECT/WITH) runs inside the open group and so sees the work of
 * members not yet committed, as it would see it an instant later; any other statement first commits
 * the group and then runs on its own, as before.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #database: GroupCommitDatabase;
  readonly #mutex = new Mutex();
  #group: Group | null = null;
  /** Number of COMMITs that ended a group, and of transactions in them (tests, diagnostics). */
  readonly stats = { commits: 0, members: 0 };

  constructor(database: GroupCommitDatabase) {
    this.#database = database;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Lease(this);
  }

  unlock(): void {
    this.#mutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.#openGroup();
    this.#exec(`savepoint ${MEMBER_SAVEPOINT}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = this.#group;
    if (!group) throw new Error('group commit: no transaction is open');
    this.#exec(`release ${MEMBER_SAVEPOINT}`);
    lease.inTransaction = false;
    await this.#joinGroup(lease, group);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // A failed group COMMIT reaches here after the lease let go: there is nothing of ours left to undo.
    if (!lease.inTransaction) return;
    lease.inTransaction = false;
    if (this.#group && this.#database.inTransaction) {
      this.#exec(`rollback to ${MEMBER_SAVEPOINT}`);
      this.#exec(`release ${MEMBER_SAVEPOINT}`);
      this.#endIfEmpty();
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Lease).release();
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock();
    try {
      if (this.#group) this.#commitGroup();
    } finally {
      this.#database.close();
    }
  }

  /** Runs one statement for a lease. */
  async run<R>(lease: Lease, compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A lease that let go after a write outside a transaction (below) takes the connection back first.
    if (lease.released) {
      await this.#mutex.lock();
      lease.released = false;
    }
    if (lease.inTransaction) return this.#execute<R>(compiledQuery);
    const statement = this.#database.prepare(compiledQuery.sql);
    if (statement.readonly && READ.test(compiledQuery.sql)) return this.#execute<R>(compiledQuery, statement);
    if (WRITE.test(compiledQuery.sql) && (this.#group || !this.#database.inTransaction)) {
      // A write on its own (no transaction): it joins the group like a transaction of one statement
      // (a failed statement undoes only itself), and its caller hears back after the COMMIT.
      const group = this.#openGroup();
      let result: QueryResult<R>;
      try {
        result = this.#execute<R>(compiledQuery, statement);
      } catch (error) {
        this.#endIfEmpty();
        throw error;
      }
      await this.#joinGroup(lease, group);
      return result;
    }
    // Anything else (PRAGMA, a BEGIN of the caller's own, DDL) runs on its own, after the group.
    this.#commitGroup();
    return this.#execute<R>(compiledQuery, statement);
  }

  #openGroup(): Group {
    if (!this.#group) {
      this.#exec('begin immediate');
      this.#group = { members: [], flushScheduled: false };
    }
    return this.#group;
  }

  /** Adds the lease's finished work to the group, lets go of the connection and waits for the COMMIT. */
  #joinGroup(lease: Lease, group: Group): Promise<void> {
    const committed = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
    if (!group.flushScheduled) {
      group.flushScheduled = true;
      setImmediate(() => void this.#flush());
    }
    lease.release();
    return committed;
  }

  #execute<R>({ sql, parameters }: CompiledQuery, statement = this.#database.prepare(sql)): QueryResult<R> {
    try {
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      // SQLite abandons the whole transaction on a few errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM);
      // a constraint failure undoes only its statement and leaves it open.
      if (this.#group && !this.#database.inTransaction) this.#failGroup(error);
      throw error;
    }
  }

  #exec(text: string): void {
    this.#database.prepare(text).run();
  }

  async #flush(): Promise<void> {
    await this.#mutex.lock();
    try {
      if (this.#group) this.#commitGroup();
    } finally {
      this.#mutex.unlock();
    }
  }

  /** COMMITs the open group (the caller holds the connection) and answers its members. */
  #commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    try {
      this.#exec('commit');
    } catch (error) {
      this.#failGroup(error);
      return;
    }
    this.#group = null;
    this.stats.commits += 1;
    this.stats.members += group.members.length;
    for (const member of group.members) member.resolve();
  }

  /** A group that nobody has joined (its first work failed) is ended at once rather than left holding the write lock. */
  #endIfEmpty(): void {
    if (this.#group && this.#group.members.length === 0) this.#endGroup();
  }

  #failGroup(error: unknown): void {
    const group = this.#group;
    if (!group) return;
    this.#endGroup();
    for (const member of group.members) member.reject(error);
  }

  /** Ends the open group, rolling back what SQLite still holds of it. */
  #endGroup(): void {
    this.#group = null;
    if (this.#database.inTransaction) {
      try {
        this.#exec('rollback');
      } catch {
        // SQLite already ended it.
      }
    }
  }
}

/** Kysely's SQLite dialect with the group-commit driver in place of its own. */
export class GroupCommitSqliteDialect implements Dialect {
  constructor(readonly driver: GroupCommitSqliteDriver) {}
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
