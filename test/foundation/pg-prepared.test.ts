// PostgreSQL prepared statements (src/db/pg-prepared.ts): a repeated text is prepared once per
// connection and bound after; one-off, long and many-parameter texts stay unnamed; the number of
// names is bounded; a table changed under a prepared statement does not break the connection's next
// requests; DATABASE_PREPARED_STATEMENTS=false prepares nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { analyzeGrownTables, connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { dropScratchSchema, migrateToLatest } from '../../src/db/migrate.ts';
import { StatementNames, THEN_COMMIT } from '../../src/db/pg-prepared.ts';

describe('statement names', () => {
  test('a text is named from its second use, and keeps its name', () => {
    const names = new StatementNames();
    assert.equal(names.nameFor('select 1', 0), null);
    const name = names.nameFor('select 1', 0);
    assert.match(name ?? '', /^sis_\d+$/);
    assert.equal(names.nameFor('select 1', 0), name);
    assert.notEqual(names.nameFor('select 2', 0) ?? names.nameFor('select 2', 0), name);
  });

  test('long texts and texts with many parameters are never named', () => {
    const names = new StatementNames();
    const long = `select ${'1,'.repeat(5000)}1`;
    const many = `select ${Array.from({ length: 201 }, (_, i) => `$${i + 1}`).join(',')}`;
    for (let i = 0; i < 3; i++) {
      assert.equal(names.nameFor(long, 0), null);
      assert.equal(names.nameFor(many, 201), null);
    }
  });

  test('at most 500 texts are named; later ones stay unnamed', () => {
    const names = new StatementNames();
    for (let i = 0; i < 600; i++) {
      names.nameFor(`select ${i}`, 0);
      names.nameFor(`select ${i}`, 0);
    }
    assert.equal(names.size, 500);
    assert.ok(names.nameFor('select 0', 0));
    assert.equal(names.nameFor('select 599', 0), null);
  });

  test('one-off texts do not pile up as first sightings', () => {
    const names = new StatementNames();
    for (let i = 0; i < 5000; i++) assert.equal(names.nameFor(`select ${i} as once`, 0), null);
    // The set of first sightings was cleared on the way: an early text is new again.
    assert.equal(names.nameFor('select 0 as once', 0), null);
    assert.ok(names.nameFor('select 0 as once', 0));
  });
});

const url = process.env.TEST_DATABASE_URL;

describe('on PostgreSQL', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: Kysely<any>;

  const prepared = async () =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db)).rows;
  const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  before(async () => {
    handle = await connectDatabase(url!, { schema, poolSize: 1 });
    db = handle.db as Kysely<any>;
    await sql`create table notes (id int primary key, body text not null)`.execute(db);
    await db.insertInto('notes').values([{ id: 1, body: 'one' }, { id: 2, body: 'two' }]).execute();
  });
  after(async () => {
    await handle?.destroy();
    await dropScratchSchema(url!, schema);
  });

  test('a repeated statement is prepared once and answers with each call’s values', async () => {
    const read = (id: number) => db.selectFrom('notes').select(['id', 'body']).where('id', '=', id).executeTakeFirst();
    assert.deepEqual(await read(1), { id: 1, body: 'one' });
    assert.deepEqual(await read(2), { id: 2, body: 'two' });
    assert.deepEqual(await read(1), { id: 1, body: 'one' });
    assert.equal(await read(3), undefined);
    const statements = (await prepared()).filter((p) => p.statement.includes('from "notes"'));
    assert.equal(statements.length, 1, JSON.stringify(statements));
    assert.match(statements[0]!.name, /^sis_\d+$/);
  });

  test('a column added under a prepared statement: the next call outside a transaction answers, with the new column', async () => {
    const all = () => db.selectFrom('notes').selectAll().where('id', '=', 1).executeTakeFirst();
    await all();
    await all();
    const before = await backend();
    assert.ok((await prepared()).some((p) => p.statement.startsWith('select * from "notes"')));
    await sql`alter table notes add column tag text not null default 'new'`.execute(db);
    assert.deepEqual(await all(), { id: 1, body: 'one', tag: 'new' });
    // That connection was closed when released: the next one has its own backend and no stale plan.
    assert.notEqual(await backend(), before);
    assert.deepEqual(await all(), { id: 1, body: 'one', tag: 'new' });
  });

  test('inside a transaction the stale plan fails that transaction only, and the connection is replaced', async () => {
    const all = (q: Kysely<any>) => q.selectFrom('notes').selectAll().where('id', '=', 2).executeTakeFirst();
    await all(db);
    await all(db);
    const before = await backend();
    await sql`alter table notes add column rank int not null default 0`.execute(db);
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await all(trx);
      }),
      /cached plan must not change result type/,
    );
    assert.notEqual(await backend(), before);
    assert.deepEqual(await db.transaction().execute((trx) => all(trx)), { id: 2, body: 'two', tag: 'new', rank: 0 });
  });

  test('DATABASE_PREPARED_STATEMENTS=false: nothing is prepared', async () => {
    const plain = await connectDatabase(url!, { schema, poolSize: 1, preparedStatements: false });
    try {
      for (let i = 0; i < 3; i++) await plain.db.selectFrom('notes' as any).select('id' as any).where('id' as any, '=', 1).execute();
      const rows = (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(plain.db)).rows;
      assert.deepEqual(rows, []);
    } finally {
      await plain.destroy();
    }
  });
});

