// The real server with the demo store, for the page benchmarks (bench/console.ts, bench/store-page.ts):
// `node scripts/start.mjs` (which builds what is stale) of a checkout, on a scratch SQLite database
// in a temporary data directory, with the demo store seeded (SEED_DEMO) and the per-address rate
// limit raised. Ready once it answers /healthz and the demo store's credentials are written.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './harness.ts';

export interface DemoServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The server's DATA_DIR (its SQLite file and demo-credentials.json). */
  dataDir: string;
  child: ChildProcess;
}

/**
 * Starts the server of the checkout at `root` on a free port and waits (up to 3 minutes) until it
 * answers /healthz and has written `<dataDir>/demo-credentials.json`. `tmpPrefix` names the scratch
 * data directory (under the system's temporary directory).
 */
export async function startDemoServer(root: string, tmpPrefix = 'sis-bench-demo-'): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dataDir, 'store.db')}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '1000000',
    },
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 3 minutes');
    await sleep(200);
  }
  // The demo store is seeded right after listening: wait for its credentials.
  for (;;) {
    try {
      JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
      return { base, dataDir, child };
    } catch {
      if (Date.now() > deadline) throw new Error('the demo store was not seeded');
      await sleep(200);
    }
  }
}

/** Stops the server (SIGTERM, then waits for it to exit) and removes its data directory. */
export async function stopDemoServer(server: DemoServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((done) => server.child.once('exit', done));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}
