// Backups under load (issue 34): while ten clients write bookings and orders to a real server
// process, `store-service backup` copies the live database (SQLite: a snapshot through a connection
// of its own; PostgreSQL: pg_dump). The server is then killed at a random moment, the newest backup
// restored with `store-service restore` into a fresh place, and every write acknowledged before that
// backup started must be there, whole (each booking with its event, each order with its line and
// event), and a server must start on it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar';
import { CONTRACT_VERSION } from '../helpers/app.ts';
import { baseEnv, callJson as call, runCli, startServerProcess } from './process.ts';

interface Ack {
  kind: 'booking' | 'order';
  reference: string;
  at: number;
}

/** A store with a big class and a product, reached with an integration key. */
async function setUp(base: string) {
  const signup = await call(base, '/api/auth/signup', {
    method: 'POST',
    body: { email: 'owner@backup.test', password: 'correct horse battery', name: 'Owner', store: { name: 'Backup Shop', currency: 'GHS', timezone: 'UTC' } },
  });
  assert.equal(signup.status, 201, JSON.stringify(signup.data));
  const storeId: string = signup.data.store.id;
  const staff = { authorization: `Bearer ${signup.data.token}` };
  const key = (await call(base, `/developer/keys?storeId=${storeId}`, { method: 'POST', headers: staff, body: { name: 'load' } })).data.secret as string;
  const week = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '00:00', end: '23:30' }));
  const item = async (body: unknown) => {
    const res = await call(base, `/api/stores/${storeId}/items`, { method: 'POST', headers: staff, body });
    assert.equal(res.status, 201, JSON.stringify(res.data));
    return res.data.item;
  };
  const service = await item({ name: 'Class', itemType: 'service', price: 10, schedule: { durationMinutes: 30, capacity: 10000, maxAdvanceDays: 365, weeklyHours: week } });
  const product = await item({ name: 'Mug', itemType: 'product', price: 5 });
  const keyHeaders = { 'x-api-key': key, authorization: `Bearer ${key}`, 'x-service-contract-version': CONTRACT_VERSION };
  return { storeId, service, product, keyHeaders };
}