/** Round trips to PostgreSQL while `work` runs: each ends with a Sync (extended protocol) or is a simple Query. */
async function roundTrips(work: () => Promise<unknown>): Promise<number> {
  const connection = (pg as unknown as { Connection: { prototype: Record<string, (...args: unknown[]) => unknown> } }).Connection.prototype;
  const { sync, query } = connection;
  let count = 0;
  connection.sync = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return sync!.apply(this, args);
  };
  connection.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return query!.apply(this, args);
  };
  try {
    await work();
  } finally {
    connection.sync = sync!;
    connection.query = query!;
  }
  return count;
}

describe('a transaction\'s BEGIN travels with its first statement (PostgreSQL)', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: Kysely<any>;
  const ids = async () => (await db.selectFrom('ledger').select('id').orderBy('id').execute()).map((r) => r.id);

  before(async () => {
    handle = await connectDatabase(url!, { schema, poolSize: 1 });
    db = handle.db as Kysely<any>;
    await sql`create table ledger (id int primary key, note text not null)`.execute(db);
    // The connection's first transactions prepare BEGIN and the statements below.
    for (let i = 0; i < 2; i++) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 1000 + i, note: 'warm' }).execute();
        await trx.updateTable('ledger').set({ note: 'warm' }).where('id', '=', 1000 + i).execute();
      });
    }
    await db.deleteFrom('ledger').execute();
  });
  after(async () => {
    await handle?.destroy();
    await dropScratchSchema(url!, schema);
  });

  test('two statements and the COMMIT are three round trips, and both statements commit', async () => {
    const trips = await roundTrips(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 1, note: 'a' }).execute();
        const updated = await trx.updateTable('ledger').set({ note: 'b' }).where('id', '=', 1).executeTakeFirst();
        assert.equal(updated.numUpdatedRows, 1n);
      }),
    );
    assert.equal(trips, 3);
    assert.deepEqual(await db.selectFrom('ledger').selectAll().execute(), [{ id: 1, note: 'b' }]);
  });

  test('the first statement runs inside the transaction: a rollback undoes it', async () => {
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 2, note: 'gone' }).execute();
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 3, note: 'gone' }).execute();
        await trx.insertInto('ledger').values({ id: 1, note: 'duplicate' }).execute();
      }),
      (error: { code?: string }) => error.code === '23505',
    );
    assert.deepEqual(await ids(), [1]);
  });

  test('a first statement that fails fails its transaction only; the connection goes on', async () => {
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 1, note: 'duplicate' }).execute();
      }),
      (error: { code?: string }) => error.code === '23505',
    );
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('ledger').values({ id: 4, note: 'd' }).execute();
    });
    assert.deepEqual(await ids(), [1, 4]);
    const status = await sql<{ s: string }>`select 'idle' as s`.execute(db);
    assert.equal(status.rows[0]!.s, 'idle');
  });

  test('a transaction with no statement sends nothing', async () => {
    assert.equal(await roundTrips(() => db.transaction().execute(async () => undefined)), 0);
    await assert.rejects(
      roundTrips(() =>
        db.transaction().execute(async () => {
          throw new Error('nothing to do');
        }),
      ),
      /nothing to do/,
    );
    assert.deepEqual(await ids(), [1, 4]);
  });

  test('a statement answers its rows after the BEGIN that travelled with it', async () => {
    const rows = await db.transaction().execute((trx) => trx.selectFrom('ledger').select(['id', 'note']).orderBy('id').execute());
    assert.deepEqual(rows, [
      { id: 1, note: 'b' },
      { id: 4, note: 'd' },
    ]);
    // A setting local to the transaction, set by its first statement, is still there for the second.
    const setting = await db.transaction().execute(async (trx) => {
      await sql`select set_config('sis.probe', 'inside', true)`.execute(trx);
      return (await sql<{ v: string }>`select current_setting('sis.probe', true) as v`.execute(trx)).rows[0]!.v;
    });
    assert.equal(setting, 'inside');
    assert.equal((await sql<{ v: string | null }>`select current_setting('sis.probe', true) as v`.execute(db)).rows[0]!.v, '');
  });
});

