// `npm run bench [-- --duration 10 --connections 10 --only catalog --engine sqlite|postgres --grown]`
// Starts the real server (startServer) on each engine on 127.0.0.1 with rate limits raised, creates a
// store, owner and integration key over HTTP, then drives GET /healthz (the bare route) and every
// scenario of bench/scenarios/*.ts with autocannon, and prints req/s as a ratio to the bare route.
// PostgreSQL runs when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a fresh schema dropped after.
//
// --grown: the store as it has grown (bench/grown.ts: 100,000 customers, 200,000 bookings over two
// years, 100,000 orders, 5,000 items, 20 services). Per engine: two stores are signed up, the server
// stops, the grown history is bulk-inserted into one and the same 20 services (no history) into the
// other, PostgreSQL gets the ANALYZE its autovacuum would run, and the server starts again (running
// its own PRAGMA optimize on SQLite, as at every start). The flat-as-it-grows scenarios then run on
// the empty store and on the grown one, back to back per scenario, and a second table gives each scenario's grown figure as a
// factor of its empty-store figure. --grown-scale 0.1 builds a tenth of it (a quick check).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchConfig, createTarget, freePort, loadScenarios, mainThreadCpuMicros } from './harness.ts';
import { measureSync } from './sync-feed.ts';
import { benchStart, printStartTable } from './start.ts';
import { measureWebhooks } from './webhooks.ts';
import { GROWN_SIZES, growStore, seedServices, vacuumAnalyze, type GrowSizes } from './grown.ts';
import { scratchDatabase } from './scratch-db.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { startServer } from '../src/server.ts';
import type { BenchRequest, BenchScenario, BenchTarget } from './types.ts';
import { measureMetricsOverhead } from './metrics.ts';
import { measureOutbox } from './outbox.ts';
import { measureReminders } from './reminders.ts';

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  rounds: number;
  only: string | null;
  engines: Array<'sqlite' | 'postgres'>;
  /** --grown: the sizes of the grown store (GROWN_SIZES × --grown-scale); null for the usual run. */
  grown: GrowSizes | null;
}

/** The scenarios a --grown run measures on both stores (issue 17: flat as the store grows). */
const GROWN_SCENARIOS = ['booking create', 'checkout create', 'availability', 'bookings list', 'order status', 'catalog read (50 items, key auth)'];
const isGrownScenario = (name: string) => GROWN_SCENARIOS.some((prefix) => (prefix.endsWith(')') ? name === prefix : name.startsWith(prefix)));

interface Row {
  engine: string;
  /** --grown runs: which store the row was measured on. */
  store?: 'empty' | 'grown';
  scenario: string;
  client: ClientMode;
  reqPerSec: number;
  ratio: number | null;
  /** Lowest and highest ratio of a single round to the bare round just before it. */
  ratioRange?: [number, number];
  /** Each round's ratio to the bare round just before it, in round order. */
  roundRatios?: number[];
  p50: number;
  p99: number;
  /** CPU of the main thread (the server's event loop) per response, µs; with an in-process client it includes the client's. */
  cpuPerRequest: number | null;
  /** The bare route's cpuPerRequest ÷ this row's (measured the same way): the server's CPU cost as a ratio, apart from the client's when it runs in a thread. */
  cpuRatio?: number | null;
  non2xx: number;
  unexpected: number;
  errors: number;
  note?: string;
}

