// The bench server alone, for measuring it from outside (bench/instructions.ts runs it under
// callgrind): `node --import tsx bench/serve.ts sqlite|postgres`. Starts the real server (startServer)
// with the bench configuration on a scratch database, prints `READY <port>` and stops (dropping the
// scratch database) on SIGTERM or SIGINT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConfig, freePort } from './harness.ts';
import { scratchDatabase } from './scratch-db.ts';
import { startServer } from '../src/server.ts';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const database = await scratchDatabase(engine);
const dataDir = mkdtempSync(join(tmpdir(), 'sis-bench-data-'));
const port = await freePort();
const { stop } = await startServer(benchConfig(database.url, port, dataDir, { RUN_WORKERS: process.env.RUN_WORKERS ?? 'true' }));
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stop();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
console.log(`READY ${port}`);
