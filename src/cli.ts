// Operator CLI (CONTRACT §1): `npm run cli -- <command>` or the package bin `store-service`.
// Reads the same environment as the server (DATABASE_URL, …). Exit codes: 0 ok, 1 failure,
// 2 bad usage.
import { parseArgs } from 'node:util';
import { IANAZone } from 'luxon';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ALL_SCOPES } from './modules/developer/keys-service.ts';
import { seedDemo } from './seed/demo.ts';
import { AppError } from './shared/errors.ts';
import { isCurrencyCode } from './shared/money.ts';
import { slugify } from './shared/slug.ts';
import { startWorkers } from './workers.ts';

export const USAGE = `store-service <command> [options]

Commands:
  serve                         migrate, seed the demo store on first run (SEED_DEMO), and serve HTTP
  worker                        run the background workers only (webhooks, mail, checkout expiry), no HTTP
  migrate                       apply pending database migrations and exit
  demo [--json]                 seed the demo store (if it does not exist yet) and write data/demo-credentials.json
  stores create --name <name> --slug <slug> [--currency GHS] [--timezone Africa/Accra]
                --owner-email <email> --owner-password <password (min 10 chars)> [--json]
  keys create --store <storeId> [--name <name>] [--scopes a,b] [--json]
                                create an integration key; the secret is printed once
  keys revoke --store <storeId> --key <keyId> [--json]
  help                          this text

Configuration comes from the environment (DATABASE_URL, PORT, …; see README "Configuration").
Scopes: ${ALL_SCOPES.join(', ')}
`;

export class UsageError extends Error {}

type Out = { log: (line: string) => void; error: (line: string) => void };

interface Runtime {
  config: Config;
  database: DatabaseHandle;
  app: App;
}

async function openRuntime(config: Config): Promise<Runtime> {
  const database = await connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const app = await buildApp(config, { database, logger: { level: process.env.LOG_LEVEL || 'warn' } });
    await app.ready();
    return { config, database, app };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}

async function closeRuntime(rt: Runtime) {
  await rt.app.close();
  await rt.database.destroy();
}

async function withRuntime<T>(config: Config, fn: (rt: Runtime) => Promise<T>): Promise<T> {
  const rt = await openRuntime(config);
  try {
    return await fn(rt);
  } finally {
    await closeRuntime(rt);
  }
}

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v.trim();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function print(out: Out, json: boolean, value: unknown, text: string) {
  out.log(json ? JSON.stringify(value, null, 2) : text);
}

/** Runs one CLI invocation. Returns the exit code; long-running commands resolve when stopped. */
export async function runCli(argv: string[], out: Out = console, env: Record<string, string | undefined> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === 'help' || command === '--help' || command === '-h') {
      out.log(USAGE);
      return command ? 0 : 2;
    }
    const config = loadConfig(env);
    switch (command) {
      case 'serve': {
        parse(rest, {});
        const signals = trapSignals();
        const { startServer } = await import('./server.ts');
        const { app, stop } = await startServer(config);
        await signals.stopWith(app.log, stop, config.shutdownTimeoutMs);
        return 0;
      }
      case 'worker': {
        parse(rest, {});
        const signals = trapSignals();
        const rt = await openRuntime(config);
        await startWorkers(rt.app.ctx);
        rt.app.log.info('workers running (no HTTP); stop with SIGTERM');
        await signals.stopWith(rt.app.log, () => closeRuntime(rt), config.shutdownTimeoutMs);
        return 0;
      }
      case 'migrate': {
        parse(rest, { json: { type: 'boolean' } });
        const database = await connectDatabase(config.databaseUrl);
        try {
          await migrateToLatest(database.db);
        } finally {
          await database.destroy();
        }
        out.log('migrations applied');
        return 0;
      }
      case 'demo': {
        const values = parse(rest, { json: { type: 'boolean' } });
        const result = await withRuntime(config, (rt) => seedDemo(rt.app.ctx, { onlyIfEmpty: false }));
        const text = result.seeded
          ? `demo store ${result.storeSlug} (${result.storeId}) seeded; key and staff login in ${result.credentialsPath}`
          : `demo store already exists${result.storeId ? ` (${result.storeId})` : ''}; credentials were written to ${result.credentialsPath} when it was seeded`;
        print(out, Boolean(values.json), { ok: true, ...result }, text);
        return 0;
      }
      case 'stores':
        return await storesCommand(rest, config, out);
      case 'keys':
        return await keysCommand(rest, config, out);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      out.error(`Configuration error: ${error.message}`);
      return 1;
    }
    if (error instanceof AppError) {
      const details = error.details?.length ? ` (${error.details.map((d) => `${d.field}: ${d.message}`).join('; ')})` : '';
      out.error(`error: ${error.code}: ${error.message}${details}`);
      return 1;
    }
    out.error(`error: ${(error as Error)?.stack ?? String(error)}`);
    return 1;
  }
}