describe('a statement ending with THEN_COMMIT carries its transaction\'s COMMIT (PostgreSQL)', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: Kysely<any>;
  /** Another session: what it sees was committed. */
  let other: pg.Client;
  const committed = async () => (await other.query(`select id, note from "${schema}".ledger order by id`)).rows;
  const last = (trx: Kysely<any>, id: number, note: string) => sql`update ledger set note = ${note} where id = ${id} ${sql.raw(THEN_COMMIT)}`.execute(trx);

  before(async () => {
    handle = await connectDatabase(url!, { schema, poolSize: 1 });
    db = handle.db as Kysely<any>;
    await sql`create table ledger (id int primary key, note text not null)`.execute(db);
    other = new pg.Client({ connectionString: url });
    await other.connect();
    // The connection's first transactions prepare BEGIN, COMMIT and the statements below.
    for (let i = 0; i < 2; i++) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 1000 + i, note: 'warm' }).execute();
        await last(trx, 1000 + i, 'warm');
      });
    }
    await db.deleteFrom('ledger').execute();
  });
  after(async () => {
    await other?.end();
    await handle?.destroy();
    await dropScratchSchema(url!, schema);
  });

  test('BEGIN with the first statement, COMMIT with the last: two round trips, and the work is committed for every session', async () => {
    let answer: unknown;
    const trips = await roundTrips(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 1, note: 'a' }).execute();
        answer = (await last(trx, 1, 'b')).numAffectedRows;
      }),
    );
    assert.equal(trips, 2);
    assert.equal(answer, 1n);
    assert.deepEqual(await committed(), [{ id: 1, note: 'b' }]);
    // The connection is out of the transaction: its next statement commits on its own.
    await db.insertInto('ledger').values({ id: 2, note: 'c' }).execute();
    assert.deepEqual(await committed(), [{ id: 1, note: 'b' }, { id: 2, note: 'c' }]);
  });

  test('a transaction of that one statement is one round trip', async () => {
    assert.equal(await roundTrips(() => db.transaction().execute((trx) => last(trx, 2, 'd'))), 1);
    assert.deepEqual(await committed(), [{ id: 1, note: 'b' }, { id: 2, note: 'd' }]);
  });

  test('when that statement fails, PostgreSQL skips the COMMIT: the transaction rolls back and the connection goes on', async () => {
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('ledger').values({ id: 3, note: 'gone' }).execute();
        await sql`update ledger set id = 1 where id = 3 ${sql.raw(THEN_COMMIT)}`.execute(trx);
      }),
      (error: { code?: string }) => error.code === '23505',
    );
    assert.deepEqual(await committed(), [{ id: 1, note: 'b' }, { id: 2, note: 'd' }]);
    await db.transaction().execute((trx) => last(trx, 1, 'e'));
    assert.deepEqual(await committed(), [{ id: 1, note: 'e' }, { id: 2, note: 'd' }]);
  });

  test('nothing can follow it: a later statement, or a failure after it, is an error, and what was committed stays', async () => {
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await last(trx, 1, 'f');
        await trx.insertInto('ledger').values({ id: 5, note: 'after' }).execute();
      }),
      /already committed by its last statement/,
    );
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await last(trx, 2, 'g');
        throw new Error('too late');
      }),
      /already committed by its last statement/,
    );
    assert.deepEqual(await committed(), [{ id: 1, note: 'f' }, { id: 2, note: 'g' }]);
    // The connection is usable, outside any transaction.
    assert.equal((await sql<{ status: string }>`select 'ok' as status`.execute(db)).rows[0]!.status, 'ok');
  });

  test('outside a transaction, or before the connection has prepared COMMIT, it is an ordinary statement', async () => {
    assert.equal((await last(db, 1, 'h')).numAffectedRows, 1n);
    assert.deepEqual(await committed(), [{ id: 1, note: 'h' }, { id: 2, note: 'g' }]);
    const fresh = await connectDatabase(url!, { schema, poolSize: 1 });
    try {
      const trips = await roundTrips(() =>
        fresh.db.transaction().execute(async (trx) => {
          await last(trx as Kysely<any>, 2, 'i');
        }),
      );
      // BEGIN (not prepared yet either), the statement, then the COMMIT: three round trips.
      assert.equal(trips, 3);
      assert.deepEqual(await committed(), [{ id: 1, note: 'h' }, { id: 2, note: 'i' }]);
    } finally {
      await fresh.destroy();
    }
  });
});

