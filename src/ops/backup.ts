// Backups a small store can count on: one dated archive (tar.gz) holding a consistent copy of the
// database, the uploaded images, and a manifest (schema version, rows per table, a checksum per
// file). SQLite is copied with VACUUM INTO by a connection of its own in a worker thread: it reads
// one snapshot of the database (WAL mode: the server's writes go on meanwhile and are not in it), so
// the event loop is never blocked and the copy is never torn. PostgreSQL is dumped with pg_dump
// (custom format, one snapshot) when it is installed. `verify` opens a copy and checks it;
// `restore` checks the checksums and the schema version and refuses to replace a database that a
// running server holds.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { basename, dirname, join, relative, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import { knownMigrations } from '../db/migrate.ts';

export const BACKUP_FORMAT = 1;
const SQLITE_FILE = 'database.sqlite';
const PG_FILE = 'database.pgdump';
const MANIFEST = 'manifest.json';
const UPLOADS = 'uploads';
const ARCHIVE_PATTERN = /^store-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;

export interface FileEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  /** The newest migration applied to the copied database. */
  schemaVersion: string | null;
  /** Rows per table in the copy (SQLite: exactly; PostgreSQL: just before the dump). */
  counts: Record<string, number>;
  database: FileEntry;
  uploads: FileEntry[];
  host: string;
}

export interface BackupResult {
  archive: string;
  manifest: BackupManifest;
  bytes: number;
  durationMs: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function fileEntry(path: string, name: string): Promise<FileEntry> {
  return { path: name, size: (await stat(path)).size, sha256: await sha256File(path) };
}

/** Every regular file under `dir` (relative paths, sorted); none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = async (current: string) => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/** PostgreSQL: the service's tables and their row counts, read through `db`. */
async function countRows(db: Kysely<any>): Promise<Record<string, number>> {
  const tables = (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
  return counts;
}

async function schemaVersionOf(db: Kysely<any>): Promise<string | null> {
  try {
    const row = (await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db)).rows[0];
    return row?.name ?? null;
  } catch {
    return null;
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === 'ENOENT' ? `${command} is not installed (PostgreSQL client tools; on Debian: apt-get install postgresql-client)` : error.message)),
    );
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim().slice(0, 500)}`))));
  });
}

/** The schema a PostgreSQL URL selects (`?options=-c search_path=…`): only it is dumped. */
export function searchPathOf(databaseUrl: string): string | null {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const match = /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options);
  return match ? match[1] : null;
}

/** `store-backup-20261128-031500.tar.gz` (UTC), numbered when one of that second exists. */
function archiveName(dir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  let name = `store-backup-${stamp}.tar.gz`;
  for (let n = 2; existsSync(join(dir, name)); n++) name = `store-backup-${stamp}-${n}.tar.gz`;
  return name;
}

// CommonJS run by the worker (eval: the same text from the sources and from the compiled build).
// The copy's rows per table and newest migration are counted there too: counting a big table blocks
// whoever counts.
const SNAPSHOT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
let copy;
try {
  db = new Database(workerData.file, { fileMustExist: true, timeout: 5000 });
  db.prepare('VACUUM INTO ?').run(workerData.target);
  copy = new Database(workerData.target, { readonly: true });
  const counts = {};
  for (const { name } of copy.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all()) {
    counts[name] = copy.prepare('select count(*) as n from "' + name.replace(/"/g, '""') + '"').get().n;
  }
  let schemaVersion = null;
  try {
    schemaVersion = copy.prepare('select max(name) as name from kysely_migration').get().name;
  } catch {}
  parentPort.postMessage({ ok: true, counts, schemaVersion });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
} finally {
  if (copy) copy.close();
  if (db) db.close();
}
`;

/**
 * A consistent copy of the SQLite database at `file`, written to `target` by a worker thread, with its
 * rows per table and schema version.
 */