/** Ten clients writing until `stop()`; every 201 is recorded with when it arrived. */
function load(base: string, s: Awaited<ReturnType<typeof setUp>>) {
  const acks: Ack[] = [];
  let stopped = false;
  let counter = 0;
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const client = async () => {
    while (!stopped) {
      const i = ++counter;
      const booking = i % 2 === 0;
      try {
        const res = booking
          ? await call(base, `/v1IntegrationBookings?storeId=${s.storeId}`, {
              method: 'POST',
              headers: s.keyHeaders,
              body: { serviceId: s.service.id, bookingDate: date, bookingTime: '12:00', customer: { name: `c${i}`, phone: `+23324${String(i).padStart(7, '0')}` } },
            })
          : await call(base, '/integrationCheckoutCreate', {
              method: 'POST',
              headers: s.keyHeaders,
              body: { storeId: s.storeId, items: [{ item_id: s.product.id, qty: 1 }], customer: { name: `c${i}`, email: `c${i}@example.test` }, returnUrl: 'https://x.test/ok', cancelUrl: 'https://x.test/no' },
            });
        if (res.status === 201) acks.push({ kind: booking ? 'booking' : 'order', reference: res.data.reference, at: Date.now() });
      } catch {
        // The server was killed under this request: it was never acknowledged.
        if (!stopped) await sleep(10);
      }
    }
  };
  const clients = Array.from({ length: 10 }, client);
  return {
    acks,
    /** Resolves once at least `n` bookings and `n` orders are acknowledged (a busy machine writes slower). */
    async atLeast(n: number) {
      const deadline = Date.now() + 60_000;
      const count = (kind: Ack['kind']) => acks.filter((a) => a.kind === kind).length;
      while (count('booking') < n || count('order') < n) {
        assert.ok(Date.now() < deadline, `writes under load after a minute: ${acks.length}`);
        await sleep(50);
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

/** Runs `store-service backup` while the load goes on; returns when it started and the archive. */
async function backupNow(env: NodeJS.ProcessEnv, dir: string) {
  const startedAt = Date.now();
  const res = await runCli(['backup', '--to', dir, '--json'], env);
  assert.equal(res.code, 0, res.stderr + res.stdout);
  const result = JSON.parse(res.stdout);
  return { startedAt, archive: result.archive as string, manifest: result.manifest };
}

interface Found {
  bookings: Set<string>;
  orders: Set<string>;
  torn: string[];
}

describe('backups under load, restored after a kill -9 [sqlite]', () => {
  it('every write acknowledged before the newest backup started is in it, whole, and a server starts on it', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sis-backup-'));
    const env = baseEnv(`sqlite:${join(dir, 'live', 'store.db')}`, join(dir, 'live'), { SEED_DEMO: 'false', RUN_WORKERS: 'false', RATE_LIMIT_PER_KEY: '10000000', RATE_LIMIT_PER_IP: '10000000' });
    const server = await startServerProcess(env);
    const backups: Awaited<ReturnType<typeof backupNow>>[] = [];
    try {
      const store = await setUp(server.baseUrl);
      // Uploads go into the archive too.
      mkdirSync(join(dir, 'live', 'uploads', store.storeId), { recursive: true });
      writeFileSync(join(dir, 'live', 'uploads', store.storeId, 'cover.png'), 'a picture');
      const running = load(server.baseUrl, store);
      await running.atLeast(15);
      // Backups while it writes; a restore refused while the server holds the file.
      for (let i = 0; i < 3; i++) {
        backups.push(await backupNow(env, join(dir, 'backups')));
        await sleep(200);
      }
      const refused = await runCli(['restore', '--from', backups[0].archive], env);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.stderr, /a server is using .*store\.db \(pid \d+/);
      await sleep(300 + Math.floor(Math.random() * 1500));
      server.child.kill('SIGKILL');
      await running.stop();
      assert.ok(running.acks.length > 100, `writes under load: ${running.acks.length}`);

      const newest = backups.at(-1)!;
      const verified = await runCli(['backup', '--verify', newest.archive], env);
      assert.equal(verified.code, 0, verified.stderr + verified.stdout);
      assert.match(verified.stdout, /is a good backup: sqlite database/);

      // Restore into a fresh place.
      const fresh = join(dir, 'restored');
      const restoreEnv = baseEnv(`sqlite:${join(fresh, 'store.db')}`, fresh, { SEED_DEMO: 'false', RUN_WORKERS: 'false' });
      const restored = await runCli(['restore', '--from', newest.archive], restoreEnv);
      assert.equal(restored.code, 0, restored.stderr + restored.stdout);
      const found = readSqlite(join(fresh, 'store.db'));
      assertComplete(running.acks, newest.startedAt, found);
      assert.equal(readFileSync(join(fresh, 'uploads', store.storeId, 'cover.png'), 'utf8'), 'a picture');

      // A server starts on it and serves what was restored.
      const again = await startServerProcess(restoreEnv);
      try {
        const booking = running.acks.find((a) => a.kind === 'booking' && a.at < newest.startedAt)!;
        const res = await call(again.baseUrl, `/v1IntegrationBookings?storeId=${store.storeId}&reference=${booking.reference}`, { headers: store.keyHeaders });
        assert.equal(res.status, 200, JSON.stringify(res.data));
        assert.equal(res.data.bookings.length, 1);
      } finally {
        await again.stop();
      }
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  });

  it('a damaged archive, a newer schema and a file that is not a backup are refused by verify and restore', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sis-backup-bad-'));
    const env = baseEnv(`sqlite:${join(dir, 'live', 'store.db')}`, join(dir, 'live'), { SEED_DEMO: 'false' });
    assert.equal((await runCli(['migrate'], env)).code, 0);
    const made = await backupNow(env, join(dir, 'backups'));

    // One byte changed: the .sha256 file no longer matches.
    const damaged = join(dir, 'backups', 'damaged.tar.gz');
    const bytes = readFileSync(made.archive);
    bytes[bytes.length - 20] ^= 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(`${damaged}.sha256`, readFileSync(`${made.archive}.sha256`));
    const bad = await runCli(['backup', '--verify', damaged], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stdout + bad.stderr, /NOT a usable backup|cannot be read/);

    // A schema from a newer version of the service.
    const unpacked = mkdtempSync(join(tmpdir(), 'sis-unpacked-'));
    await tar.x({ file: made.archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    manifest.schemaVersion = '2099_01_01_0000_from_the_future';
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const future = join(dir, 'backups', 'future.tar.gz');
    await tar.c({ gzip: true, file: future, cwd: unpacked }, readdirSync(unpacked));
    const fresh = mkdtempSync(join(tmpdir(), 'sis-restore-'));
    const restoreEnv = baseEnv(`sqlite:${join(fresh, 'store.db')}`, fresh);
    const newer = await runCli(['restore', '--from', future], restoreEnv);
    assert.equal(newer.code, 1);
    assert.match(newer.stderr, /newer than this version of the service knows/);
    assert.ok(!existsSync(join(fresh, 'store.db')), 'nothing was written');

    const notBackup = join(dir, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const junk = await runCli(['restore', '--from', notBackup], restoreEnv);
    assert.equal(junk.code, 1);
    assert.match(junk.stderr, /cannot be read|not a backup/);
  });
});

/** Bookings and orders in a restored SQLite file, and any that are not whole. */
function readSqlite(file: string): Found {
  const db = new SQLite(file, { readonly: true });
  try {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    const bookings = db.prepare('select id, reference from bookings').all() as { id: string; reference: string }[];
    const orders = db.prepare('select id, reference, total_minor from orders').all() as { id: string; reference: string; total_minor: number }[];
    const events = new Set((db.prepare("select payload from events where type in ('booking.created', 'order.created')").all() as { payload: string }[]).map((e) => JSON.parse(e.payload).data.reference as string));
    const lines = new Map((db.prepare('select order_id, sum(line_total_minor) as total from order_lines group by order_id').all() as { order_id: string; total: number }[]).map((l) => [l.order_id, l.total]));
    const torn = [
      ...bookings.filter((b) => !events.has(b.reference)).map((b) => `booking ${b.reference} without its event`),
      ...orders.filter((o) => !events.has(o.reference)).map((o) => `order ${o.reference} without its event`),
      ...orders.filter((o) => lines.get(o.id) !== o.total_minor).map((o) => `order ${o.reference} without its lines`),
    ];
    return { bookings: new Set(bookings.map((b) => b.reference)), orders: new Set(orders.map((o) => o.reference)), torn };
  } finally {
    db.close();
  }
}

function assertComplete(acks: Ack[], backupStartedAt: number, found: Found) {
  const before = acks.filter((a) => a.at < backupStartedAt);
  assert.ok(before.filter((a) => a.kind === 'booking').length > 10 && before.filter((a) => a.kind === 'order').length > 10, `acknowledged before the backup: ${before.length}`);
  const missing = before.filter((a) => !(a.kind === 'booking' ? found.bookings : found.orders).has(a.reference));
  assert.deepEqual(missing, [], 'every write acknowledged before the backup started is in it');
  assert.deepEqual(found.torn, [], 'no torn rows');
}

describe('backups under load, restored after a kill -9 [postgres]', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set (.ci/run sets it)' }, () => {
  it('pg_dump while ten clients write; pg_restore into a new database has every write acknowledged before it, whole', { timeout: 180_000 }, async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const live = `sis_backup_${suffix}`;
    const target = `sis_restore_${suffix}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    const urlOf = (name: string) => Object.assign(new URL(base.toString()), { pathname: `/${name}` }).toString();
    await admin.query(`create database ${live}`);
    await admin.query(`create database ${target}`);
    const dir = mkdtempSync(join(tmpdir(), 'sis-pg-backup-'));
    const env = baseEnv(urlOf(live), join(dir, 'live'), { SEED_DEMO: 'false', RUN_WORKERS: 'false', RATE_LIMIT_PER_KEY: '10000000', RATE_LIMIT_PER_IP: '10000000' });
    const server = await startServerProcess(env);
    try {
      const store = await setUp(server.baseUrl);
      const running = load(server.baseUrl, store);
      await running.atLeast(15);
      const made = await backupNow(env, join(dir, 'backups'));
      assert.equal(made.manifest.engine, 'postgres');
      // A restore over the database the server is using is refused, and changes nothing.
      const refused = await runCli(['restore', '--from', made.archive], env);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.stderr, /a server is connected to this database \(\d+ connections named store-service\): stop it first/);
      await sleep(300 + Math.floor(Math.random() * 1500));
      server.child.kill('SIGKILL');
      await running.stop();

      const restoreEnv = baseEnv(urlOf(target), join(dir, 'restored'), { SEED_DEMO: 'false' });
      const restored = await runCli(['restore', '--from', made.archive], restoreEnv);
      assert.equal(restored.code, 0, restored.stderr + restored.stdout);
      const client = new pg.Client({ connectionString: urlOf(target) });
      await client.connect();
      try {
        const bookings = (await client.query<{ reference: string }>('select reference from bookings')).rows;
        const orders = (await client.query<{ id: string; reference: string; total_minor: string }>('select id, reference, total_minor from orders')).rows;
        const events = new Set((await client.query<{ payload: string }>("select payload from events where type in ('booking.created', 'order.created')")).rows.map((e) => JSON.parse(e.payload).data.reference as string));
        const lines = new Map((await client.query<{ order_id: string; total: string }>('select order_id, sum(line_total_minor) as total from order_lines group by order_id')).rows.map((l) => [l.order_id, Number(l.total)]));
        const torn = [
          ...bookings.filter((b) => !events.has(b.reference)).map((b) => `booking ${b.reference}`),
          ...orders.filter((o) => !events.has(o.reference) || lines.get(o.id) !== Number(o.total_minor)).map((o) => `order ${o.reference}`),
        ];
        assertComplete(running.acks, made.startedAt, { bookings: new Set(bookings.map((b) => b.reference)), orders: new Set(orders.map((o) => o.reference)), torn });
      } finally {
        await client.end();
      }
      // A server starts on the restored database.
      const again = await startServerProcess({ ...restoreEnv, RUN_WORKERS: 'false' });
      assert.equal((await call(again.baseUrl, '/readyz')).status, 200);
      await again.stop();
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await sleep(200);
      for (const name of [live, target]) await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  });
});
