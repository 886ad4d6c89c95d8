// Start and footprint: `npx tsx bench/start.ts [--starts 7] [--only <substring>]`.
// On an existing SQLite database (a temp file, created and demo-seeded by one start before the
// measured ones) it starts the server as a separate process several times and reports, per way of
// starting it:
//   start → 200  time from spawning the command to the first 200 on GET /healthz (polled every 5 ms);
//                median of the starts, with the fastest and slowest;
//   RSS at 200   the server process's resident memory (/proc/<pid>/status VmRSS) right then;
//   RSS idle     the same after a few requests (health, the demo store's catalog read, the console
//                page) and a second of quiet; median of the starts.
// The server process is the deepest `node` process under the one spawned (npm → sh → node).
// Without --only it measures `npm start` and `node build/server/server.js` (the compiled server,
// built first if src/ changed) and, for comparison, `tsx src/server.ts` (the sources compiled on the
// fly, what `npm start` ran before the server build). benchStart() returns the rows for bench/run.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const CONTRACT_VERSION = '2026-04-13';

export interface StartCommand {
  /** Row label, e.g. "npm start". */
  name: string;
  argv: string[];
  /** Working directory (default: the repository). */
  cwd?: string;
}

export const START_COMMANDS: StartCommand[] = [
  { name: 'npm start', argv: ['npm', 'start', '--silent'] },
  { name: 'node build/server/server.js', argv: [process.execPath, join(ROOT, 'build/server/server.js')] },
  { name: 'tsx src/server.ts (sources)', argv: [process.execPath, join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'src/server.ts')] },
];

export interface StartRow {
  engine: 'sqlite';
  scenario: string;
  starts: number;
  /** Spawn to first 200 on /healthz, ms: median, fastest, slowest. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** CPU time (user + system) of every process of the start until that 200, ms (median): less moved by a busy machine than the wall time. */
  cpuMs: number;
  /** Server process VmRSS in MiB right at the first 200, and idle after a few requests (medians). */
  rssAtReadyMiB: number;
  rssIdleMiB: number;
  note?: string;
}

export interface StartBenchOptions {
  /** Measured starts per command (after one unmeasured start that creates and seeds the database). */
  starts?: number;
  commands?: StartCommand[];
  log?: (message: string) => void;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePromise(port));
    });
  });
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolvePromise(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const procChildren = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
};