function snapshotSqlite(file: string, target: string): Promise<{ counts: Record<string, number>; schemaVersion: string | null }> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(SNAPSHOT_WORKER, { eval: true, workerData: { file: resolve(file), target, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
    let answered = false;
    worker.once('message', (result: { ok: boolean; message?: string; counts?: Record<string, number>; schemaVersion?: string | null }) => {
      answered = true;
      if (result.ok) resolvePromise({ counts: result.counts ?? {}, schemaVersion: result.schemaVersion ?? null });
      else reject(new BackupError(`copying the database failed: ${result.message}`));
    });
    worker.once('error', (error) => reject(new BackupError(`copying the database failed: ${error.message}`)));
    worker.once('exit', (code) => {
      if (!answered) reject(new BackupError(`copying the database failed: the worker exited (${code})`));
    });
  });
}

/** tar, loaded when a backup is made or read (the server imports this module for its file lock only). */
const loadTar = () => import('tar');

/** Archives hold customers, manage tokens and webhook secrets: readable by the service's user only. */
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/**
 * Makes `dir` (and its parents) if missing, and makes it the service user's alone: a folder that others
 * may read is tightened to 0700, unless it is a shared one with the sticky bit (/tmp), whose other
 * users' files are not ours to hide; the archives in it are 0600 whatever the folder.
 */
async function privateFolder(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  const { mode } = await stat(dir);
  const sticky = (mode & 0o1000) !== 0;
  if ((mode & 0o077) !== 0 && !sticky) await chmod(dir, PRIVATE_FOLDER);
}

/**
 * Makes a backup archive in `toDir`: the database (a consistent copy, taken while the service runs),
 * the uploads, and the manifest. Written under a temporary name and renamed when complete, with a
 * `.sha256` file beside it.
 */
