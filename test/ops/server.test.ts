// The real server: graceful shutdown (in-flight requests finish, new connections are refused)
// and the first run (`npm start` on an empty database seeds the demo store exactly once).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { startServer } from '../../src/server.ts';
import { CONTRACT_VERSION, testConfig } from '../helpers/app.ts';
import { baseEnv, enginesUnderTest, startServerProcess } from './process.ts';

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => resolvePromise(socket));
    socket.once('error', reject);
  });
}

function readResponse(socket: Socket): Promise<string> {
  return new Promise((resolvePromise) => {
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('close', () => resolvePromise(data));
    socket.on('end', () => resolvePromise(data));
  });
}

describe('graceful shutdown [sqlite]', () => {
  it('finishes an in-flight request, then refuses new connections', async () => {
    const config = testConfig('sqlite::memory:', { HOST: '127.0.0.1', PORT: '0' });
    const { app, stop } = await startServer(config);
    const address = app.server.address();
    assert.ok(address && typeof address === 'object');
    const port = address.port;

    // A login whose body is still arriving when shutdown starts: the request is in flight.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const socket = await openSocket(port);
    const response = readResponse(socket);
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await sleep(200);
    assert.equal(stopped, false, 'stop() waits for the in-flight request');
    await assert.rejects(openSocket(port), (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED');

    socket.write(body.slice(10));
    const raw = await response;
    assert.match(raw, /^HTTP\/1\.1 401 /);
    assert.match(raw, /x-service-contract-version: 2026-04-13/i);
    assert.match(raw, /"error":"unauthorized"/);
    await stopping;
    assert.equal(stopped, true);
  });

  it('says what it waits on while it closes: in-flight requests, then each worker by name (what a timed-out shutdown logs)', async () => {
    const config = testConfig('sqlite::memory:', { HOST: '127.0.0.1', PORT: '0' });
    const { app, stop, stopStep } = await startServer(config);
    assert.equal(stopStep(), 'running');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.ctx.onClose.push(function slowTestWorker() {
      return held;
    });
    const stopping = stop();
    // The hooks before it (the service's own workers) stop first; on a loaded machine that takes a while.
    const steps = new Set<string>();
    for (const deadline = Date.now() + 10_000; !stopStep().endsWith('slowTestWorker') && Date.now() < deadline; ) {
      steps.add(stopStep());
      await sleep(5);
    }
    assert.equal(stopStep(), 'closing the HTTP server, in-flight requests and workers: slowTestWorker', `steps seen: ${[...steps].join(' | ')}`);
    await sleep(50);
    assert.equal(stopStep(), 'closing the HTTP server, in-flight requests and workers: slowTestWorker', 'it stays there while the hook holds');
    release();
    await stopping;
    assert.equal(stopStep(), 'stopped');
  });
});

for (const engine of enginesUnderTest()) {
  describe(`first run [${engine.name}]`, () => {
    let db: Awaited<ReturnType<typeof engine.fresh>>;
    before(async () => {
      db = await engine.fresh();
    });
    after(async () => {
      await db?.drop();
    });

    async function storeCount(): Promise<number> {
      if (engine.name === 'sqlite') {
        const file = new SQLite(db.url.slice('sqlite:'.length), { readonly: true });
        try {
          return (file.prepare('select count(*) as n from stores').get() as { n: number }).n;
        } finally {
          file.close();
        }
      }
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        return Number((await client.query('select count(*) as n from stores')).rows[0].n);
      } finally {
        await client.end();
      }
    }

    it('two instances starting at once on an empty database seed one demo store; credentials 0600; the key reads the demo catalog; a restart does not seed again', async () => {
      const env = baseEnv(db.url, db.dataDir, { SEED_DEMO: 'true' });
      if (engine.name === 'sqlite') delete env.SEED_DEMO; // the SQLite default is on
      const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
      const failed = started.find((r) => r.status === 'rejected');
      if (failed) {
        // Never leave the other server running: the test process would wait for it forever.
        for (const r of started) if (r.status === 'fulfilled') await r.value.stop();
        throw (failed as PromiseRejectedResult).reason;
      }
      const [a, b] = started.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof startServerProcess>>>).value);
      try {
        assert.equal(await storeCount(), 1);
        const path = join(db.dataDir, 'demo-credentials.json');
        assert.equal(statSync(path).mode & 0o777, 0o600);
        const creds = JSON.parse(readFileSync(path, 'utf8'));
        assert.match(creds.storeId, /^[a-z0-9]+$/);
        assert.equal(creds.storeSlug, 'demo-store');
        assert.match(creds.integrationKey, /^isk_[0-9A-Za-z]{40}$/);
        assert.ok(creds.staff.email && creds.staff.password.length >= 10);
        const logs = a.output() + b.output();
        assert.match(logs, /demo-credentials\.json/);
        assert.ok(!logs.includes(creds.integrationKey), 'the key is never logged');
        assert.ok(!logs.includes(creds.staff.password), 'the password is never logged');

        for (const server of [a, b]) {
          const res = await fetch(`${server.baseUrl}/v1IntegrationProducts?storeId=${creds.storeId}`, {
            headers: { 'x-api-key': creds.integrationKey, 'x-service-contract-version': CONTRACT_VERSION },
          });
          assert.equal(res.status, 200);
          const body = await res.json();
          assert.equal(body.storeId, creds.storeId);
          assert.equal(body.count, 8);
          assert.ok(body.publicProducts.length >= 4 && body.publicProducts.every((p: any) => p.stockCount > 0));
          const service = body.publicServices.find((s: any) => s.id === 'braiding-appointment');
          assert.equal(service.durationMinutes, 120);
          assert.ok(!body.products.some((p: any) => p.id === 'gift-card-draft'), 'unpublished items stay hidden');
        }
        const staff = await fetch(`${a.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: creds.staff.email, password: creds.staff.password }),
        });
        assert.equal(staff.status, 200);
        const gallery = await fetch(`${a.baseUrl}/integrationGallery?storeId=${creds.storeId}`, { headers: { 'x-api-key': creds.integrationKey } });
        assert.equal((await gallery.json()).gallery.length, 3);
        const promo = await fetch(`${a.baseUrl}/v1IntegrationPromo?storeId=${creds.storeId}`, { headers: { 'x-api-key': creds.integrationKey } });
        assert.ok((await promo.json()).promo.title);
        const videos = await fetch(`${a.baseUrl}/integrationVideos?storeId=${creds.storeId}`, { headers: { 'x-api-key': creds.integrationKey } });
        assert.equal((await videos.json()).videos.length, 2);
      } finally {
        assert.equal(await a.stop(), 0);
        assert.equal(await b.stop(), 0);
      }

      const before = readFileSync(join(db.dataDir, 'demo-credentials.json'), 'utf8');
      const again = await startServerProcess(env);
      try {
        assert.equal(await storeCount(), 1);
        assert.doesNotMatch(again.output(), /demo store seeded/);
        assert.equal(readFileSync(join(db.dataDir, 'demo-credentials.json'), 'utf8'), before);
      } finally {
        assert.equal(await again.stop(), 0);
      }
    });

    it('SEED_DEMO=false leaves an empty database empty', async () => {
      const fresh = await engine.fresh();
      try {
        const server = await startServerProcess(baseEnv(fresh.url, fresh.dataDir, { SEED_DEMO: 'false' }));
        const res = await fetch(`${server.baseUrl}/readyz`);
        assert.equal(res.status, 200);
        assert.equal(await server.stop(), 0);
        const saved = db;
        db = fresh;
        try {
          assert.equal(await storeCount(), 0);
        } finally {
          db = saved;
        }
      } finally {
        await fresh.drop();
      }
    });
  });
}

describe('graceful shutdown with a client that already left [sqlite]', () => {
  it('lets the handler finish its database work before the database closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sis-inflight-'));
    const file = join(dir, 'store.db');
    // A slow password hash keeps the signup handler busy well after its client disconnects.
    const config = testConfig(`sqlite:${file}`, { HOST: '127.0.0.1', PORT: '0', PASSWORD_HASH_COST: '131072' });
    const { app, stop } = await startServer(config);
    const address = app.server.address();
    assert.ok(address && typeof address === 'object');

    const body = JSON.stringify({ email: 'leaver@example.com', password: 'correct horse battery', name: 'Leaver', store: { name: 'Left Early' } });
    const socket = await openSocket(address.port);
    socket.write(`POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    await sleep(30);
    socket.destroy(); // the client gives up; its connection closes, the handler is still hashing
    await sleep(20);
    await stop();

    const db = new SQLite(file, { readonly: true });
    try {
      const row = db.prepare('select count(*) as n from users where email = ?').get('leaver@example.com') as { n: number };
      assert.equal(row.n, 1, 'the signup committed before the database was closed');
    } finally {
      db.close();
    }
  });
});