function usage(message?: string): never {
  if (message) console.error(`error: ${message}`);
  console.error('usage: npm run bench -- [--duration <s>] [--connections <n>] [--warmup <s>] [--rounds <n>] [--only <substring>] [--engine sqlite|postgres] [--grown [--grown-scale <0…1>]]');
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
        grown: { type: 'boolean' },
        'grown-scale': { type: 'string' },
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
  if (values['grown-scale'] !== undefined && !values.grown) usage('--grown-scale goes with --grown');
  const scale = Number(values['grown-scale'] ?? 1);
  if (!(scale > 0 && scale <= 1)) usage('--grown-scale must be a number in (0, 1]');
  const grown = values.grown
    ? { ...GROWN_SIZES, customers: Math.round(GROWN_SIZES.customers * scale), bookings: Math.round(GROWN_SIZES.bookings * scale), orders: Math.round(GROWN_SIZES.orders * scale), items: Math.max(GROWN_SIZES.services + 1, Math.round(GROWN_SIZES.items * scale)) }
    : null;
  return {
    duration: int('duration', values.duration!, 1),
    connections: int('connections', values.connections!, 1),
    warmup: int('warmup', values.warmup!, 0),
    rounds: int('rounds', values.rounds!, 1),
    only: values.only ?? null,
    engines,
    grown,
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

type Run = autocannon.Result & { mainThreadMicros: number | null };

async function runOnce(baseUrl: string, request: BenchRequest, connections: number, seconds: number, mode: ClientMode): Promise<Run> {
  const before = mainThreadCpuMicros();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: toAutocannonRequests(request) as any,
    ...(mode === 'thread' ? { workers: 1 } : {}),
  });
  const after = mainThreadCpuMicros();
  return Object.assign(result, { mainThreadMicros: before === null || after === null ? null : after - before });
}

