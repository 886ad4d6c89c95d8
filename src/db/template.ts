// Statements built once and run many times: the hottest writes skip Kysely's query building.
import { createQueryId, sql, type Compilable, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';
import { isPostgres, type Executor } from './sql.ts';

type Db = Executor<Database>;
type Row = Record<string, unknown>;

/** A value of the arguments in the statement: a bound parameter taken from each run's arguments. */
class Slot {
  constructor(readonly pick: (args: Row) => unknown) {}
}

/**
 * What `build` gets for the arguments: each value a parameter expression of its type. A plain object
 * (a row) gives an object of parameters with the same keys, so `.values(p.row)` inserts the row; an
 * array gives an array of parameters (or of rows of them, all with the first row's keys), so an IN
 * list or a multi-row insert takes its length from the arguments.
 */
export type Placeholders<A> = {
  readonly [K in keyof A]-?: A[K] extends readonly (infer E)[]
    ? E extends Date
      ? RawBuilder<E>[]
      : E extends object
        ? { [C in keyof E]-?: RawBuilder<E[C]> }[]
        : RawBuilder<E>[]
    : A[K] extends Date
      ? RawBuilder<A[K]>
      : A[K] extends object
        ? { [C in keyof A[K]]-?: RawBuilder<A[K][C]> }
        : RawBuilder<A[K]>;
};

interface Compiled {
  compiled: CompiledQuery;
  /** Each parameter of the compiled text: where its value comes from, or the constant it always is. */
  parameters: unknown[];
}

/** Shapes kept per template and dialect. */
const MAX_SHAPES = 100;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function placeholder(pick: (args: Row) => unknown): RawBuilder<unknown> {
  return sql.val(new Slot(pick));
}

function placeholders(args: Row): Row {
  const p: Row = {};
  for (const key of Object.keys(args)) {
    const value = args[key];
    if (Array.isArray(value)) {
      const columns = value.length > 0 && isRow(value[0]) ? Object.keys(value[0]) : null;
      p[key] = value.map((_, i) =>
        columns
          ? Object.fromEntries(columns.map((column) => [column, placeholder((a) => ((a[key] as Row[])[i] as Row)[column])]))
          : placeholder((a) => (a[key] as unknown[])[i]),
      );
    } else if (isRow(value)) {
      p[key] = Object.fromEntries(Object.keys(value).map((column) => [column, placeholder((a) => (a[key] as Row)[column])]));
    } else {
      p[key] = placeholder((a) => a[key]);
    }
  }
  return p;
}

/** The arguments' shape: their keys, their rows' keys and their arrays' lengths. Statements are kept by it. */
function shapeOf(args: Row): string {
  let shape = '';
  for (const key in args) {
    const value = args[key];
    if (Array.isArray(value)) {
      // A list's rows share their columns (those of its first row; a missing one is bound as NULL).
      shape += `${key}[${value.length}${value.length > 0 && isRow(value[0]) ? `{${Object.keys(value[0]).join()}}` : ''}];`;
    } else if (isRow(value)) {
      shape += `${key}{${Object.keys(value).join()}};`;
    } else {
      shape += `${key};`;
    }
  }
  return shape;
}

/**
 * A statement whose SQL is built by Kysely once per dialect and argument shape, then run with each
 * call's values bound in place of the placeholders. Kysely builds and compiles a query anew on every
 * execution (an immutable tree of frozen nodes, then the text): profiling a SQLite booking showed a
 * fifth of its server CPU there, for statements whose text never changes. The same text every time
 * also finds its prepared statement without hashing a new string (src/db/connect.ts, pg-prepared.ts).
 *
 * `build` must depend on the arguments only through the placeholders it is given (their keys and
 * lengths, which are part of the cache key), never on their values. An undefined value is bound as
 * NULL (Kysely's `values()` would leave the column out). Returns Kysely's raw result: `rows`, and
 * `numAffectedRows` for a write without RETURNING.
 */
export function statementTemplate<A extends Row, O>(build: (db: Db, p: Placeholders<A>) => Compilable<O> | RawBuilder<O>): (db: Db, args: A) => Promise<QueryResult<O>> {
  const byDialect = [new Map<string, Compiled>(), new Map<string, Compiled>()];
  return async (db, args) => {
    const cache = byDialect[isPostgres(db) ? 1 : 0]!;
    const shape = shapeOf(args);
    let entry = cache.get(shape);
    if (!entry) {
      const built = build(db, placeholders(args) as Placeholders<A>);
      const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      entry = { compiled, parameters: [...compiled.parameters] };
      // Shapes come from the code's few statements and validated list lengths; the bound is a backstop.
      if (cache.size < MAX_SHAPES) cache.set(shape, entry);
    }
    const parameters = new Array<unknown>(entry.parameters.length);
    for (let i = 0; i < parameters.length; i++) {
      const p = entry.parameters[i];
      const value = p instanceof Slot ? p.pick(args) : p;
      parameters[i] = value === undefined ? null : value;
    }
    return db.executeQuery<O>({ sql: entry.compiled.sql, query: entry.compiled.query, queryId: createQueryId(), parameters });
  };
}
