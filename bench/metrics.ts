// What metrics cost (issue 34: within 3% on the bare route): two servers on one engine in this
// process, one with METRICS_TOKEN (every request counted and timed) and one without, and GET /healthz
// driven at each in alternating rounds (autocannon in a worker thread). Printed by `npm run bench`
// (a full run) beside the target; alone: `npx tsx bench/metrics.ts [rounds] [seconds]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../src/server.ts';
import { benchConfig, freePort, mainThreadCpuMicros } from './harness.ts';
import { scratchDatabase } from './scratch-db.ts';

export interface MetricsOverhead {
  /** req/s with metrics ÷ req/s without, mean over rounds (1.00: no cost). */
  rateRatio: number;
  /** The server's CPU per request without ÷ with (1.00: no cost; 0.97: 3% more with metrics). */
  cpuRatio: number | null;
  p99Off: number;
  p99On: number;
  rounds: number;
}

async function round(baseUrl: string, seconds: number) {
  const before = mainThreadCpuMicros();
  const result = await autocannon({ url: `${baseUrl}/healthz`, connections: 10, duration: seconds, workers: 1 });
  const after = mainThreadCpuMicros();
  return { rate: result.requests.average, total: result.requests.total, p99: result.latency.p99, cpu: before === null || after === null ? null : after - before };
}

export async function measureMetricsOverhead(engine: 'sqlite' | 'postgres', rounds = 6, seconds = 3): Promise<MetricsOverhead> {
  const servers = [];
  const cleanups: Array<() => Promise<void>> = [];
  try {
    for (const metrics of [false, true]) {
      const database = await scratchDatabase(engine);
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'sis-bench-metrics-'));
      const config = benchConfig(database.url, port, dataDir, metrics ? { METRICS_TOKEN: 'bench-metrics-token-0123456789' } : {});
      const server = await startServer(config);
      servers.push(`http://127.0.0.1:${port}`);
      cleanups.push(async () => {
        await server.stop();
        await database.cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      });
    }
    const [off, on] = servers;
    await round(off, 1);
    await round(on, 1);
    const offRuns: Awaited<ReturnType<typeof round>>[] = [];
    const onRuns: Awaited<ReturnType<typeof round>>[] = [];
    for (let r = 0; r < rounds; r++) {
      // The order turns each round, so a machine that speeds up or slows down favours neither.
      if (r % 2 === 0) {
        offRuns.push(await round(off, seconds));
        onRuns.push(await round(on, seconds));
      } else {
        onRuns.push(await round(on, seconds));
        offRuns.push(await round(off, seconds));
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const cpuPer = (runs: typeof offRuns) => (runs.every((x) => x.cpu !== null) ? runs.reduce((s, x) => s + x.cpu!, 0) / runs.reduce((s, x) => s + x.total, 0) : null);
    const cpuOff = cpuPer(offRuns);
    const cpuOn = cpuPer(onRuns);
    return {
      rateRatio: mean(onRuns.map((x, i) => x.rate / offRuns[i].rate)),
      cpuRatio: cpuOff && cpuOn ? cpuOff / cpuOn : null,
      p99Off: Math.max(...offRuns.map((x) => x.p99)),
      p99On: Math.max(...onRuns.map((x) => x.p99)),
      rounds,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rounds = Number(process.argv[2] ?? 6);
  const seconds = Number(process.argv[3] ?? 3);
  for (const engine of ['sqlite', 'postgres'] as const) {
    try {
      const m = await measureMetricsOverhead(engine, rounds, seconds);
      console.log(`${engine}: bare route with metrics ÷ without: req/s ${m.rateRatio.toFixed(3)}, server CPU per request ${m.cpuRatio?.toFixed(3) ?? '-'} (p99 ${m.p99Off} → ${m.p99On} ms; ${m.rounds} rounds of ${seconds} s each)`);
    } catch (error) {
      console.log(`${engine}: not measured: ${(error as Error).message}`);
    }
  }
  process.exit(0);
}