/** Several runs of one request combined: mean req/s, median p50, worst p99, summed counts. */
function summarize(results: Run[], expect: number[]): Measured {
  let unexpected = 0;
  for (const result of results) {
    const stats = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
    const total = Object.values(stats).reduce((sum, st) => sum + st.count, 0);
    unexpected += total - expect.reduce((sum, code) => sum + (stats[String(code)]?.count ?? 0), 0);
  }
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  const responses = results.reduce((sum, r) => sum + r.requests.total, 0);
  const cpu = results.every((r) => r.mainThreadMicros !== null) ? results.reduce((sum, r) => sum + r.mainThreadMicros!, 0) : null;
  return {
    cpuPerRequest: cpu !== null && responses > 0 ? cpu / responses : null,
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
 * change in machine load during the run hits both sides of the ratio alike. With several requests (the
 * same scenario on the empty and the grown store) each round runs bare + each of them, the order turning
 * every round, so they share the machine's conditions too.
 */
async function measurePaired(baseUrl: string, requests: BenchRequest[], opts: Options, expect: number[], mode: ClientMode) {
  const seconds = Math.max(1, Math.round(opts.duration / opts.rounds));
  const bareRequest: BenchRequest = { path: '/healthz' };
  if (opts.warmup > 0) {
    await runOnce(baseUrl, bareRequest, opts.connections, opts.warmup, mode);
    for (const request of requests) await runOnce(baseUrl, request, opts.connections, opts.warmup, mode);
  }
  const results = requests.map(() => ({ bare: [] as Run[], rounds: [] as Run[] }));
  for (let round = 0; round < opts.rounds; round++) {
    for (let k = 0; k < requests.length; k++) {
      const i = (k + round) % requests.length;
      results[i].bare.push(await runOnce(baseUrl, bareRequest, opts.connections, seconds, mode));
      results[i].rounds.push(await runOnce(baseUrl, requests[i], opts.connections, seconds, mode));
    }
  }
  return results.map(({ bare, rounds }) => ({ bare, rounds, scenario: summarize(rounds, expect) }));
}

function roundRatios(bare: Run[], rounds: Run[]): Pick<Row, 'ratioRange' | 'roundRatios'> {
  const ratios = rounds.map((r, i) => r.requests.average / bare[i].requests.average);
  const finite = ratios.filter((x) => Number.isFinite(x));
  return finite.length ? { ratioRange: [Math.min(...finite), Math.max(...finite)], roundRatios: ratios } : {};
}

/**
 * Each scenario against every target (on a --grown run the empty and the grown store, their rounds
 * interleaved), paired with the bare route; the bare rounds are pooled per target and client mode into
 * the rows that come first.
 */
async function runScenarios(engine: 'sqlite' | 'postgres', targets: Array<{ target: BenchTarget; store?: Row['store'] }>, opts: Options, scenarios: Array<{ file: string; scenario: BenchScenario }>): Promise<Row[]> {
  const rows: Row[] = [];
  const bareRuns = new Map<string, { store?: Row['store']; mode: ClientMode; runs: Run[] }>();
  for (const { file, scenario } of scenarios) {
    console.error(`[${engine}] ${scenario.name} (${file}) …`);
    let mode: ClientMode = 'thread';
    try {
      const requests: BenchRequest[] = [];
      for (const { target } of targets) requests.push(await scenario.prepare(target));
      mode = requests[0].setupRequest ? 'in-process' : 'thread';
      const measured = await measurePaired(targets[0].target.baseUrl, requests, opts, scenario.expectStatus ?? [200], mode);
      targets.forEach(({ store }, i) => {
        const { bare, rounds, scenario: m } = measured[i];
        const key = `${store}/${mode}`;
        bareRuns.set(key, { store, mode, runs: [...(bareRuns.get(key)?.runs ?? []), ...bare] });
        const { reqPerSec: bareRate, cpuPerRequest: bareCpu } = summarize(bare, [200]);
        const cpuRatio = bareCpu && m.cpuPerRequest ? bareCpu / m.cpuPerRequest : null;
        rows.push({ engine, store, scenario: scenario.name, client: mode, ratio: bareRate ? m.reqPerSec / bareRate : null, cpuRatio, ...roundRatios(bare, rounds), ...m });
      });
    } catch (error) {
      for (const { store } of targets) rows.push({ engine, store, scenario: scenario.name, client: mode, reqPerSec: 0, ratio: null, p50: 0, p99: 0, cpuPerRequest: null, non2xx: 0, unexpected: 0, errors: 0, note: `failed: ${(error as Error).message}` });
    }
  }
  if (scenarios.length === 0) bareRuns.set('thread', { mode: 'thread', runs: [await runOnce(targets[0].target.baseUrl, { path: '/healthz' }, opts.connections, opts.duration, 'thread')] });
  const bareRows = [...bareRuns.values()].map(({ store, mode, runs }) => ({ engine, store, scenario: 'bare GET /healthz (all rounds)', client: mode, ratio: 1, cpuRatio: 1, ...summarize(runs, [200]) }));
  return [...bareRows, ...rows];
}

async function benchEngine(engine: 'sqlite' | 'postgres', opts: Options, scenarios: Array<{ file: string; scenario: BenchScenario }>): Promise<Row[]> {
  const database = await scratchDatabase(engine);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sis-bench-data-'));
  const config = benchConfig(database.url, port, dataDir);
  const { app, stop } = await startServer(config);
  try {
    const target = await createTarget(`http://127.0.0.1:${port}`, app, engine);
    return await runScenarios(engine, [{ target }], opts, scenarios);
  } finally {
    await stop();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * --grown on one engine: an empty store and a grown one in the same database, measured by the same
 * server process, which starts after the bulk load (see the header).
 */
async function benchGrown(engine: 'sqlite' | 'postgres', opts: Options, sizes: GrowSizes, scenarios: Array<{ file: string; scenario: BenchScenario }>): Promise<Row[]> {
  const database = await scratchDatabase(engine);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sis-bench-data-'));
  const config = benchConfig(database.url, port, dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: Awaited<ReturnType<typeof startServer>> | null = await startServer(config);
  try {
    const empty = await createTarget(baseUrl, server.app, engine);
    const grown = await createTarget(baseUrl, server.app, engine);
    const { store } = (await (await fetch(`${baseUrl}/api/stores/${grown.storeId}`, { headers: { authorization: `Bearer ${grown.staffToken}` } })).json()) as { store: { timezone: string; currency: string } };
    await server.stop();
    server = null;

    const handle = await connectDatabase(database.url);
    try {
      console.error(`[${engine}] building the grown store (${Object.entries(sizes).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}) …`);
      await seedServices(handle.db, engine, empty.storeId, sizes.services);
      const built = await growStore(handle.db, engine, { id: grown.storeId, timezone: store.timezone, currency: store.currency }, sizes);
      const started = performance.now();
      await vacuumAnalyze(handle.db, engine);
      console.error(`[${engine}] built in ${built.seconds.toFixed(1)} s (${Object.entries(built.rows).map(([k, v]) => `${k} ${v}`).join(', ')})${engine === 'postgres' ? `; VACUUM ANALYZE ${((performance.now() - started) / 1000).toFixed(1)} s` : ''}`);
    } finally {
      await handle.destroy();
    }

    // As at any start: migrations (none pending) and, on SQLite, PRAGMA optimize (ANALYZE of the grown tables).
    server = await startServer(config);
    empty.app = grown.app = server.app;
    return await runScenarios(engine, [{ target: empty, store: 'empty' }, { target: grown, store: 'grown' }], opts, scenarios);
  } finally {
    await server?.stop();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[], opts: Options) {
  const header = ['engine', ...(opts.grown ? ['store'] : []), 'scenario', 'client', 'req/s', 'ratio', 'rounds', 'cpu µs', 'cpu ratio', 'p50 ms', 'p99 ms', 'non-2xx', 'unexpected', 'errors'];
  const body = rows.map((r) => [
    r.engine,
    ...(opts.grown ? [r.store ?? ''] : []),
    r.scenario,
    r.client,
    r.note ? '-' : r.reqPerSec.toFixed(0),
    r.ratio === null ? '-' : r.ratio.toFixed(2),
    r.ratioRange ? `${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)}` : '-',
    r.cpuPerRequest == null || r.note ? '-' : r.cpuPerRequest.toFixed(1),
    r.cpuRatio == null ? '-' : r.cpuRatio.toFixed(2),
    r.note ? '-' : String(r.p50),
    r.note ? '-' : String(r.p99),
    String(r.non2xx),
    String(r.unexpected),
    r.note ?? String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const numeric = opts.grown ? 4 : 3;
  const line = (cells: string[]) => cells.map((c, i) => (i >= numeric && i <= numeric + 8 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${opts.connections} connections; per scenario ${opts.rounds} rounds of ${Math.max(1, Math.round(opts.duration / opts.rounds))} s alternating with the bare route (after ${opts.warmup} s warm-up); loopback; client "thread" = autocannon in a worker thread, "in-process" = on the server's event loop (scenarios with setupRequest)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  console.log('\nratio = req/s ÷ req/s of the bare route in the rounds alternating with it (same server, same client mode); rounds = the lowest and highest ratio of one round to the bare round before it (how much the machine moved); "unexpected" = responses outside the scenario\'s expectStatus.');
}

/** --grown: each scenario's grown-store figures as factors of its empty-store figures. */
function printGrowth(rows: Row[], sizes: GrowSizes) {
  const header = ['engine', 'scenario', 'ratio empty', 'ratio grown', 'grown ÷ empty', 'rounds', 'p99 empty', 'p99 grown'];
  const body: string[][] = [];
  for (const g of rows.filter((r) => r.store === 'grown' && !r.scenario.startsWith('bare'))) {
    const e = rows.find((r) => r.store === 'empty' && r.engine === g.engine && r.scenario === g.scenario);
    if (!e) continue;
    const factor = e.ratio && g.ratio ? g.ratio / e.ratio : null;
    // Round r of both stores ran back to back (measurePaired), so their quotient is a paired sample.
    const paired = (g.roundRatios ?? []).map((x, r) => x / (e.roundRatios?.[r] ?? NaN)).filter((x) => Number.isFinite(x));
    const range = paired.length ? `${Math.min(...paired).toFixed(2)}–${Math.max(...paired).toFixed(2)}` : '-';
    body.push([g.engine, g.scenario, e.ratio?.toFixed(3) ?? '-', g.ratio?.toFixed(3) ?? '-', factor === null ? '-' : factor.toFixed(2), range, e.note ? '-' : String(e.p99), g.note ? '-' : String(g.p99)]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\ngrown store (${Object.entries(sizes).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}) against the empty store, same server process`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  console.log('\ngrown ÷ empty = the grown store\'s ratio to the bare route ÷ the empty store\'s (1.00 = flat; 0.80 = 1.25× slower); rounds = the lowest and highest grown ÷ empty of single rounds (round r of both stores ran back to back): a spread that includes 1.00 cannot tell the two apart.');
}

/**
 * The rows that are not request rates (issue 17, targets 4 and 5): webhook delivery (bench/webhooks.ts),
 * a 10,000-item catalog sync (bench/sync-feed.ts) per engine, and start and footprint (bench/start.ts).
 * Printed after the request table by a full run (no --only, no --grown), each beside its target.
 */
async function benchExtras(opts: Options) {
  const rows: string[][] = [];
  for (const engine of opts.engines) {
    try {
      const w = await measureWebhooks(engine);
      rows.push([engine, `webhook delivery (${w.queued} queued)`, `${w.deliveriesPerSecond.toFixed(0)} deliveries/s`, '≥ 500/s']);
      rows.push([engine, `webhook commit → first attempt (${w.paced} at ~100/s)`, `p99 ${w.lagP99Ms.toFixed(0)} ms (p50 ${w.lagP50Ms.toFixed(0)})`, 'p99 < 1000 ms']);
    } catch (error) {
      rows.push([engine, 'webhook delivery', `not measured: ${(error as Error).message}`, '']);
    }
    try {
      const m = await measureMetricsOverhead(engine);
      rows.push([engine, 'bare route, metrics on ÷ off (req/s; server CPU)', `${m.rateRatio.toFixed(3)}; ${m.cpuRatio?.toFixed(3) ?? '-'} (p99 ${m.p99Off} → ${m.p99On} ms)`, '≥ 0.97']);
    } catch (error) {
      rows.push([engine, 'metrics overhead', `not measured: ${(error as Error).message}`, '']);
    }
    try {
      const o = await measureOutbox(engine, 2000, 10_000);
      rows.push([engine, `outbox drain (${o.drained.toLocaleString('en')} reminders into a local SMTP sink)`, `${o.mailsPerSecond.toFixed(0)} mails/s`, '≥ 100/s']);
      rows.push([engine, `urgent mail behind ${o.bulk.toLocaleString('en')} queued reminders`, o.urgentWaitMs === null ? `not within ${o.urgentLimitMs / 1000} s` : `${(o.urgentWaitMs / 1000).toFixed(2)} s`, '≤ 5 s']);
    } catch (error) {
      rows.push([engine, 'outbox drain', `not measured: ${(error as Error).message}`, '']);
    }
    try {
      const r = await measureReminders(engine, 10_000);
      rows.push([engine, `reminder sweep, steady (${r.bookings.toLocaleString('en')} bookings in the next 7 days)`, `median ${r.steadyMedianMs.toFixed(1)} ms (max ${r.steadyMaxMs.toFixed(1)})`, '≤ 20 ms']);
      rows.push([engine, `reminder sweep, queueing ${r.queued.toLocaleString('en')} due reminders`, `${r.queueSeconds.toFixed(2)} s`, '≤ 2 s']);
    } catch (error) {
      rows.push([engine, 'reminder sweep', `not measured: ${(error as Error).message}`, '']);
    }
    try {
      const steps = await measureSync(engine, 10_000);
      for (const step of steps) rows.push([engine, `sync 10,000 items: ${step.step}`, `${step.seconds.toFixed(2)} s`, '< 3 s']);
    } catch (error) {
      rows.push([engine, 'sync 10,000 items', `not measured: ${(error as Error).message}`, '']);
    }
  }
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['engine', 'scenario', 'measured', 'target'][i].length));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log('\nBackground and bulk work (bench/webhooks.ts, bench/outbox.ts, bench/reminders.ts, bench/sync-feed.ts)');
  console.log(line(['engine', 'scenario', 'measured', 'target']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  printStartTable(await benchStart());
  console.log('targets: start → first 200 < 1000 ms for npm start; idle RSS < 120 MiB');
}

async function main() {
  const opts = options();
  let scenarios = await loadScenarios(opts.only);
  if (opts.grown) scenarios = scenarios.filter(({ scenario }) => isGrownScenario(scenario.name));
  const rows: Row[] = [];
  for (const engine of opts.engines) rows.push(...(opts.grown ? await benchGrown(engine, opts, opts.grown, scenarios) : await benchEngine(engine, opts, scenarios)));
  printTable(rows, opts);
  if (opts.grown) printGrowth(rows, opts.grown);
  if (!opts.grown && !opts.only) await benchExtras(opts);
  process.exit(rows.some((r) => r.note) ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
