// Which database a DATABASE_URL points at, in words an operator can act on (never a password),
// and whether the service's tables are there. The start message names the database in use; the
// CLI's management commands use an existing database only and say which one they looked at.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from './connect.ts';
import { isPostgres } from './sql.ts';

export interface DatabaseLocation {
  engine: 'SQLite' | 'PostgreSQL';
  /** Absolute SQLite file (null in memory). */
  file: string | null;
  /** e.g. `SQLite file /srv/store/data/store.db`, `PostgreSQL database store on db:5432 (user store, schema public)`. */
  text: string;
}

export function locateDatabase(url: string, cwd = process.cwd()): DatabaseLocation {
  if (dialectOf(url) === 'sqlite') {
    const path = url.slice('sqlite:'.length);
    if (path === ':memory:') return { engine: 'SQLite', file: null, text: 'SQLite in memory' };
    const file = resolve(cwd, path);
    return { engine: 'SQLite', file, text: `SQLite file ${file}` };
  }
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres';
  const schema = /search_path\s*=\s*([A-Za-z0-9_]+)/.exec(u.searchParams.get('options') ?? '')?.[1];
  const details = [u.username ? `user ${decodeURIComponent(u.username)}` : '', schema ? `schema ${schema}` : ''].filter(Boolean).join(', ');
  return { engine: 'PostgreSQL', file: null, text: `PostgreSQL database ${database} on ${u.host || 'localhost'}${details ? ` (${details})` : ''}` };
}

/** Whether the file of a SQLite URL exists (always true for PostgreSQL and in-memory SQLite). */
export function databaseFileExists(location: DatabaseLocation): boolean {
  return location.file === null || existsSync(location.file);
}

/** Whether the service's tables exist here (migrations have run at least once). */
export async function hasServiceTables(db: Kysely<any>): Promise<boolean> {
  const found = isPostgres(db)
    ? await sql<{ present: boolean }>`select to_regclass('stores') is not null as present`.execute(db)
    : await sql<{ present: number }>`select count(*) as present from sqlite_master where type = 'table' and name = 'stores'`.execute(db);
  return Boolean(Number(found.rows[0]?.present));
}
