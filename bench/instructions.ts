// CPU instructions per request, counted by valgrind's callgrind in the server process: repeatable
// where wall-clock figures on a shared machine are not, so two builds can be compared (A/B).
//   npx tsx bench/instructions.ts [--only booking] [--engine sqlite|postgres] [--requests 100] [--samples 5] [--warmup 300]
// Runs bench/serve.ts under `valgrind --tool=callgrind --instr-atstart=no`, prepares each scenario of
// bench/scenarios/*.ts over HTTP, sends warm-up requests (the JIT settles), then for each sample
// switches instrumentation on, sends the requests one at a time, switches it off and dumps. Prints
// the lowest sample (garbage collection and JIT work land in some samples, never in fewer) and the
// median, in instructions per request. The bare route (GET /healthz) is measured the same way, in the
// same process, and each row's ratio is to it: on 2026-11-28 the same build's bare route counted
// 137,500 in one server process and 175,400 in the next, and every row moved with it (fixed V8 seeds
// and no address randomization did not settle that), while the ratios moved much less (~0.05).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTarget, loadScenarios } from './harness.ts';
import type { BenchRequest } from './types.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    engine: { type: 'string' },
    requests: { type: 'string', default: '100' },
    samples: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '300' },
  },
});
const requests = Number(values.requests);
const samples = Number(values.samples);
const warmup = Number(values.warmup);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const engines: Array<'sqlite' | 'postgres'> = values.engine ? [values.engine as 'sqlite' | 'postgres'] : pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

function startServer(engine: string, outDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--vgdb=yes', `--callgrind-out-file=${join(outDir, 'callgrind.out.%p')}`, process.execPath, '--import', 'tsx', join(import.meta.dirname, 'serve.ts'), engine],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, RUN_WORKERS: 'false' } },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
}

function control(pid: number, ...args: string[]) {
  const run = spawnSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${run.stderr || run.stdout}`);
}

/** Total instructions (Ir) of the newest dump in `outDir`. */
function lastDumpTotal(outDir: string, seen: Set<string>): number {
  const fresh = readdirSync(outDir).filter((f) => f.startsWith('callgrind.out') && !seen.has(f));
  if (fresh.length !== 1) throw new Error(`expected one new callgrind dump, found ${fresh.length}`);
  seen.add(fresh[0]);
  const text = readFileSync(join(outDir, fresh[0]), 'utf8');
  const total = /^totals: (\d+)/m.exec(text);
  if (!total) throw new Error(`no totals in ${fresh[0]}`);
  return Number(total[1]);
}

async function send(baseUrl: string, request: BenchRequest, expect: number[]) {
  const r = request.setupRequest ? request.setupRequest({ method: request.method, path: request.path, headers: request.headers, body: request.body }) : request;
  const res = await fetch(`${baseUrl}${r.path}`, { method: r.method ?? 'GET', headers: r.headers, body: r.body });
  await res.arrayBuffer();
  if (!expect.includes(res.status)) throw new Error(`${r.method ?? 'GET'} ${r.path} → ${res.status}`);
}

async function measure(pid: number, outDir: string, seen: Set<string>, baseUrl: string, request: BenchRequest, expect: number[]) {
  for (let i = 0; i < warmup; i++) await send(baseUrl, request, expect);
  const perRequest: number[] = [];
  for (let s = 0; s < samples; s++) {
    control(pid, '-z');
    control(pid, '--instr=on');
    for (let i = 0; i < requests; i++) await send(baseUrl, request, expect);
    control(pid, '--instr=off');
    control(pid, '-d');
    perRequest.push(lastDumpTotal(outDir, seen) / requests);
  }
  perRequest.sort((a, b) => a - b);
  return { min: perRequest[0], median: perRequest[Math.floor(perRequest.length / 2)] };
}

const scenarios = await loadScenarios(values.only ?? null);
const rows: string[] = [];
for (const engine of engines) {
  const outDir = mkdtempSync(join(tmpdir(), 'sis-callgrind-'));
  const { child, port } = await startServer(engine, outDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const seen = new Set(readdirSync(outDir));
  try {
    const target = await createTarget(baseUrl, null, engine);
    const bare = await measure(child.pid!, outDir, seen, baseUrl, { path: '/healthz' }, [200]);
    rows.push(`${engine.padEnd(8)}  ${'bare GET /healthz'.padEnd(45)}  ${Math.round(bare.min).toLocaleString('en').padStart(12)}  ${Math.round(bare.median).toLocaleString('en').padStart(12)}  ${'1.000'.padStart(8)}`);
    for (const { scenario } of scenarios) {
      console.error(`[${engine}] ${scenario.name} …`);
      const request = await scenario.prepare(target);
      const m = await measure(child.pid!, outDir, seen, baseUrl, request, scenario.expectStatus ?? [200]);
      rows.push(`${engine.padEnd(8)}  ${scenario.name.padEnd(45)}  ${Math.round(m.min).toLocaleString('en').padStart(12)}  ${Math.round(m.median).toLocaleString('en').padStart(12)}  ${(bare.min / m.min).toFixed(3).padStart(8)}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(outDir, { recursive: true, force: true });
  }
}
console.log(`\ninstructions per request in the server process (callgrind), ${samples} samples of ${requests} requests after ${warmup} warm-up requests`);
console.log(`${'engine'.padEnd(8)}  ${'scenario'.padEnd(45)}  ${'lowest'.padStart(12)}  ${'median'.padStart(12)}  ${'ratio'.padStart(8)}`);
for (const row of rows) console.log(row);
console.log('ratio = the bare route\'s lowest ÷ the row\'s lowest, both from the same server process. Compare ratios, not counts, across');
console.log('processes: the same build\'s counts can move by a quarter from one process to the next, both routes together.');