export async function createBackup(options: { database: DatabaseHandle; databaseUrl: string; uploadDir: string; toDir: string; now?: Date }): Promise<BackupResult> {
  const started = Date.now();
  const { database } = options;
  await privateFolder(options.toDir);
  const staging = await mkdtemp(join(options.toDir, '.backup-'));
  try {
    let entry: FileEntry;
    let counts: Record<string, number>;
    let schemaVersion: string | null;
    if (database.dialect === 'sqlite') {
      if (!database.sqliteFile) throw new BackupError('an in-memory database cannot be backed up');
      const target = join(staging, SQLITE_FILE);
      ({ counts, schemaVersion } = await snapshotSqlite(database.sqliteFile, target));
      entry = await fileEntry(target, SQLITE_FILE);
    } else {
      counts = await countRows(database.db);
      schemaVersion = await schemaVersionOf(database.db);
      const target = join(staging, PG_FILE);
      const schema = searchPathOf(options.databaseUrl);
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...(schema ? [`--schema=${schema}`] : []), `--file=${target}`, options.databaseUrl]);
      entry = await fileEntry(target, PG_FILE);
    }
    const uploadFiles = await filesUnder(options.uploadDir);
    const uploads: FileEntry[] = [];
    for (const file of uploadFiles) uploads.push(await fileEntry(join(options.uploadDir, file), `${UPLOADS}/${file}`));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      engine: database.dialect,
      schemaVersion,
      counts,
      database: entry,
      uploads,
      host: hostname(),
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // The uploads go in through a link to their folder (not copied first).
    const entries = [MANIFEST, entry.path];
    if (uploads.length) {
      await symlink(resolve(options.uploadDir), join(staging, UPLOADS), 'dir');
      entries.push(...uploadFiles.map((f) => `${UPLOADS}/${f}`));
    }
    const name = archiveName(options.toDir, options.now ?? new Date());
    const archive = join(options.toDir, name);
    const partial = `${archive}.partial`;
    // Packed by tar, compressed by Node's zlib stream (its work runs off the event loop; tar's own
    // gzip compresses on it: ~350 ms stalls on a 33 MB database).
    const tar = await loadTar();
    await pipeline(tar.c({ cwd: staging, follow: true, portable: true }, entries), createGzip({ level: 6 }), createWriteStream(partial, { mode: PRIVATE_FILE }));
    const checksum = await sha256File(partial);
    await rename(partial, archive);
    await writeFile(`${archive}.sha256`, `${checksum}  ${name}\n`, { mode: PRIVATE_FILE });
    return { archive, manifest, bytes: (await stat(archive)).size, durationMs: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` archives in `dir` (with their .sha256 files); returns what went. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const archives = (await readdir(dir)).filter((f) => ARCHIVE_PATTERN.test(f)).sort();
  const gone = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of gone) {
    await rm(join(dir, name), { force: true });
    await rm(join(dir, `${name}.sha256`), { force: true });
  }
  return gone;
}

/** The archives in `dir`, newest last. */
export async function listBackups(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((f) => ARCHIVE_PATTERN.test(f)).sort().map((f) => join(dir, f));
}

export interface VerifyResult {
  ok: boolean;
  manifest: BackupManifest | null;
  problems: string[];
}

/** Unpacks the archive into a new temporary folder (removed by the caller) and reads its manifest. */
async function unpack(archive: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!existsSync(archive)) throw new BackupError(`no such archive: ${archive}`);
  const dir = await mkdtemp(join(tmpdir(), 'store-restore-'));
  try {
    await (await loadTar()).x({ file: archive, cwd: dir, strict: true, preservePaths: false });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new BackupError(`the archive cannot be read (${(error as Error).message}): it is damaged or not a backup`);
  }
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) {
    await rm(dir, { recursive: true, force: true });
    throw new BackupError('the archive has no manifest.json: it is not a backup made by store-service');
  }
  return { dir, manifest: JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest };
}

/** The checks verify and restore share, on an unpacked archive. */
async function check(archive: string, dir: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const sidecar = `${archive}.sha256`;
  if (existsSync(sidecar)) {
    const expected = (await readFile(sidecar, 'utf8')).trim().split(/\s+/)[0];
    if (expected !== (await sha256File(archive))) problems.push('the archive does not match its .sha256 file');
  }
  if (manifest.format !== BACKUP_FORMAT) problems.push(`archive format ${manifest.format} is not one this version reads (${BACKUP_FORMAT})`);
  for (const entry of [manifest.database, ...manifest.uploads]) {
    const path = join(dir, entry.path);
    if (!existsSync(path)) problems.push(`${entry.path} is missing`);
    else if ((await sha256File(path)) !== entry.sha256) problems.push(`${entry.path} does not match its checksum`);
  }
  if (problems.length) return problems;
  if (manifest.engine === 'sqlite') {
    const copy = new SQLite(join(dir, SQLITE_FILE), { readonly: true });
    try {
      const integrity = copy.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') problems.push(`the database copy fails SQLite's integrity check: ${String(integrity)}`);
      for (const [table, expected] of Object.entries(manifest.counts)) {
        const actual = (copy.prepare(`select count(*) as n from "${table.replace(/"/g, '""')}"`).get() as { n: number }).n;
        if (actual !== expected) problems.push(`table ${table} has ${actual} rows, the manifest says ${expected}`);
      }
    } finally {
      copy.close();
    }
  } else {
    await run('pg_restore', ['--list', join(dir, PG_FILE)]).catch((error: Error) => problems.push(`pg_restore cannot read the dump: ${error.message}`));
  }
  return problems;
}

/** `store-service backup --verify`: the checksums, the manifest, and the copy opened and checked. */
export async function verifyBackup(archive: string): Promise<VerifyResult> {
  let unpacked;
  try {
    unpacked = await unpack(archive);
  } catch (error) {
    return { ok: false, manifest: null, problems: [(error as Error).message] };
  }
  try {
    const problems = await check(archive, unpacked.dir, unpacked.manifest);
    return { ok: problems.length === 0, manifest: unpacked.manifest, problems };
  } finally {
    await rm(unpacked.dir, { recursive: true, force: true });
  }
}

/** Who holds an SQLite database file: the server writes this beside it while it runs. */
export function servingLockPath(databaseFile: string): string {
  return `${databaseFile}.serving.json`;
}

