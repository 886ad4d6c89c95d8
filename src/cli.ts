// Operator CLI (CONTRACT §1, §9): `npm run cli -- <command>` or the package bin `store-service`.
// Reads the same environment as the server (DATABASE_URL, …). Exit codes: 0 ok, 1 failure,
// 2 bad usage.
import './production-libraries.ts';
import { parseArgs } from 'node:util';
import { IANAZone } from 'luxon';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { databaseFileExists, hasServiceTables, locateDatabase, type DatabaseLocation } from './db/describe.ts';
import { migrateToLatest } from './db/migrate.ts';
import { CONTROL_CHARACTER } from './http/schemas.ts';
import { ALL_SCOPES, type IntegrationKey } from './modules/developer/keys-service.ts';
import { toStore, type Store } from './modules/stores/service.ts';
import { seedDemo } from './seed/demo.ts';
import { AppError } from './shared/errors.ts';
import { isCurrencyCode } from './shared/money.ts';
import { slugify } from './shared/slug.ts';
import { startWorkers } from './workers.ts';

export const USAGE = `store-service <command> [options]

Commands:
  serve                         migrate, seed the demo store on first run (SEED_DEMO), and serve HTTP
  worker                        run the background workers only (webhooks, mail, checkout expiry), no HTTP
  migrate                       create or update the database (apply pending migrations) and exit
  demo [--json]                 seed the demo store (if it does not exist yet) and write data/demo-credentials.json
  stores list [--json]          every store in the database: id, slug, name, currency, time zone
  stores create --name <name> --slug <slug> [--currency GHS] [--timezone Africa/Accra]
                --owner-email <email> --owner-password <password (min 10 chars)> [--json]
  keys list --store <store> [--json]
                                the store's integration keys (never their secrets)
  keys create --store <store> [--name <name>] [--scopes a,b] [--json]
                                create an integration key; the secret is printed once
  keys revoke --store <store> --key <keyId> [--json]
  members invite --store <store> --email <email> --role owner|admin|staff [--name <name>] [--json]
                                invite someone to the store: prints their single-use link (valid 7 days;
                                uses PUBLIC_BASE_URL), also mailed when SMTP_URL is set
  backup [--to DIR] [--json]    a consistent copy of the database (also while the server runs) and of the
                                uploads, in one dated archive with a manifest (default DIR: BACKUP_DIR)
  backup --verify ARCHIVE [--json]
                                unpack a backup, check its checksums and open the database copy
  restore --from ARCHIVE [--json]
                                restore a backup over DATABASE_URL and UPLOAD_DIR (what was there is kept
                                aside); refused while a server uses the database
  users reset-password --email <email> [--password <new password (min 10 chars)>] [--json]
                                print a one-time link to choose a new password (valid 1 h; uses
                                PUBLIC_BASE_URL), or set the password given; --password ends every session
  help                          this text

<store> is a store's slug or id. Every command except serve, worker and migrate works on an existing
database only: DATABASE_URL (default sqlite:./data/store.db, relative to the current directory).
Configuration comes from the environment (DATABASE_URL, PORT, …; see README "Configuration").
Scopes: ${ALL_SCOPES.join(', ')}
`;

export class UsageError extends Error {}

/** The database a management command was pointed at is not there (or not set up): exit 1. */
class NoDatabase extends Error {}

type Out = { log: (line: string) => void; error: (line: string) => void };
type Values = Record<string, string | boolean | undefined>;

interface Runtime {
  config: Config;
  database: DatabaseHandle;
  app: App;
  /** Where the database is, in words (for messages). */
  location: DatabaseLocation;
}

