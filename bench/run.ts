// `npm run bench [-- --duration 10 --connections 10 --only catalog --engine sqlite|postgres]`
// Starts the real server (startServer) on each engine on 127.0.0.1 with rate limits raised, creates a
// store, owner and integration key over HTTP, then drives GET /healthz (the bare route) and every
// scenario of bench/scenarios/*.ts with autocannon, and prints req/s as a ratio to the bare route.
// PostgreSQL runs when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a fresh schema dropped after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchConfig, createTarget, freePort, loadScenarios } from './harness.ts';
import { scratchDatabase } from './scratch-db.ts';
import { startServer } from '../src/server.ts';
import type { BenchRequest, BenchScenario } from './types.ts';

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  rounds: number;
  only: string | null;
  engines: Array<'sqlite' | 'postgres'>;
}

interface Row {
  engine: string;
  scenario: string;
  client: ClientMode;
  reqPerSec: number;
  ratio: number | null;
  /** Lowest and highest ratio of a single round to the bare round just before it. */
  ratioRange?: [number, number];
  p50: number;
  p99: number;
  non2xx: number;
  unexpected: number;
  errors: number;
  note?: string;
}

function usage(message?: string): never {
  if (message) console.error(`error: ${message}`);
  console.error('usage: npm run bench -- [--duration <s>] [--connections <n>] [--warmup <s>] [--rounds <n>] [--only <substring>] [--engine sqlite|postgres]');
  process.exit(2);
}

function options(): Options {
  let values;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      options: {
        duration: { type: 'string', default: '9' },
        connections: { type: 'string', default: '10' },
        warmup: { type: 'string', default: '1' },
        rounds: { type: 'string', default: '3' },
        only: { type: 'string' },
        engine: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    usage((error as Error).message);
  }
  if (values.help) usage();
  const int = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) usage(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let engines: Options['engines'] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (values.engine !== undefined) {
    if (values.engine !== 'sqlite' && values.engine !== 'postgres') usage('--engine must be sqlite or postgres');
    if (values.engine === 'postgres' && !pgUrl) usage('--engine postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    engines = [values.engine];
  }
  return {
    duration: int('duration', values.duration!, 1),
    connections: int('connections', values.connections!, 1),
    warmup: int('warmup', values.warmup!, 0),
    rounds: int('rounds', values.rounds!, 1),
    only: values.only ?? null,
    engines,
  };
}

/**
 * Where autocannon runs: in a worker thread when the request is static (the server's event loop then
 * only serves), in this process when the scenario builds each request with setupRequest (a closure
 * cannot be sent to a worker). Each row's ratio compares with the bare route measured the same way.
 */
type ClientMode = 'thread' | 'in-process';

type Measured = Omit<Row, 'engine' | 'scenario' | 'ratio' | 'client'>;

function toAutocannonRequests(request: BenchRequest) {
  return [
    {
      method: request.method ?? 'GET',
      path: request.path,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(request.setupRequest ? { setupRequest: request.setupRequest } : {}),
    },
  ];
}

async function runOnce(baseUrl: string, request: BenchRequest, connections: number, seconds: number, mode: ClientMode) {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: toAutocannonRequests(request) as any,
    ...(mode === 'thread' ? { workers: 1 } : {}),
  });
}