async function storesCommand(args: string[], config: Config, out: Out): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create') throw new UsageError(`unknown stores command "${sub ?? ''}" (expected: stores create)`);
  const values = parse(rest, {
    name: { type: 'string' },
    slug: { type: 'string' },
    currency: { type: 'string' },
    timezone: { type: 'string' },
    'owner-email': { type: 'string' },
    'owner-password': { type: 'string' },
    'owner-name': { type: 'string' },
    json: { type: 'boolean' },
  });
  const name = required(values, 'name');
  const slug = required(values, 'slug');
  const email = required(values, 'owner-email');
  const password = values['owner-password'];
  if (typeof password !== 'string' || password === '') throw new UsageError('--owner-password is required');
  if (name.length > 200) throw new UsageError('--name must be at most 200 characters');
  if (slugify(slug) !== slug) throw new UsageError('--slug must be lowercase letters, digits and single hyphens');
  if (!EMAIL.test(email) || email.length > 254) throw new UsageError('--owner-email must be an email address');
  if (password.length < 10) throw new UsageError('--owner-password must be at least 10 characters');
  const currency = typeof values.currency === 'string' ? values.currency.toUpperCase() : undefined;
  if (currency !== undefined && !isCurrencyCode(currency)) throw new UsageError('--currency must be an ISO 4217 code such as GHS');
  const timezone = typeof values.timezone === 'string' ? values.timezone : undefined;
  if (timezone !== undefined && !IANAZone.isValidZone(timezone)) throw new UsageError('--timezone must be an IANA time zone such as Africa/Accra');
  const ownerName = typeof values['owner-name'] === 'string' ? values['owner-name'] : email.split('@')[0];
  const { store, user } = await withRuntime(config, (rt) =>
    rt.app.ctx.services.stores.createStoreWithOwner({ email, password, name: ownerName, store: { name, slug, currency, timezone } }),
  );
  print(
    out,
    Boolean(values.json),
    { ok: true, store: { id: store.id, slug: store.slug, name: store.name, currency: store.currency, timezone: store.timezone }, user },
    `store ${store.slug} created: id ${store.id}, owner ${user.email}`,
  );
  return 0;
}

async function keysCommand(args: string[], config: Config, out: Out): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const values = parse(rest, { store: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, json: { type: 'boolean' } });
    const storeId = required(values, 'store');
    const scopes = typeof values.scopes === 'string' ? values.scopes.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
    if (scopes && scopes.length === 0) throw new UsageError('--scopes must list at least one scope');
    const unknown = scopes?.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s)) ?? [];
    if (unknown.length) throw new UsageError(`unknown scope(s): ${unknown.join(', ')}; allowed: ${ALL_SCOPES.join(', ')}`);
    const name = typeof values.name === 'string' ? values.name : 'CLI key';
    if (name.length > 200) throw new UsageError('--name must be at most 200 characters');
    const result = await withRuntime(config, async (rt) => {
      await rt.app.ctx.services.stores.getStore(storeId);
      return rt.app.ctx.services.keys.create(storeId, { name, scopes }, null);
    });
    print(
      out,
      Boolean(values.json),
      { ok: true, key: result.key, secret: result.secret },
      `key ${result.key.keyId} created for store ${storeId} (scopes: ${result.key.scopes.join(' ')})\nsecret (shown once): ${result.secret}`,
    );
    return 0;
  }
  if (sub === 'revoke') {
    const values = parse(rest, { store: { type: 'string' }, key: { type: 'string' }, json: { type: 'boolean' } });
    const storeId = required(values, 'store');
    const keyId = required(values, 'key');
    const key = await withRuntime(config, (rt) => rt.app.ctx.services.keys.revoke(storeId, keyId));
    print(out, Boolean(values.json), { ok: true, key }, `key ${key.keyId} revoked at ${key.revokedAt}`);
    return 0;
  }
  throw new UsageError(`unknown keys command "${sub ?? ''}" (expected: keys create | keys revoke)`);
}

/**
 * Catches SIGTERM/SIGINT from now on. Installed before anything starts: with no listener, a signal
 * that arrives between "ready" being logged and the listener being added kills the process outright.
 */
function trapSignals() {
  let received: string | null = null;
  let onSignal: ((signal: string) => void) | null = null;
  const handle = (signal: string) => {
    if (received) return;
    received = signal;
    onSignal?.(signal);
  };
  process.once('SIGTERM', () => handle('SIGTERM'));
  process.once('SIGINT', () => handle('SIGINT'));
  return {
    /** Resolves once a signal has come (before or after this call) and `stop` has finished. */
    stopWith(log: { info: (o: object, m?: string) => void; error: (o: object, m?: string) => void }, stop: () => Promise<void>, timeoutMs: number): Promise<void> {
      return new Promise((resolvePromise, reject) => {
        const shutdown = (signal: string) => {
          log.info({ signal }, 'shutting down: finishing in-flight work');
          const timer = setTimeout(() => {
            log.error({}, 'shutdown timed out; exiting');
            process.exit(1);
          }, timeoutMs + 5_000);
          timer.unref();
          stop().then(resolvePromise, reject);
        };
        if (received) shutdown(received);
        else onSignal = shutdown;
      });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
