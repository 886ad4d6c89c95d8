// A throw-away database for a benchmark run: a SQLite file in a temp directory, or a fresh
// PostgreSQL schema (selected through the URL's search_path option) that cleanup() drops.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dropScratchSchema } from '../src/db/migrate.ts';

/** PostgreSQL server for benchmarks: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  /** DATABASE_URL for the app (for PostgreSQL it names the scratch schema). */
  url: string;
  cleanup(): Promise<void>;
}

async function query(connectionString: string, text: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function scratchDatabase(engine: 'sqlite' | 'postgres', label = 'bench'): Promise<ScratchDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `sis-${label}-`));
    return { url: `sqlite:${join(dir, 'bench.db')}`, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await query(BENCH_PG_URL, `CREATE SCHEMA ${schema}`);
  const url = new URL(BENCH_PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), cleanup: () => dropScratchSchema(BENCH_PG_URL, schema) };
}