async function openRuntime(config: Config, database: DatabaseHandle): Promise<Runtime> {
  try {
    await migrateToLatest(database.db);
    const app = await buildApp(config, { database, logger: { level: config.logLevel } });
    await app.ready();
    return { config, database, app, location: locateDatabase(config.databaseUrl) };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}

async function closeRuntime(rt: Runtime) {
  await rt.app.close();
  await rt.database.destroy();
}

const POINT_ELSEWHERE =
  'Run the command where the service runs (the default DATABASE_URL=sqlite:./data/store.db is relative to the current directory), ' +
  'or point DATABASE_URL at its database, e.g. DATABASE_URL=sqlite:/srv/store/data/store.db or DATABASE_URL=postgres://user:pass@host:5432/store.';

/**
 * Management commands work on an existing, set-up database only: one run from the wrong directory
 * must not leave a new empty database behind and then report "no store".
 */
async function withExistingDatabase<T>(config: Config, fn: (rt: Runtime) => Promise<T>): Promise<T> {
  const location = locateDatabase(config.databaseUrl);
  if (!databaseFileExists(location)) throw new NoDatabase(`no database here: ${location.text} does not exist. ${POINT_ELSEWHERE}`);
  let database: DatabaseHandle;
  try {
    database = await connectDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements, poolSize: config.databasePoolSize });
  } catch (error) {
    throw new NoDatabase(`cannot open ${location.text}: ${(error as Error).message}. ${POINT_ELSEWHERE}`);
  }
  try {
    if (!(await hasServiceTables(database.db))) {
      throw new NoDatabase(`${location.text} has no service tables (run \`store-service migrate\` to set it up, or start the server). ${POINT_ELSEWHERE}`);
    }
  } catch (error) {
    await database.destroy();
    if (error instanceof NoDatabase) throw error;
    throw new NoDatabase(`cannot read ${location.text}: ${(error as Error).message}. ${POINT_ELSEWHERE}`);
  }
  const rt = await openRuntime(config, database);
  try {
    return await fn(rt);
  } finally {
    await closeRuntime(rt);
  }
}

/** A store by id or slug; "not found" names the database and the stores it does hold. */
async function resolveStore(rt: Runtime, ref: string): Promise<Store> {
  const { stores } = rt.app.ctx.services;
  const found = (await stores.findStore(ref)) ?? (await stores.findStoreBySlug(ref));
  if (found) return found;
  const all = await listAllStores(rt);
  const there = all.length ? `Stores there: ${all.slice(0, 10).map((s) => s.slug).join(', ')}${all.length > 10 ? ', …' : ''} (store-service stores list).` : 'It has no store yet.';
  throw new AppError(404, 'store-not-found', `No store with id or slug "${ref}" in ${rt.location.text}. ${there} For another database, set DATABASE_URL.`);
}

/** Every store, oldest first: an operator's cross-tenant view that no per-store service offers. */
async function listAllStores(rt: Runtime): Promise<Store[]> {
  const rows = await rt.app.ctx.db.selectFrom('stores').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toStore);
}

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): Values {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function listWords(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The named options as trimmed strings; one usage error naming every one that is missing. */
function required<K extends string>(values: Values, ...names: K[]): Record<K, string> {
  const missing = names.filter((n) => typeof values[n] !== 'string' || (values[n] as string).trim() === '');
  if (missing.length) throw new UsageError(`${listWords(missing.map((n) => `--${n}`))} ${missing.length > 1 ? 'are' : 'is'} required`);
  return Object.fromEntries(names.map((n) => [n, (values[n] as string).trim()])) as Record<K, string>;
}

/** Usage problems found together, reported together. */
function refuse(problems: string[]) {
  if (problems.length) throw new UsageError(problems.join('; '));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function print(out: Out, json: boolean, value: unknown, text: string) {
  out.log(json ? JSON.stringify(value, null, 2) : text);
}

/** Rows as aligned text columns. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

type Command = (args: string[], config: Config, out: Out) => Promise<number>;

/** Subcommands of a command group (`stores list`, `keys create`, …). */
function group(name: string, subcommands: Record<string, Command>): Command {
  return (args, config, out) => {
    const [sub, ...rest] = args;
    const run = sub ? subcommands[sub] : undefined;
    if (!run) throw new UsageError(`unknown ${name} command "${sub ?? ''}" (expected: ${Object.keys(subcommands).map((s) => `${name} ${s}`).join(' | ')})`);
    return run(rest, config, out);
  };
}

/** Runs one CLI invocation. Returns the exit code; long-running commands resolve when stopped. */
export async function runCli(argv: string[], out: Out = console, env: Record<string, string | undefined> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === 'help' || command === '--help' || command === '-h') {
      out.log(USAGE);
      return command ? 0 : 2;
    }
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new UsageError(`unknown command "${command}"`);
    const long = command === 'serve' || command === 'worker';
    // One-shot commands log warnings only, unless LOG_LEVEL says otherwise.
    return await run(rest, loadConfig(long ? env : { LOG_LEVEL: 'warn', ...env }), out);
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      out.error(`Configuration error: ${error.message}`);
      return 1;
    }
    // A backup that cannot be made, checked or restored says why in one line.
    if (error instanceof NoDatabase || (error as Error)?.name === 'BackupError') {
      out.error(`error: ${(error as Error).message}`);
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

const serve: Command = async (args, config) => {
  parse(args, {});
  const signals = trapSignals();
  const { startServer } = await import('./server.ts');
  const { app, stop } = await startServer(config, { stdoutIsTty: process.stdout.isTTY === true });
  await signals.stopWith(app.log, stop, config.shutdownTimeoutMs);
  return 0;
};

const worker: Command = async (args, config) => {
  parse(args, {});
  const signals = trapSignals();
  const rt = await openRuntime(config, await connectDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements, poolSize: config.databasePoolSize }));
  await startWorkers(rt.app.ctx);
  rt.app.log.info('workers running (no HTTP); stop with SIGTERM');
  await signals.stopWith(rt.app.log, () => closeRuntime(rt), config.shutdownTimeoutMs);
  return 0;
};

const migrate: Command = async (args, config, out) => {
  parse(args, { json: { type: 'boolean' } });
  const database = await connectDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements, poolSize: config.databasePoolSize });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.destroy();
  }
  out.log(`migrations applied (${locateDatabase(config.databaseUrl).text})`);
  return 0;
};