describe('tables that outgrow their statistics are analyzed (PostgreSQL)', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: Kysely<any>;
  const reltuples = async () =>
    Number((await sql<{ n: number }>`select reltuples as n from pg_class where oid = to_regclass('growing')`.execute(db)).rows[0]!.n);
  const add = async (from: number, count: number) => {
    await sql`insert into growing select g, 'store-' || (g % 3), 'key-' || g from generate_series(${from}::int, ${from + count - 1}::int) g`.execute(db);
    // The cumulative statistics reach pg_stat_user_tables once the backend reports them.
    await sql`select pg_stat_force_next_flush()`.execute(db);
  };

  before(async () => {
    handle = await connectDatabase(url!, { schema, poolSize: 1 });
    db = handle.db as Kysely<any>;
    await sql`create table growing (id int primary key, store_id text not null, client_key text not null)`.execute(db);
    await sql`create index growing_store_idx on growing (store_id)`.execute(db);
    await sql`create unique index growing_key_idx on growing (store_id, client_key)`.execute(db);
  });
  after(async () => {
    await handle?.destroy();
    await dropScratchSchema(url!, schema);
  });

  test('a new table from 50 rows on, then each time it has doubled; a table of steady size is left alone', async () => {
    await add(1, 20);
    assert.deepEqual(await analyzeGrownTables(db, 'postgres'), [], 'under 50 rows');
    await add(21, 80);
    assert.deepEqual(await analyzeGrownTables(db, 'postgres'), ['growing']);
    assert.equal(await reltuples(), 100);
    assert.deepEqual(await analyzeGrownTables(db, 'postgres'), [], 'just analyzed');
    await add(101, 60);
    assert.deepEqual(await analyzeGrownTables(db, 'postgres'), [], 'grown by less than its size');
    await add(161, 100);
    assert.deepEqual(await analyzeGrownTables(db, 'postgres'), ['growing']);
    assert.equal(await reltuples(), 260);
    assert.deepEqual(await analyzeGrownTables(db, 'sqlite'), [], 'nothing to do on SQLite');
  });

  test('the clientOrderId lookup, prepared while the orders table was nearly empty, is planned again once it has grown', async () => {
    const orders = await connectDatabase(url!, { schema: `${schema}_orders`, poolSize: 1 });
    try {
      const odb = orders.db as Kysely<any>;
      await migrateToLatest(orders.db);
      await sql`insert into stores (id, slug, name, currency, timezone, created_at, updated_at) values ('s1', 's1', 'S', 'GHS', 'UTC', 'x', 'x')`.execute(odb);
      const columns = (await sql<{ column_name: string; is_nullable: string; data_type: string }>`
        select column_name, is_nullable, data_type from information_schema.columns where table_schema = current_schema() and table_name = 'orders'`.execute(odb)).rows;
      const unique = new Set(['id', 'reference', 'client_order_id', 'client_order_key', 'pay_token']);
      const addOrders = (from: number, count: number) =>
        sql.raw(`insert into orders (${columns.map((c) => c.column_name).join(', ')})
          select ${columns.map((c) => (c.column_name === 'store_id' ? `'s1'` : unique.has(c.column_name) ? `'${c.column_name}-' || g` : c.is_nullable === 'YES' ? 'null' : c.data_type === 'text' ? `'x'` : '0')).join(', ')}
          from generate_series(${from}, ${from + count - 1}) g`).execute(odb);
      const lookup = () => odb.selectFrom('orders').selectAll().where('store_id', '=', 's1').where('client_order_key', '=', 'none').execute();
      const plan = () =>
        odb.connection().execute(async (c) => {
          const statement = (await sql<{ name: string }>`select name from pg_prepared_statements where statement like '%client_order_key%'`.execute(c)).rows[0]!;
          return (await sql.raw<{ 'QUERY PLAN': string }>(`explain execute ${statement.name}('s1', 'none')`).execute(c)).rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      await addOrders(1, 3);
      // Prepared from the second use; PostgreSQL settles on one generic plan after five custom ones.
      for (let i = 0; i < 10; i++) await lookup();
      await addOrders(4, 5_000);
      await sql`select pg_stat_force_next_flush()`.execute(odb);
      // Planned on three rows, the lookup reads the store's every order (a tie between indexes on a tiny table:
      // one keyed by store_id first, the key left to a filter).
      assert.match(await plan(), /Index Cond: \(store_id = \$1\)\s+Filter: \(client_order_key = \$2\)/);
      assert.ok((await analyzeGrownTables(odb, 'postgres')).includes('orders'));
      await lookup();
      assert.match(await plan(), /orders_store_client_key_unique[\s\S]*client_order_key = \$2/);
    } finally {
      await orders.destroy();
      await dropScratchSchema(url!, `${schema}_orders`);
    }
  });
});
