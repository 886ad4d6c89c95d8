// Helpers for tests that run the service as real child processes (CLI, npm start).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { dropScratchSchema } from '../../src/db/migrate.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin/store-service.mjs');

export interface EngineUnderTest {
  name: 'sqlite' | 'postgres';
  /** A fresh database: a temp SQLite file, or a new PostgreSQL schema selected through the URL. */
  fresh(): Promise<{ url: string; dataDir: string; drop(): Promise<void> }>;
}

export function enginesUnderTest(): EngineUnderTest[] {
  const list: EngineUnderTest[] = [
    {
      name: 'sqlite',
      async fresh() {
        const dir = mkdtempSync(join(tmpdir(), 'sis-ops-'));
        return { url: `sqlite:${join(dir, 'store.db')}`, dataDir: join(dir, 'data'), drop: async () => undefined };
      },
    },
  ];
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    list.push({
      name: 'postgres',
      async fresh() {
        const schema = `ops_${process.pid}_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.end();
        const url = new URL(base);
        url.searchParams.set('options', `-c search_path=${schema}`);
        // Spaces as %20, not +: libpq (pg_dump in backups) reads + literally.
        url.search = url.searchParams.toString().replace(/\+/g, '%20');
        return {
          url: url.toString(),
          dataDir: join(mkdtempSync(join(tmpdir(), 'sis-ops-')), 'data'),
          drop: () => dropScratchSchema(base, schema),
        };
      },
    });
  }
  return list;
}

export function baseEnv(url: string, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    PASSWORD_HASH_COST: '1024',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `store-service` bin to completion (from another cwd, as an operator would). */
export function runCli(args: string[], env: NodeJS.ProcessEnv, cwd = tmpdir()): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** The output once it matches `pattern` (lines logged after listening may still be in the pipe). */
  outputMatching(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/** `npm start` equivalent: node + tsx running src/server.ts; resolves once it listens. */
export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server.ts')], {
      env: { HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: 'info' },
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill('SIGKILL');
      reject(new Error(`server did not listen within 60 s:\n${out}`));
    }, 60_000);
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const onData = (d: Buffer) => {
      out += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && !done) {
        done = true;
        clearTimeout(timer);
        const baseUrl = m[1];
        // One round trip, so the process has also installed its signal handlers (right after listen).
        void fetch(`${baseUrl}/healthz`).then(() => resolvePromise({
          child,
          baseUrl,
          output: () => out,
          outputMatching: async (pattern, timeoutMs = 10_000) => {
            const deadline = Date.now() + timeoutMs;
            while (!pattern.test(out)) {
              if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${out}`);
              await new Promise((r) => setTimeout(r, 20));
            }
            return out;
          },
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        }), reject);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!done) reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

/** A JSON request to a server process; the answer's status, headers and parsed body. */
export async function callJson(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, data: text ? JSON.parse(text) : null };
}
