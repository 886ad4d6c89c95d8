// SQLite group commit (src/db/sqlite-group-commit.ts): transactions that start together share one
// COMMIT, each inside its own savepoint; a caller hears back only once its work is committed, a
// failed transaction undoes only its own work, and a failed COMMIT fails every member.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { connectDatabase } from '../../src/db/connect.ts';
import { GroupCommitSqliteDialect, GroupCommitSqliteDriver } from '../../src/db/sqlite-group-commit.ts';

const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

interface Db {
  items: { id: Generated<number>; name: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

/** A database file with the driver in front of it, and a second, plain connection to the same file. */
function open() {
  const file = join(dir, `db-${++files}.sqlite`);
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.exec(`create table items (id integer primary key, name text not null unique);
            create table parents (id integer primary key);
            create table children (id integer primary key, parent_id integer not null references parents(id) deferrable initially deferred);`);
  const driver = new GroupCommitSqliteDriver(raw);
  const db = new Kysely<Db>({ dialect: new GroupCommitSqliteDialect(driver) });
  const other = new SQLite(file, { readonly: true });
  const committed = () => (other.prepare('select name from items order by id').all() as Array<{ name: string }>).map((r) => r.name);
  after(async () => {
    other.close();
    await db.destroy();
  });
  return { db, driver, raw, committed };
}

const insert = (db: Kysely<Db>, name: string) => db.insertInto('items').values({ name }).execute();

test('transactions that start together share one COMMIT, and each caller hears back after it', async () => {
  const { db, driver, committed } = open();
  const seenAtAnswer: string[][] = [];
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await insert(trx, `t${i}`);
        await trx.selectFrom('items').select('id').execute();
      }).then(() => seenAtAnswer.push(committed())),
    ),
  );
  assert.deepEqual(driver.stats, { commits: 1, members: 8 });
  // Another connection (another process would be the same) sees every row by the time any caller is answered.
  for (const seen of seenAtAnswer) assert.equal(seen.length, 8);
  assert.deepEqual(committed().sort(), ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7']);
});

test('a transaction that fails undoes only its own work; the others in its group commit', async () => {
  const { db, driver, committed } = open();
  await insert(db, 'taken');
  const results = await Promise.allSettled([
    db.transaction().execute((trx) => insert(trx, 'a')),
    db.transaction().execute(async (trx) => {
      await insert(trx, 'b');
      await insert(trx, 'taken'); // unique violation: this whole transaction rolls back, 'b' with it
    }),
    db.transaction().execute(async (trx) => {
      await insert(trx, 'c');
      throw new Error('the work failed');
    }),
    db.transaction().execute((trx) => insert(trx, 'd')),
  ]);
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'rejected', 'fulfilled']);
  assert.equal((results[1] as PromiseRejectedResult).reason.code, 'SQLITE_CONSTRAINT_UNIQUE');
  assert.deepEqual(committed(), ['taken', 'a', 'd']);
  assert.equal(driver.stats.commits, 2);
});

test('a write outside a transaction joins the group and answers after the COMMIT; a read sees the group', async () => {
  const { db, driver, committed } = open();
  const [, , rows] = await Promise.all([
    insert(db, 'x').then(() => assert.deepEqual(committed().includes('x'), true)),
    db.transaction().execute((trx) => insert(trx, 'y')),
    // Queued after both: runs inside the still open group, so it sees their rows.
    db.selectFrom('items').select('name').orderBy('id').execute(),
  ]);
  assert.deepEqual(rows.map((r) => r.name), ['x', 'y']);
  assert.deepEqual(driver.stats, { commits: 1, members: 2 });
  // A failed write on its own leaves nothing open behind it: the next one commits normally.
  await assert.rejects(insert(db, 'x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
  await insert(db, 'z');
  assert.deepEqual(committed(), ['x', 'y', 'z']);
});

test('a statement that is neither read nor write (PRAGMA) first commits the open group', async () => {
  const { db, committed } = open();
  let seenByPragma: string[] = [];
  await Promise.all([
    db.transaction().execute((trx) => insert(trx, 'p')),
    sql`pragma user_version = 7`.execute(db).then(() => (seenByPragma = committed())),
  ]);
  assert.deepEqual(seenByPragma, ['p']);
  assert.equal((await sql<{ user_version: number }>`pragma user_version`.execute(db)).rows[0]?.user_version, 7);
});

test('a COMMIT that fails fails every transaction of its group, and the next group starts clean', async () => {
  const { db, raw, committed } = open();
  const results = await Promise.allSettled([
    db.transaction().execute((trx) => insert(trx, 'one')),
    // A deferred foreign key is checked at COMMIT: the orphan child fails the whole group.
    db.transaction().execute((trx) => trx.insertInto('children').values({ id: 1, parent_id: 99 }).execute()),
    db.transaction().execute((trx) => insert(trx, 'two')),
  ]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected', 'rejected']);
  for (const r of results) assert.equal((r as PromiseRejectedResult).reason.code, 'SQLITE_CONSTRAINT_FOREIGNKEY');
  assert.equal(raw.inTransaction, false);
  assert.deepEqual(committed(), []);
  await db.transaction().execute((trx) => insert(trx, 'three'));
  assert.deepEqual(committed(), ['three']);
});

test('a pinned connection with its own BEGIN (the SQLite migration lock) runs as before', async () => {
  const { db, committed } = open();
  await db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    await insert(conn, 'm1');
    await insert(conn, 'm2');
    await sql`COMMIT`.execute(conn);
  });
  assert.deepEqual(committed(), ['m1', 'm2']);
  // Writes on their own through a pinned connection: each joins a group and the connection is taken back.
  await db.connection().execute(async (conn) => {
    await insert(conn, 'm3');
    await insert(conn, 'm4');
  });
  assert.deepEqual(committed(), ['m1', 'm2', 'm3', 'm4']);
});

test('the service connection keeps a group’s savepoint journal in memory: no temporary file, however much a member changes', async () => {
  // connectDatabase sets temp_store = MEMORY. Without it SQLite spills the savepoint journal past 64 KiB
  // into a file under /var/tmp (opened, then deleted while open), written page by page.
  const handle = await connectDatabase(`sqlite:${join(dir, `connected-${++files}.sqlite`)}`);
  const tempFiles = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').map((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`); } catch { return ''; } }).filter((target) => /etilqs_/.test(target)) : []);
  try {
    await sql`create table probe (id integer primary key, body text not null)`.execute(handle.db);
    const seen: string[][] = [];
    // One group: the first member writes 60 pages; each later one rewrites them all, so SQLite must keep
    // the pages' state at its savepoint (240 KiB each) until the member is released.
    await Promise.all([
      handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 60; i++) await sql`insert into probe (id, body) values (${i}, ${'a'.repeat(3000)})`.execute(trx);
      }),
      ...['b', 'c', 'd'].map((letter) =>
        handle.db.transaction().execute(async (trx) => {
          await sql`update probe set body = ${letter.repeat(3000)}`.execute(trx);
          seen.push(tempFiles());
        }),
      ),
    ]);
    assert.equal(seen.length, 3);
    assert.deepEqual(seen, [[], [], []]);
    const rows = await sql<{ n: number; body: string }>`select count(*) as n, min(body) as body from probe`.execute(handle.db);
    assert.deepEqual({ ...rows.rows[0] }, { n: 60, body: 'd'.repeat(3000) });
    assert.equal((await sql<{ temp_store: number }>`pragma temp_store`.execute(handle.db)).rows[0]?.temp_store, 2);
  } finally {
    await handle.destroy();
  }
});
