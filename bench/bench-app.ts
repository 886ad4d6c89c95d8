// An app in the bench's own process on a throw-away database (bench/scratch-db.ts), for the
// measurements that call its services and workers directly (webhooks, outbox, reminders).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchDatabase } from './scratch-db.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** Migrated, built and ready; `env` adds to the bench's settings (silent logs, no demo, fast hashing). */
export async function benchApp(dialect: 'sqlite' | 'postgres', label: string, env: Record<string, string> = {}) {
  const { url, cleanup } = await scratchDatabase(dialect, `bench_${label}`);
  const database = await connectDatabase(url, { poolSize: 20 });
  await migrateToLatest(database.db);
  const config = loadConfig({
    DATABASE_URL: url,
    PASSWORD_HASH_COST: '1024',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), `bench-${label}-data-`)),
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), `bench-${label}-up-`)),
    ...env,
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return { app, database, cleanup };
}