const demo: Command = async (args, config, out) => {
  const values = parse(args, { json: { type: 'boolean' } });
  const result = await withExistingDatabase(config, (rt) => seedDemo(rt.app.ctx, { onlyIfEmpty: false }));
  const text = result.seeded
    ? `demo store ${result.storeSlug} (${result.storeId}) seeded; key and staff login in ${result.credentialsPath}`
    : `demo store already exists${result.storeId ? ` (${result.storeId})` : ''}; credentials were written to ${result.credentialsPath} when it was seeded`;
  print(out, Boolean(values.json), { ok: true, ...result }, text);
  return 0;
};

const storesList: Command = async (args, config, out) => {
  const values = parse(args, { json: { type: 'boolean' } });
  const { stores, location } = await withExistingDatabase(config, async (rt) => ({ stores: await listAllStores(rt), location: rt.location }));
  const rows = stores.map((s) => ({ id: s.id, slug: s.slug, name: s.name, currency: s.currency, timezone: s.timezone, createdAt: s.createdAt }));
  const text = rows.length
    ? `${rows.length} store${rows.length === 1 ? '' : 's'} in ${location.text}:\n${table(['ID', 'SLUG', 'NAME', 'CURRENCY', 'TIME ZONE'], rows.map((r) => [r.id, r.slug, r.name, r.currency, r.timezone]))}`
    : `no stores in ${location.text} (create one with store-service stores create, or seed the demo with store-service demo)`;
  print(out, Boolean(values.json), { ok: true, database: location.text, stores: rows }, text);
  return 0;
};

const storesCreate: Command = async (args, config, out) => {
  const values = parse(args, {
    name: { type: 'string' },
    slug: { type: 'string' },
    currency: { type: 'string' },
    timezone: { type: 'string' },
    'owner-email': { type: 'string' },
    'owner-password': { type: 'string' },
    'owner-name': { type: 'string' },
    json: { type: 'boolean' },
  });
  const { name, slug, 'owner-email': email } = required(values, 'name', 'slug', 'owner-email', 'owner-password');
  // The password is taken as typed (spaces included).
  const password = values['owner-password'] as string;
  const currency = typeof values.currency === 'string' ? values.currency.toUpperCase() : undefined;
  const timezone = typeof values.timezone === 'string' ? values.timezone : undefined;
  refuse([
    ...(name.length > 200 ? ['--name must be at most 200 characters'] : []),
    ...(CONTROL_CHARACTER.test(name) ? ['--name must be one line without control characters'] : []),
    ...(slugify(slug) !== slug ? ['--slug must be lowercase letters, digits and single hyphens'] : []),
    ...(!EMAIL.test(email) || email.length > 254 ? ['--owner-email must be an email address'] : []),
    ...(password.length < 10 ? ['--owner-password must be at least 10 characters'] : []),
    ...(currency !== undefined && !isCurrencyCode(currency) ? ['--currency must be an ISO 4217 code such as GHS'] : []),
    ...(timezone !== undefined && !IANAZone.isValidZone(timezone) ? ['--timezone must be an IANA time zone such as Africa/Accra'] : []),
  ]);
  const ownerName = typeof values['owner-name'] === 'string' ? values['owner-name'] : email.split('@')[0];
  const { store, user } = await withExistingDatabase(config, (rt) =>
    rt.app.ctx.services.stores.createStoreWithOwner({ email, password, name: ownerName, store: { name, slug, currency, timezone } }),
  );
  print(
    out,
    Boolean(values.json),
    { ok: true, store: { id: store.id, slug: store.slug, name: store.name, currency: store.currency, timezone: store.timezone }, user },
    `store ${store.slug} created: id ${store.id}, owner ${user.email}`,
  );
  return 0;
};

