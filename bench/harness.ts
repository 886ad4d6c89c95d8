// What the bench programs share: the server's bench configuration, a free port, and the store,
// owner and integration key every scenario runs against (created over HTTP, like a partner would).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../src/config.ts';
import type { App } from '../src/app.ts';
import type { BenchScenario, BenchTarget, ScenarioModule } from './types.ts';

export const CONTRACT_VERSION = '2026-04-13';

export async function freePort(): Promise<number> {
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

/** The server's configuration for a bench run: loopback, rate limits out of the way, no demo seed. */
export function benchConfig(databaseUrl: string, port: number, dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    RATE_LIMIT_PER_KEY: '1000000000',
    RATE_LIMIT_PER_IP: '1000000000',
    SEED_DEMO: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
}

export async function http(baseUrl: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-service-contract-version': CONTRACT_VERSION, ...headers },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** Signs a store up with its owner and creates an integration key, over HTTP. */
export async function createTarget(baseUrl: string, app: App | null, dialect: 'sqlite' | 'postgres'): Promise<BenchTarget> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const signup = await http(baseUrl, 'POST', '/api/auth/signup', { email, password: 'bench password 1', name: 'Bench Owner', store: { name: 'Bench Store' } });
  const staffToken: string = signup.token;
  const keyRes = await http(baseUrl, 'POST', `/developer/keys?storeId=${signup.store.id}`, { name: 'bench' }, { authorization: `Bearer ${staffToken}` });
  const key: string = keyRes.secret;
  return {
    baseUrl,
    app,
    dialect,
    storeId: signup.store.id,
    storeSlug: signup.store.slug,
    key,
    staffToken,
    keyHeaders: { 'x-api-key': key, 'x-service-contract-version': CONTRACT_VERSION, accept: 'application/json', 'content-type': 'application/json' },
  };
}

/** The scenarios of bench/scenarios/*.ts whose name or file contains `only` (all without it). */
export async function loadScenarios(only: string | null): Promise<Array<{ file: string; scenario: BenchScenario }>> {
  const dir = join(import.meta.dirname, 'scenarios');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();
  const list: Array<{ file: string; scenario: BenchScenario }> = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as ScenarioModule;
    for (const scenario of mod.default ?? []) {
      if (!only || scenario.name.toLowerCase().includes(only.toLowerCase()) || file.includes(only)) list.push({ file, scenario });
    }
  }
  return list;
}

/**
 * CPU time of this process's main thread, in µs (Linux: /proc/self/task/<pid>/stat, in clock ticks of
 * 10 ms), or null where that file is not there. The server's event loop runs on the main thread; with
 * the client in a worker thread, that is the server's own CPU apart from the client's.
 */
export function mainThreadCpuMicros(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}