const procName = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** The server: the deepest `node` process under pid (pid itself when it has no node children). */
function serverPid(pid: number): number {
  let best = { pid, depth: 0 };
  const visit = (p: number, depth: number) => {
    for (const child of procChildren(p)) {
      if (procName(child) === 'node' && depth + 1 > best.depth) best = { pid: child, depth: depth + 1 };
      visit(child, depth + 1);
    }
  };
  visit(pid, 0);
  return best.pid;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time of a process and its reaped children (utime, stime, cutime, cstime of /proc/<pid>/stat), ms. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time of a process tree so far, ms. */
function treeCpuMs(pid: number): number {
  return cpuOf(pid) + procChildren(pid).reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** VmRSS of a process in MiB (NaN once it is gone). */
export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Started {
  child: ChildProcess;
  server: number;
  readyMs: number;
  cpuMs: number;
  output: () => string;
}

async function startOnce(command: StartCommand, env: NodeJS.ProcessEnv, port: number): Promise<Started> {
  const t0 = performance.now();
  // Its own process group, so one signal reaches npm, the shell and the server alike.
  const child = spawn(command.argv[0], command.argv.slice(1), { cwd: command.cwd ?? ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${command.name} exited before serving:\n${out.slice(-2000)}`);
    const status = await get(port, '/healthz').catch(() => 0);
    if (status === 200) break;
    if (performance.now() - t0 > 60_000) {
      await stop({ child, server: child.pid!, readyMs: 0, cpuMs: 0, output: () => out });
      throw new Error(`${command.name} served no 200 on /healthz within 60 s:\n${out.slice(-2000)}`);
    }
    await sleep(5);
  }
  const readyMs = performance.now() - t0;
  return { child, server: serverPid(child.pid!), readyMs, cpuMs: treeCpuMs(child.pid!), output: () => out };
}

async function stop(started: Started): Promise<void> {
  const { child, server } = started;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 15_000);
  await exited;
  // The server itself closes the database last: wait for it too before the next start.
  while (alive(server)) await sleep(10);
  clearTimeout(timer);
}

/** A few ordinary requests: health, the demo store's catalog read through its integration key, the console page. */
async function exercise(port: number, dataDir: string) {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { storeId: string; integrationKey: string };
  const keyHeaders = { 'x-api-key': credentials.integrationKey, 'x-service-contract-version': CONTRACT_VERSION, accept: 'application/json' };
  for (let i = 0; i < 10; i++) {
    await get(port, '/healthz');
    const catalog = await get(port, `/v1IntegrationProducts?storeId=${credentials.storeId}`, keyHeaders);
    if (catalog !== 200) throw new Error(`catalog read answered ${catalog}`);
    await get(port, '/console/', { accept: 'text/html' });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Builds the server if src/ changed, so no measured start pays for a build. */
function ensureServerBuild() {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--only', 'server', '--if-stale', '--quiet'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`server build failed (exit ${run.status})`);
}

export async function benchStart(options: StartBenchOptions = {}): Promise<StartRow[]> {
  const starts = options.starts ?? 7;
  const commands = options.commands ?? START_COMMANDS;
  const log = options.log ?? ((message: string) => console.error(message));
  ensureServerBuild();
  const dir = mkdtempSync(join(tmpdir(), 'sis-bench-start-'));
  const dataDir = join(dir, 'data');
  // Like a production start: default log level (JSON lines, stdout not a terminal), workers on.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'store.db')}`,
    DATA_DIR: dataDir,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    npm_config_update_notifier: 'false',
  };
  const rows: StartRow[] = [];
  try {
    // The database exists before any measured start: created, migrated and demo-seeded once.
    const port = await freePort();
    await stop(await startOnce(START_COMMANDS[1], env, port));
    for (const command of commands) {
      log(`[start] ${command.name} ×${starts} …`);
      const ready: number[] = [];
      const cpu: number[] = [];
      const atReady: number[] = [];
      const idle: number[] = [];
      try {
        for (let i = 0; i < starts; i++) {
          const port = await freePort();
          const started = await startOnce(command, env, port);
          try {
            ready.push(started.readyMs);
            cpu.push(started.cpuMs);
            atReady.push(rssMiB(started.server));
            await exercise(port, dataDir);
            await sleep(1000);
            idle.push(rssMiB(started.server));
          } finally {
            await stop(started);
          }
        }
        rows.push({ engine: 'sqlite', scenario: command.name, starts, medianMs: median(ready), minMs: Math.min(...ready), maxMs: Math.max(...ready), cpuMs: median(cpu), rssAtReadyMiB: median(atReady), rssIdleMiB: median(idle) });
      } catch (error) {
        rows.push({ engine: 'sqlite', scenario: command.name, starts: ready.length, medianMs: NaN, minMs: NaN, maxMs: NaN, cpuMs: NaN, rssAtReadyMiB: NaN, rssIdleMiB: NaN, note: `failed: ${(error as Error).message.split('\n')[0]}` });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export function printStartTable(rows: StartRow[]) {
  const header = ['engine', 'scenario', 'starts', 'start→200 ms', 'min–max ms', 'CPU ms', 'RSS at 200 MiB', 'RSS idle MiB'];
  const body = rows.map((r) => [
    r.engine,
    r.scenario,
    String(r.starts),
    r.note ? '-' : r.medianMs.toFixed(0),
    r.note ? '-' : `${r.minMs.toFixed(0)}–${r.maxMs.toFixed(0)}`,
    r.note ? '-' : r.cpuMs.toFixed(0),
    r.note ? '-' : r.rssAtReadyMiB.toFixed(0),
    r.note ?? r.rssIdleMiB.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i < 7 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log('\nStart and footprint on an existing SQLite database (demo store), each start a new process; medians');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  console.log('\nstart→200 = spawn of the command to the first 200 on GET /healthz; CPU = user + system time of all its processes until then; RSS = VmRSS of the server process (the deepest node process), at that 200 and after 10 rounds of health, catalog read and console page then 1 s idle. Targets: < 1000 ms for npm start, < 120 MiB idle.');
}

if (import.meta.filename === process.argv[1] || import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { starts: { type: 'string', default: '7' }, only: { type: 'string' } }, strict: true });
  const starts = Number(values.starts);
  if (!Number.isInteger(starts) || starts < 1) {
    console.error('usage: npx tsx bench/start.ts [--starts <n ≥ 1>] [--only <substring of a command name>]');
    process.exit(2);
  }
  const commands = values.only ? START_COMMANDS.filter((c) => c.name.includes(values.only!)) : START_COMMANDS;
  const rows = await benchStart({ starts, commands });
  printStartTable(rows);
  process.exit(rows.some((r) => r.note) ? 1 : 0);
}