function keyState(key: IntegrationKey): string {
  if (key.revokedAt) return `revoked ${key.revokedAt}`;
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return `expired ${key.expiresAt}`;
  return 'active';
}

const keysList: Command = async (args, config, out) => {
  const values = parse(args, { store: { type: 'string' }, json: { type: 'boolean' } });
  const { store: ref } = required(values, 'store');
  const { store, keys } = await withExistingDatabase(config, async (rt) => {
    const store = await resolveStore(rt, ref);
    return { store, keys: await rt.app.ctx.services.keys.list(store.id) };
  });
  const text = keys.length
    ? `${keys.length} key${keys.length === 1 ? '' : 's'} of store ${store.slug} (${store.id}):\n${table(
        ['KEY ID', 'NAME', 'ENDS IN', 'SCOPES', 'LAST USED', 'STATE'],
        keys.map((k) => [k.keyId, k.name, k.last4, k.scopes.join(' '), k.lastUsedAt ?? 'never', keyState(k)]),
      )}`
    : `store ${store.slug} (${store.id}) has no integration keys (create one with store-service keys create --store ${store.slug})`;
  print(out, Boolean(values.json), { ok: true, storeId: store.id, storeSlug: store.slug, keys }, text);
  return 0;
};

const keysCreate: Command = async (args, config, out) => {
  const values = parse(args, { store: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, json: { type: 'boolean' } });
  const { store: ref } = required(values, 'store');
  const scopes = typeof values.scopes === 'string' ? values.scopes.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  const unknown = scopes?.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s)) ?? [];
  const name = typeof values.name === 'string' ? values.name : 'CLI key';
  refuse([
    ...(scopes && scopes.length === 0 ? ['--scopes must list at least one scope'] : []),
    ...(unknown.length ? [`unknown scope(s): ${unknown.join(', ')}; allowed: ${ALL_SCOPES.join(', ')}`] : []),
    ...(name.length > 200 ? ['--name must be at most 200 characters'] : []),
    ...(CONTROL_CHARACTER.test(name) ? ['--name must be one line without control characters'] : []),
  ]);
  const { store, result } = await withExistingDatabase(config, async (rt) => {
    const store = await resolveStore(rt, ref);
    return { store, result: await rt.app.ctx.services.keys.create(store.id, { name, scopes }, null) };
  });
  print(
    out,
    Boolean(values.json),
    { ok: true, key: result.key, secret: result.secret },
    `key ${result.key.keyId} created for store ${store.slug} (${store.id}), scopes: ${result.key.scopes.join(' ')}\nsecret (shown once): ${result.secret}`,
  );
  return 0;
};

const keysRevoke: Command = async (args, config, out) => {
  const values = parse(args, { store: { type: 'string' }, key: { type: 'string' }, json: { type: 'boolean' } });
  const { store: ref, key: keyId } = required(values, 'store', 'key');
  const key = await withExistingDatabase(config, async (rt) => rt.app.ctx.services.keys.revoke((await resolveStore(rt, ref)).id, keyId));
  print(out, Boolean(values.json), { ok: true, key }, `key ${key.keyId} revoked at ${key.revokedAt}`);
  return 0;
};

const usersResetPassword: Command = async (args, config, out) => {
  const values = parse(args, { email: { type: 'string' }, password: { type: 'string' }, json: { type: 'boolean' } });
  const { email } = required(values, 'email');
  // The password is taken as typed (spaces included).
  const password = typeof values.password === 'string' ? values.password : undefined;
  refuse([
    ...(!EMAIL.test(email) || email.length > 254 ? ['--email must be an email address'] : []),
    ...(password !== undefined && password.length < 10 ? ['--password must be at least 10 characters'] : []),
    ...(password !== undefined && password.length > 200 ? ['--password must be at most 200 characters'] : []),
  ]);
  const json = Boolean(values.json);
  if (password !== undefined) {
    const user = await withExistingDatabase(config, (rt) => rt.app.ctx.services.stores.setPasswordByEmail(email, password));
    print(out, json, { ok: true, user, passwordSet: true }, `password of ${user.email} set; every session of the account has ended`);
    return 0;
  }
  const { user, link, expiresAt } = await withExistingDatabase(config, (rt) => rt.app.ctx.services.stores.createPasswordResetLink(email));
  print(
    out,
    json,
    { ok: true, user, link, expiresAt },
    `one-time link for ${user.email}: open it to choose a new password (works once, until ${expiresAt}):\n${link}`,
  );
  return 0;
};

