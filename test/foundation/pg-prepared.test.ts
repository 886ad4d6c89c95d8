// PostgreSQL prepared statements (src/db/pg-prepared.ts): a repeated text is prepared once per
// connection and bound after; one-off, long and many-parameter texts stay unnamed; the number of
// names is bounded; a table changed under a prepared statement does not break the connection's next
// requests; DATABASE_PREPARED_STATEMENTS=false prepares nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { dropScratchSchema } from '../../src/db/migrate.ts';
import { StatementNames } from '../../src/db/pg-prepared.ts';

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
    const many = `select ${Array.from({ length: 101 }, (_, i) => `$${i + 1}`).join(',')}`;
    for (let i = 0; i < 3; i++) {
      assert.equal(names.nameFor(long, 0), null);
      assert.equal(names.nameFor(many, 101), null);
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
