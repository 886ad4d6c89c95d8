// SQLite checkpoints in a worker thread (src/db/sqlite-checkpointer.ts): the server's connection keeps
// only a backstop of its own, the worker copies committed pages into the database file while the
// service runs, and closing stops the worker before the last connection checkpoints and removes the WAL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { connectDatabase, SQLITE_MMAP_BYTES, type DatabaseHandle } from '../../src/db/connect.ts';
import { BACKSTOP_CHECKPOINT_PAGES, stopWorker } from '../../src/db/sqlite-checkpointer.ts';

const PAGE = 4096;

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

/** A pragma's value on the connection (undefined where SQLite answers none, as mmap_size in memory). */
async function pragma(handle: DatabaseHandle, name: 'wal_autocheckpoint' | 'mmap_size'): Promise<number | undefined> {
  return (await sql.raw<Record<string, number>>(`pragma ${name}`).execute(handle.db)).rows[0]?.[name];
}

/** ~200 pages of rows in 200 commits: under SQLite's default 1,000 WAL pages, far under the backstop (10,000). */
async function write(handle: DatabaseHandle) {
  await sql`create table probe (id integer primary key, body text not null)`.execute(handle.db);
  for (let i = 0; i < 200; i++) await sql`insert into probe (body) values (${'x'.repeat(4000)})`.execute(handle.db);
}

describe('SQLite checkpoints in a worker thread', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sis-checkpointer-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the worker copies the WAL into the database file while the service runs; closing removes the WAL', async () => {
    const file = join(dir, 'on.db');
    const handle = await connectDatabase(`sqlite:${file}`, { checkpointInBackground: true });
    assert.equal(await pragma(handle, 'wal_autocheckpoint'), BACKSTOP_CHECKPOINT_PAGES);
    await write(handle);
    // Nothing of ours checkpoints below the backstop: the rows reach the database file through the worker.
    assert.ok(await until(() => statSync(file).size > 150 * PAGE, 3000), `database file ${statSync(file).size} bytes`);
    const count = await sql<{ n: number }>`select count(*) as n from probe`.execute(handle.db);
    assert.equal(Number(count.rows[0]!.n), 200);
    await handle.destroy();
    // The worker's connection is closed first, so the service's is the last and removes the WAL.
    assert.equal(existsSync(`${file}-wal`), false);
  });

  test('without it (the CLI, tests): SQLite checkpoints in the connection itself, at its default', async () => {
    const file = join(dir, 'off.db');
    const handle = await connectDatabase(`sqlite:${file}`);
    assert.equal(await pragma(handle, 'wal_autocheckpoint'), 1000);
    await write(handle);
    // The same writes stay in the WAL (under 1,000 pages): in the test above, the worker moved them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(statSync(file).size < 50 * PAGE, `database file ${statSync(file).size} bytes`);
    await handle.destroy();
    assert.equal(existsSync(`${file}-wal`), false);
  });

  test('a database file is read through a memory map; what the worker checkpoints into it is read back', async () => {
    const file = join(dir, 'mapped.db');
    const handle = await connectDatabase(`sqlite:${file}`, { checkpointInBackground: true });
    assert.equal(await pragma(handle, 'mmap_size'), SQLITE_MMAP_BYTES);
    await write(handle);
    assert.ok(await until(() => statSync(file).size > 150 * PAGE, 3000));
    // Another connection (its own map) reads the rows the worker moved into the file.
    const other = await connectDatabase(`sqlite:${file}`);
    const rows = await sql<{ n: number; bytes: number }>`select count(*) as n, sum(length(body)) as bytes from probe`.execute(other.db);
    assert.deepEqual({ ...rows.rows[0] }, { n: 200, bytes: 200 * 4000 });
    await other.destroy();
    await handle.destroy();
  });

  test('an in-memory database gets no worker', async () => {
    const handle = await connectDatabase('sqlite::memory:', { checkpointInBackground: true });
    // No checkpointer lowered the connection's own checkpoints to the backstop.
    assert.equal(await pragma(handle, 'wal_autocheckpoint'), 1000);
    // Nor a memory map: there is no file.
    assert.equal((await pragma(handle, 'mmap_size')) ?? 0, 0);
    await write(handle);
    await handle.destroy();
  });
});

describe('stopping a worker at shutdown', () => {
  const spawnWorker = (code: string) => {
    const worker = new Worker(code, { eval: true });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    return { worker, exited };
  };

  test('a worker that answers the message is waited for', async () => {
    const { worker, exited } = spawnWorker(`
      const { parentPort } = require('node:worker_threads');
      const timer = setInterval(() => {}, 1000);
      parentPort.on('message', () => { clearInterval(timer); parentPort.close(); });
    `);
    assert.equal(await stopWorker(worker, exited, 10_000), 'stopped');
  });

  test('a worker that does not answer is terminated after the grace period: shutdown does not hang on it', async () => {
    // Busy in a loop that never yields to its message port (as if stuck inside a native call).
    const { worker, exited } = spawnWorker(`for (;;) {}`);
    const started = Date.now();
    assert.equal(await stopWorker(worker, exited, 200), 'terminated');
    assert.ok(Date.now() - started < 5_000);
    await exited;
    assert.equal(worker.threadId, -1);
  });
});