const membersInvite: Command = async (args, config, out) => {
  const values = parse(args, { store: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } });
  const { store: ref, email, role } = required(values, 'store', 'email', 'role');
  const name = typeof values.name === 'string' ? values.name : undefined;
  refuse([
    ...(!EMAIL.test(email) || email.length > 254 ? ['--email must be an email address'] : []),
    ...(!['owner', 'admin', 'staff'].includes(role) ? ['--role must be owner, admin or staff'] : []),
    ...(name !== undefined && (name.trim() === '' || name.length > 120) ? ['--name must be 1 to 120 characters'] : []),
  ]);
  const { store, result } = await withExistingDatabase(config, async (rt) => {
    const store = await resolveStore(rt, ref);
    return { store, result: await rt.app.ctx.services.stores.invitations.inviteAsOperator(store.id, { email, role: role as 'owner' | 'admin' | 'staff', name }) };
  });
  print(
    out,
    Boolean(values.json),
    { ok: true, storeId: store.id, ...result },
    `${result.invitation.email} is invited to ${store.slug} (${store.id}) as ${role}${result.mailed ? '; the link was also mailed' : ''}. Give them this link (works once, until ${result.invitation.expiresAt}):\n${result.inviteUrl}`,
  );
  return 0;
};

const backup: Command = async (args, config, out) => {
  const values = parse(args, { to: { type: 'string' }, verify: { type: 'string' }, json: { type: 'boolean' } });
  const json = Boolean(values.json);
  const { createBackup, verifyBackup } = await import('./ops/backup.ts');
  if (typeof values.verify === 'string') {
    refuse(values.to !== undefined ? ['--verify and --to do not go together'] : []);
    const result = await verifyBackup(values.verify);
    const m = result.manifest;
    const rows = m ? Object.values(m.counts).reduce((a, b) => a + b, 0) : 0;
    print(
      out,
      json,
      result,
      result.ok
        ? `${values.verify} is a good backup: ${m!.engine} database (schema ${m!.schemaVersion}, ${rows} rows in ${Object.keys(m!.counts).length} tables) and ${m!.uploads.length} uploads, made ${m!.createdAt}`
        : `${values.verify} is NOT a usable backup:\n- ${result.problems.join('\n- ')}`,
    );
    return result.ok ? 0 : 1;
  }
  const location = locateDatabase(config.databaseUrl);
  const inMemory = location.file === null && config.databaseUrl.startsWith('sqlite:');
  if (inMemory || !databaseFileExists(location)) throw new NoDatabase(`no database to back up: ${location.text}${inMemory ? '' : ' does not exist'}. ${POINT_ELSEWHERE}`);
  const database = await connectDatabase(config.databaseUrl, { preparedStatements: config.databasePreparedStatements, poolSize: config.databasePoolSize });
  try {
    const toDir = typeof values.to === 'string' ? values.to : config.backupDir;
    const result = await createBackup({ database, databaseUrl: config.databaseDirectUrl, uploadDir: config.uploadDir, toDir });
    const rows = Object.values(result.manifest.counts).reduce((a, b) => a + b, 0);
    print(out, json, { ok: true, ...result }, `backup written: ${result.archive} (${(result.bytes / 1024).toFixed(0)} KiB: ${rows} rows, ${result.manifest.uploads.length} uploads, ${result.durationMs} ms)`);
    return 0;
  } finally {
    await database.destroy();
  }
};

const restore: Command = async (args, config, out) => {
  const values = parse(args, { from: { type: 'string' }, json: { type: 'boolean' } });
  const { from } = required(values, 'from');
  const { restoreBackup } = await import('./ops/backup.ts');
  const result = await restoreBackup({ archive: from, databaseUrl: config.databaseUrl, uploadDir: config.uploadDir });
  const m = result.manifest;
  print(
    out,
    Boolean(values.json),
    { ok: true, ...result },
    [
      `restored ${from} (made ${m.createdAt}, schema ${m.schemaVersion}) into ${locateDatabase(config.databaseUrl).text} and ${config.uploadDir}.`,
      ...(result.keptAside.length ? [`what was there is kept aside: ${result.keptAside.join(', ')}`] : []),
      'Start the server: migrations bring an older backup up to date.',
    ].join('\n'),
  );
  return 0;
};

/** Every command; a new group is one more entry here and a line in USAGE. */
const COMMANDS: Record<string, Command> = {
  serve,
  worker,
  migrate,
  demo,
  stores: group('stores', { list: storesList, create: storesCreate }),
  keys: group('keys', { list: keysList, create: keysCreate, revoke: keysRevoke }),
  members: group('members', { invite: membersInvite }),
  backup,
  restore,
  users: group('users', { 'reset-password': usersResetPassword }),
};

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
