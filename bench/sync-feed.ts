// Catalog sync measurement: `npx tsx bench/sync-feed.ts [items]` (default 10,000).
// For each engine (SQLite in a temp file; PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL /
// postgres://postgres@127.0.0.1:5432/test in a throw-away schema) it builds the real app, listens on
// 127.0.0.1 and, over HTTP with fetch, signs a store up and times (wall clock, client side):
//   create   a full JSON feed of N new items
//   update   the same N items with new prices and stock
//   same     the same feed again (N unchanged)
//   csv      the N items as text/csv (upsert, new prices)
//   rollback the rollback of the csv run (restores N items)
// Client, server and database share this machine, so the numbers are conservative.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchDatabase } from './scratch-db.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

import { pathToFileURL } from 'node:url';

export interface SyncStep {
  step: string;
  seconds: number;
  serverMs: number;
  counts: string;
}

function feedItems(N: number, priceOffset: number) {
  return Array.from({ length: N }, (_, i) => ({
    id: `sku-${i}`,
    name: `Product ${i}`,
    itemType: 'product',
    category: `Category ${i % 25}`,
    description: 'Imported from the point-of-sale system.',
    priceMinor: 500 + i + priceOffset,
    stockCount: (i * 7 + priceOffset) % 100,
    imageUrl: `https://images.example/sku-${i}.jpg`,
  }));
}

function toCsv(items: ReturnType<typeof feedItems>): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ['id,name,itemType,category,description,priceMinor,stockCount,imageUrl'];
  for (const i of items) lines.push([i.id, i.name, i.itemType, i.category, i.description, String(i.priceMinor), String(i.stockCount), i.imageUrl].map(quote).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Times a full feed of `N` new items, its update, the same feed again, a CSV upsert and its rollback. */
export async function measureSync(dialect: 'sqlite' | 'postgres', N = 10_000): Promise<SyncStep[]> {
  const scratch = await scratchDatabase(dialect, 'bench_sync');
  const { url, cleanup } = scratch;
  const database = await connectDatabase(url);
  await migrateToLatest(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-data-'));
  const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: 'false', RUN_WORKERS: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir, UPLOAD_DIR: join(dataDir, 'uploads'), RATE_LIMIT_PER_KEY: '100000', RATE_LIMIT_PER_IP: '100000' });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const results: SyncStep[] = [];
  try {
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.test`, password: 'bench password 123', name: 'Bench', store: { name: 'Bench Store' } }),
    }).then((r) => r.json() as Promise<any>);
    const storeId = signup.store.id;
    const auth = { authorization: `Bearer ${signup.token}` };

    const timed = async (step: string, path: string, body: string, contentType: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: body ? { ...auth, 'content-type': contentType } : auth, body: body || undefined });
      const data = (await res.json()) as any;
      const seconds = (performance.now() - t0) / 1000;
      if (!res.ok) throw new Error(`${step}: ${res.status} ${JSON.stringify(data).slice(0, 300)}`);
      const c = data.run.counts;
      results.push({ step, seconds, serverMs: data.run.durationMs, counts: `+${c.created} ~${c.updated} -${c.deleted} =${c.unchanged}` });
      return data.run.runId as string;
    };
    const feed = (offset: number) => JSON.stringify({ mode: 'full', items: feedItems(N, offset) });
    const syncPath = `/developer/sync-runs?storeId=${storeId}`;
    await timed('create (JSON, full)', syncPath, feed(0), 'application/json');
    await timed('update (JSON, full)', syncPath, feed(1), 'application/json');
    await timed('same (JSON, full)', syncPath, feed(1), 'application/json');
    const csvRun = await timed('csv (upsert)', `${syncPath}&mode=upsert`, toCsv(feedItems(N, 2)), 'text/csv');
    await timed('rollback of csv run', `/developer/sync-runs/${csvRun}/rollback?storeId=${storeId}`, '', '');
  } finally {
    await app.close();
    await database.destroy();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const N = Number(process.argv[2] ?? 10_000);
  console.log(`Catalog sync, ${N} items per feed, over HTTP on 127.0.0.1`);
  for (const dialect of ['sqlite', 'postgres'] as const) {
    try {
      const results = await measureSync(dialect, N);
      console.log(`\n${dialect}`);
      for (const r of results) console.log(`  ${r.step.padEnd(22)} ${r.seconds.toFixed(2).padStart(6)} s   (server ${String(r.serverMs).padStart(5)} ms)   ${r.counts}`);
    } catch (error) {
      console.log(`\n${dialect}: not measured (${(error as Error).message})`);
    }
  }
}
