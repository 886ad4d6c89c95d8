// Webhook delivery measurement: `npx tsx bench/webhooks.ts [queuedN] [pacedN]`.
// For each engine (SQLite in a temp file; PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL /
// postgres://postgres@127.0.0.1:5432/test in a throw-away schema) it starts the app and the
// delivery worker, registers an endpoint pointing at a local receiver on 127.0.0.1, then:
//   drain: commits N events (each in its own transaction, 8 emitters in parallel) before the
//          worker starts, then reports delivery throughput = N / time to deliver them all;
//   paced: emits events one every 10 ms and reports commit→first-attempt lag p50/p99.
// Everything (emitters, worker, receiver) shares this one process, so numbers are conservative.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app.ts';
import { startEventsWorkers } from '../src/modules/events/workers.ts';

import { pathToFileURL } from 'node:url';
import { benchApp } from './bench-app.ts';

/** What one engine's delivery run measured. */
export interface WebhookFigures {
  queued: number;
  emittedPerSecond: number;
  drainSeconds: number;
  deliveriesPerSecond: number;
  paced: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  extraIds: number;
}

interface Receiver {
  url: string;
  arrivals: Map<string, number>;
  waitForCount(n: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  let waiter: (() => void) | null = null;
  let target = Infinity;
  const server = http.createServer((req, res) => {
    const at = performance.now();
    const id = String(req.headers['webhook-id']);
    if (!arrivals.has(id)) arrivals.set(id, at);
    req.resume();
    req.on('end', () => {
      res.writeHead(204).end();
      if (arrivals.size >= target && waiter) waiter();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    waitForCount(n, timeoutMs) {
      if (arrivals.size >= n) return Promise.resolve();
      target = n;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${arrivals.size}/${n} delivered in time`)), timeoutMs);
        waiter = () => {
          clearTimeout(timer);
          waiter = null;
          target = Infinity;
          resolve();
        };
      });
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const setup = (dialect: 'sqlite' | 'postgres') => benchApp(dialect, 'webhooks', { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });

async function emitOne(app: App, storeId: string, commits: Map<string, number>, i: number) {
  const envelope = await app.ctx.db.transaction().execute((trx) => app.ctx.services.events.emit(trx, storeId, 'order.paid', { orderId: `ord_${i}`, total: 10 + i }));
  commits.set(envelope.id, performance.now());
}

/** Delivers `burst` queued events, then `paced` events at ~100/s, through the real worker to a loopback receiver. */
export async function measureWebhooks(dialect: 'sqlite' | 'postgres', BURST = 1000, PACED = 300): Promise<WebhookFigures> {
  const { app, database, cleanup } = await setup(dialect);
  const receiver = await startReceiver();
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `bench-${Date.now()}@example.test`, password: 'correct horse battery', name: 'Bench', store: { name: 'Bench store' } },
    });
    const { token, store } = signup.json() as { token: string; store: { id: string } };
    const created = await app.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.id}`, headers: { authorization: `Bearer ${token}` }, payload: { url: receiver.url } });
    if (created.statusCode !== 201) throw new Error(`endpoint registration failed: ${created.body}`);
    // Drain: N events committed while no worker runs (8 emitters in parallel), then the worker
    // starts; throughput = N / time to deliver them all.
    const commits = new Map<string, number>();
    const emitStart = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < BURST) await emitOne(app, store.id, commits, next++);
    }));
    const emittedIn = performance.now() - emitStart;
    const started = performance.now();
    await startEventsWorkers(app.ctx);
    await receiver.waitForCount(BURST, 120_000);
    const lastArrival = Math.max(...[...commits.keys()].map((id) => receiver.arrivals.get(id)!));
    const throughput = BURST / ((lastArrival - started) / 1000);

    // Paced: lag from commit to first attempt at a steady 100 events/s.
    const pacedCommits = new Map<string, number>();
    for (let i = 0; i < PACED; i++) {
      await emitOne(app, store.id, pacedCommits, BURST + i);
      await new Promise((r) => setTimeout(r, 10));
    }
    await receiver.waitForCount(BURST + PACED, 60_000);
    const lags = [...pacedCommits].map(([id, at]) => receiver.arrivals.get(id)! - at).sort((a, b) => a - b);
    return {
      queued: BURST,
      emittedPerSecond: BURST / (emittedIn / 1000),
      drainSeconds: (lastArrival - started) / 1000,
      deliveriesPerSecond: throughput,
      paced: PACED,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
      lagMaxMs: lags[lags.length - 1],
      extraIds: receiver.arrivals.size - (BURST + PACED),
    };
  } finally {
    await app.close();
    await receiver.close();
    await database.destroy();
    await cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const burst = Number(process.argv[2] ?? 1000);
  const paced = Number(process.argv[3] ?? 300);
  const engines: Array<'sqlite' | 'postgres'> = process.env.BENCH_SQLITE_ONLY ? ['sqlite'] : ['sqlite', 'postgres'];
  for (const dialect of engines) {
    const f = await measureWebhooks(dialect, burst, paced);
    console.log(
      `${dialect.padEnd(8)} ${f.queued} queued events (emitted at ${f.emittedPerSecond.toFixed(0)}/s) drained in ${f.drainSeconds.toFixed(2)} s → ${f.deliveriesPerSecond.toFixed(0)} events/s | ` +
        `paced ${f.paced} events (≈100/s): commit→first attempt p50 ${f.lagP50Ms.toFixed(1)} ms, p99 ${f.lagP99Ms.toFixed(1)} ms, max ${f.lagMaxMs.toFixed(1)} ms` +
        (f.extraIds ? ` | unexpected extra ids: ${f.extraIds}` : ''),
    );
  }
}