/** Marks the database file as held by this process (a running server); returns the release. */
export async function holdServingLock(databaseFile: string): Promise<() => Promise<void>> {
  const path = servingLockPath(databaseFile);
  await writeFile(path, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }));
  return async () => {
    await rm(path, { force: true });
  };
}

/** The server holding the database file, if one runs (a lock left by a killed server does not count). */
export async function servingLockHolder(databaseFile: string): Promise<{ pid: number; host: string } | null> {
  const path = servingLockPath(databaseFile);
  if (!existsSync(path)) return null;
  try {
    const holder = JSON.parse(await readFile(path, 'utf8')) as { pid: number; host: string };
    if (holder.host !== hostname()) return holder;
    process.kill(holder.pid, 0);
    return holder;
  } catch {
    return null;
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database and uploads that were there before went (nothing is deleted). */
  keptAside: string[];
}

/**
 * Restores an archive over the configured database and upload folder. Refuses a damaged archive, a
 * schema newer than this version knows, an engine other than the configured one, and a database a
 * running server holds. What was there is moved aside, not deleted.
 */
export async function restoreBackup(options: { archive: string; databaseUrl: string; uploadDir: string; now?: Date }): Promise<RestoreResult> {
  const { dir, manifest } = await unpack(options.archive);
  try {
    const problems = await check(options.archive, dir, manifest);
    if (problems.length) throw new BackupError(`the archive fails its checks: ${problems.join('; ')}`);
    const engine = options.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
    if (manifest.engine !== engine) throw new BackupError(`the archive holds a ${manifest.engine} database, and DATABASE_URL is ${engine}`);
    const known = await knownMigrations();
    if (manifest.schemaVersion && !known.includes(manifest.schemaVersion)) {
      throw new BackupError(`the archive's schema (${manifest.schemaVersion}) is newer than this version of the service knows; restore it with that version or a later one`);
    }
    const stamp = (options.now ?? new Date()).toISOString().replace(/[-:.]/g, '').slice(0, 15);
    const keptAside: string[] = [];
    const moveAside = async (path: string) => {
      if (!existsSync(path)) return;
      const aside = `${path}.before-restore-${stamp}`;
      await rename(path, aside);
      keptAside.push(aside);
    };
    if (engine === 'sqlite') {
      const file = options.databaseUrl.slice('sqlite:'.length);
      if (file === ':memory:') throw new BackupError('DATABASE_URL is an in-memory database: nothing to restore into');
      const holder = await servingLockHolder(file);
      if (holder) throw new BackupError(`a server is using ${file} (pid ${holder.pid} on ${holder.host}): stop it first, then restore`);
      await mkdir(dirname(resolve(file)), { recursive: true });
      for (const suffix of ['', '-wal', '-shm']) await moveAside(`${file}${suffix}`);
      await copyFile(join(dir, SQLITE_FILE), file);
    } else {
      await refuseIfServed(options.databaseUrl);
      await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${options.databaseUrl}`, join(dir, PG_FILE)]);
    }
    if (manifest.uploads.length || existsSync(options.uploadDir)) {
      await moveAside(options.uploadDir);
      await mkdir(options.uploadDir, { recursive: true });
      if (existsSync(join(dir, UPLOADS))) await cp(join(dir, UPLOADS), options.uploadDir, { recursive: true });
    }
    return { manifest, keptAside };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL: refuses while a server (its connections are named store-service) uses the database. */
async function refuseIfServed(databaseUrl: string) {
  const { pgDriver } = await import('../db/connect.ts');
  const client = new (pgDriver().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'store-service' and pid <> pg_backend_pid()",
    );
    if (Number(rows[0].n) > 0) throw new BackupError(`a server is connected to this database (${rows[0].n} connections named store-service): stop it first, then restore`);
  } finally {
    await client.end();
  }
}

export function isArchiveName(path: string): boolean {
  return ARCHIVE_PATTERN.test(basename(path));
}

