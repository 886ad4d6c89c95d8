// SQL statements per request (each one a round trip to PostgreSQL; BEGIN and COMMIT included), for
// every scenario of bench/scenarios/*.ts: `npx tsx bench/round-trips.ts [--only booking] [--engine sqlite|postgres] [--requests 20] [--show]`.
// Counted through Kysely's query log on the app's own connection, requests sent one at a time
// with the workers off, so every statement belongs to the request in flight. --show prints the
// statements of the last request.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { benchConfig, createTarget, loadScenarios } from './harness.ts';
import { scratchDatabase } from './scratch-db.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, engine: { type: 'string' }, requests: { type: 'string', default: '20' }, show: { type: 'boolean' } },
});
const requests = Number(values.requests);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const engines: Array<'sqlite' | 'postgres'> = values.engine ? [values.engine as 'sqlite' | 'postgres'] : pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

const scenarios = await loadScenarios(values.only ?? null);
const rows: string[] = [];
for (const engine of engines) {
  const scratch = await scratchDatabase(engine, 'bench_trips');
  const dataDir = mkdtempSync(join(tmpdir(), 'sis-bench-data-'));
  let statements: string[] = [];
  const database = await connectDatabase(scratch.url, { log: (event) => void statements.push(event.query.sql) });
  await migrateToLatest(database.db);
  const app = await buildApp(benchConfig(scratch.url, 0, dataDir, { RUN_WORKERS: 'false' }), { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const target = await createTarget(baseUrl, app, engine);
    for (const { scenario } of scenarios) {
      const request = await scenario.prepare(target);
      const expect = scenario.expectStatus ?? [200];
      let total = 0;
      let last: string[] = [];
      // The first request fills caches (store, key); the rest are what a busy server sees.
      for (let i = 0; i <= requests; i++) {
        const r = request.setupRequest ? request.setupRequest({ ...request }) : request;
        statements = [];
        const res = await fetch(`${baseUrl}${r.path}`, { method: r.method ?? 'GET', headers: r.headers, body: r.body });
        await res.arrayBuffer();
        if (!expect.includes(res.status)) throw new Error(`${scenario.name}: ${res.status}`);
        if (i > 0) total += statements.length;
        last = statements;
      }
      rows.push(`${engine.padEnd(8)}  ${scenario.name.padEnd(45)}  ${(total / requests).toFixed(1).padStart(6)}`);
      if (values.show) rows.push(...last.map((s) => `            ${s.replace(/\s+/g, ' ').slice(0, 220)}`));
    }
  } finally {
    await app.close();
    await database.destroy();
    await scratch.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nSQL statements per request (BEGIN/COMMIT included; mean of ${requests} requests after the first)`);
for (const row of rows) console.log(row);