/** Several runs of one request combined: mean req/s, median p50, worst p99, summed counts. */
function summarize(results: autocannon.Result[], expect: number[]): Measured {
  let unexpected = 0;
  for (const result of results) {
    const stats = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
    const total = Object.values(stats).reduce((sum, st) => sum + st.count, 0);
    unexpected += total - expect.reduce((sum, code) => sum + (stats[String(code)]?.count ?? 0), 0);
  }
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    reqPerSec: results.reduce((sum, r) => sum + r.requests.average, 0) / results.length,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    unexpected,
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

/**
 * The scenario and the bare route in alternating short rounds (bare, scenario, bare, scenario, …), so a
 * change in machine load during the run hits both sides of the ratio alike.
 */
async function measurePaired(baseUrl: string, request: BenchRequest, opts: Options, expect: number[], mode: ClientMode) {
  const seconds = Math.max(1, Math.round(opts.duration / opts.rounds));
  const bareRequest: BenchRequest = { path: '/healthz' };
  if (opts.warmup > 0) {
    await runOnce(baseUrl, bareRequest, opts.connections, opts.warmup, mode);
    await runOnce(baseUrl, request, opts.connections, opts.warmup, mode);
  }
  const bare: autocannon.Result[] = [];
  const scenario: autocannon.Result[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    bare.push(await runOnce(baseUrl, bareRequest, opts.connections, seconds, mode));
    scenario.push(await runOnce(baseUrl, request, opts.connections, seconds, mode));
  }
  return { bare, rounds: scenario, scenario: summarize(scenario, expect) };
}

function roundRatios(bare: autocannon.Result[], rounds: autocannon.Result[]): [number, number] | undefined {
  const ratios = rounds.map((r, i) => r.requests.average / bare[i].requests.average).filter((x) => Number.isFinite(x));
  return ratios.length ? [Math.min(...ratios), Math.max(...ratios)] : undefined;
}

async function benchEngine(engine: 'sqlite' | 'postgres', opts: Options, scenarios: Array<{ file: string; scenario: BenchScenario }>): Promise<Row[]> {
  const database = await scratchDatabase(engine);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sis-bench-data-'));
  const config = benchConfig(database.url, port, dataDir);
  const { app, stop } = await startServer(config);
  const baseUrl = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    const target = await createTarget(baseUrl, app, engine);

    const bareRuns = new Map<ClientMode, autocannon.Result[]>();
    for (const { file, scenario } of scenarios) {
      console.error(`[${engine}] ${scenario.name} (${file}) …`);
      let mode: ClientMode = 'thread';
      try {
        const request = await scenario.prepare(target);
        mode = request.setupRequest ? 'in-process' : 'thread';
        const { bare, rounds, scenario: m } = await measurePaired(baseUrl, request, opts, scenario.expectStatus ?? [200], mode);
        bareRuns.set(mode, [...(bareRuns.get(mode) ?? []), ...bare]);
        const bareRate = summarize(bare, [200]).reqPerSec;
        rows.push({ engine, scenario: scenario.name, client: mode, ratio: bareRate ? m.reqPerSec / bareRate : null, ratioRange: roundRatios(bare, rounds), ...m });
      } catch (error) {
        rows.push({ engine, scenario: scenario.name, client: mode, reqPerSec: 0, ratio: null, p50: 0, p99: 0, non2xx: 0, unexpected: 0, errors: 0, note: `failed: ${(error as Error).message}` });
      }
    }
    if (scenarios.length === 0) bareRuns.set('thread', [await runOnce(baseUrl, { path: '/healthz' }, opts.connections, opts.duration, 'thread')]);
    for (const [mode, runs] of bareRuns) rows.unshift({ engine, scenario: 'bare GET /healthz (all rounds)', client: mode, ratio: 1, ...summarize(runs, [200]) });
  } finally {
    await stop();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function printTable(rows: Row[], opts: Options) {
  const header = ['engine', 'scenario', 'client', 'req/s', 'ratio', 'rounds', 'p50 ms', 'p99 ms', 'non-2xx', 'unexpected', 'errors'];
  const body = rows.map((r) => [
    r.engine,
    r.scenario,
    r.client,
    r.note ? '-' : r.reqPerSec.toFixed(0),
    r.ratio === null ? '-' : r.ratio.toFixed(2),
    r.ratioRange ? `${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)}` : '-',
    r.note ? '-' : String(r.p50),
    r.note ? '-' : String(r.p99),
    String(r.non2xx),
    String(r.unexpected),
    r.note ?? String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 3 && i <= 9 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${opts.connections} connections; per scenario ${opts.rounds} rounds of ${Math.max(1, Math.round(opts.duration / opts.rounds))} s alternating with the bare route (after ${opts.warmup} s warm-up); loopback; client "thread" = autocannon in a worker thread, "in-process" = on the server's event loop (scenarios with setupRequest)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  console.log('\nratio = req/s ÷ req/s of the bare route in the rounds alternating with it (same server, same client mode); rounds = the lowest and highest ratio of one round to the bare round before it (how much the machine moved); "unexpected" = responses outside the scenario\'s expectStatus.');
}

async function main() {
  const opts = options();
  const scenarios = await loadScenarios(opts.only);
  const rows: Row[] = [];
  for (const engine of opts.engines) rows.push(...(await benchEngine(engine, opts, scenarios)));
  printTable(rows, opts);
  process.exit(rows.some((r) => r.note) ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
