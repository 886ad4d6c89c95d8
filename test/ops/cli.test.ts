// The operator CLI as a real child process (bin/store-service.mjs) on a temp SQLite file and,
// with TEST_DATABASE_URL, on a fresh PostgreSQL schema chosen through the URL.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { locateDatabase } from '../../src/db/describe.ts';
import { CONTRACT_VERSION, testConfig } from '../helpers/app.ts';
import { baseEnv, enginesUnderTest, runCli } from './process.ts';

const json = (stdout: string) => JSON.parse(stdout);

/** Calls GET /v1IntegrationProducts in-process against the CLI's database. */
async function catalogStatus(url: string, storeId: string, key: string): Promise<number> {
  const database = await connectDatabase(url);
  const app = await buildApp(testConfig(url), { database, logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${storeId}`, headers: { 'x-api-key': key, 'x-service-contract-version': CONTRACT_VERSION } });
    return res.statusCode;
  } finally {
    await app.close();
    await database.destroy();
  }
}

/** POST `url` with `payload` in-process against the CLI's database (JSON answer). */
async function callService(dbUrl: string, url: string, payload: object): Promise<{ statusCode: number; data: any }> {
  const database = await connectDatabase(dbUrl);
  const app = await buildApp(testConfig(dbUrl), { database, logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'POST', url, payload });
    return { statusCode: res.statusCode, data: JSON.parse(res.body) };
  } finally {
    await app.close();
    await database.destroy();
  }
}

describe('naming the database in messages', () => {
  it('says engine and file, or host, database, user and schema, never the password', () => {
    assert.equal(locateDatabase('sqlite:./data/store.db', '/srv/shop').text, 'SQLite file /srv/shop/data/store.db');
    assert.equal(locateDatabase('sqlite::memory:').text, 'SQLite in memory');
    const pgText = locateDatabase('postgres://store:s3cret@db.internal:5432/shop?options=-c%20search_path%3Dtenant_a').text;
    assert.equal(pgText, 'PostgreSQL database shop on db.internal:5432 (user store, schema tenant_a)');
  });
});

for (const engine of enginesUnderTest()) {
  describe(`CLI [${engine.name}]`, () => {
    let db: Awaited<ReturnType<typeof engine.fresh>>;
    let env: NodeJS.ProcessEnv;
    before(async () => {
      db = await engine.fresh();
      env = baseEnv(db.url, db.dataDir);
    });
    after(async () => {
      await db?.drop();
    });

    // Argument handling does not depend on the engine: checked once, on SQLite.
    const onSqlite = engine.name === 'sqlite' ? it : (_name: string, _fn: () => Promise<void>) => undefined;

    onSqlite('help prints the commands and exits 0; no command exits 2 with the usage', async () => {
      const help = await runCli(['help'], env);
      assert.equal(help.code, 0);
      for (const cmd of ['serve', 'worker', 'migrate', 'demo', 'stores list', 'stores create', 'keys list', 'keys create', 'keys revoke', 'users reset-password']) assert.match(help.stdout, new RegExp(cmd));
      const none = await runCli([], env);
      assert.equal(none.code, 2);
      assert.match(none.stdout, /Commands:/);
    });

    onSqlite('unknown commands, subcommands and options exit 2 with a clear message', async () => {
      const unknown = await runCli(['frobnicate'], env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown command "frobnicate"/);
      const sub = await runCli(['stores', 'delete'], env);
      assert.equal(sub.code, 2);
      assert.match(sub.stderr, /unknown stores command "delete"/);
      const opt = await runCli(['keys', 'create', '--store', 'abc', '--colour', 'red'], env);
      assert.equal(opt.code, 2);
      assert.match(opt.stderr, /colour/);
    });

    onSqlite('run where there is no database, management commands create none and say where they looked and how to point elsewhere', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'sis-elsewhere-'));
      const { DATABASE_URL: _unset, ...noUrl } = env;
      for (const args of [['stores', 'list'], ['keys', 'create', '--store', 'demo-store'], ['keys', 'list', '--store', 'demo-store'], ['demo']]) {
        const res = await runCli(args, noUrl, cwd);
        assert.equal(res.code, 1, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr, new RegExp(`no database here: SQLite file ${join(cwd, 'data/store.db').replace(/[/.]/g, '\\$&')} does not exist`));
        assert.match(res.stderr, /DATABASE_URL=sqlite:\/srv\/store\/data\/store\.db or DATABASE_URL=postgres:/);
        assert.deepEqual(readdirSync(cwd), [], 'nothing was created');
      }
    });

    it('a database without the service tables is not set up by management commands (they say to migrate)', async () => {
      const empty = await engine.fresh();
      try {
        if (engine.name === 'sqlite') new SQLite(empty.url.slice('sqlite:'.length)).close(); // an empty file
        const res = await runCli(['stores', 'list'], baseEnv(empty.url, empty.dataDir));
        assert.equal(res.code, 1, res.stderr);
        assert.match(res.stderr, engine.name === 'sqlite' ? /SQLite file \S+store\.db has no service tables \(run `store-service migrate`/ : /PostgreSQL database \S+ on \S+ \(user \w+, schema ops_\w+\) has no service tables/);
        const after = await runCli(['stores', 'list'], baseEnv(empty.url, empty.dataDir));
        assert.match(after.stderr, /has no service tables/, 'still not set up');
      } finally {
        await empty.drop();
      }
    });

    onSqlite('a missing-arguments error names every missing option at once', async () => {
      const create = await runCli(['stores', 'create'], env);
      assert.equal(create.code, 2);
      assert.match(create.stderr, /error: --name, --slug, --owner-email and --owner-password are required/);
      const revoke = await runCli(['keys', 'revoke'], env);
      assert.equal(revoke.code, 2);
      assert.match(revoke.stderr, /error: --store and --key are required/);
      const bad = await runCli(['stores', 'create', '--name', 'A', '--slug', 'Bad Slug', '--owner-email', 'nope', '--owner-password', 'short'], env);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--slug must be[^\n]*; --owner-email must be[^\n]*; --owner-password must be at least 10 characters/);
    });

    it('a bad DATABASE_URL is a configuration error (exit 1)', async () => {
      const res = await runCli(['migrate'], { ...env, DATABASE_URL: 'mysql://nope' });
      assert.equal(res.code, 1);
      assert.match(res.stderr, /Configuration error: DATABASE_URL/);
    });

    it('migrate applies migrations and is repeatable', async () => {
      const first = await runCli(['migrate'], env);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /migrations applied/);
      const second = await runCli(['migrate'], env);
      assert.equal(second.code, 0, second.stderr);
    });

    onSqlite('stores create validates its arguments before touching the database', async () => {
      const cases: Array<[string[], RegExp]> = [
        [['--slug', 'a', '--owner-email', 'a@b.co', '--owner-password', 'long enough pw'], /--name is required/],
        [['--name', 'A', '--owner-email', 'a@b.co', '--owner-password', 'long enough pw'], /--slug is required/],
        [['--name', 'A', '--slug', 'Bad Slug', '--owner-email', 'a@b.co', '--owner-password', 'long enough pw'], /--slug must be/],
        [['--name', 'A', '--slug', 'a', '--owner-email', 'not-an-email', '--owner-password', 'long enough pw'], /--owner-email must be/],
        [['--name', 'A', '--slug', 'a', '--owner-email', 'a@b.co', '--owner-password', 'short'], /at least 10 characters/],
        [['--name', 'A', '--slug', 'a', '--owner-email', 'a@b.co'], /--owner-password is required/],
        [['--name', 'A', '--slug', 'a', '--owner-email', 'a@b.co', '--owner-password', 'long enough pw', '--currency', 'XX1'], /--currency/],
        [['--name', 'A', '--slug', 'a', '--owner-email', 'a@b.co', '--owner-password', 'long enough pw', '--timezone', 'Mars/Olympus'], /--timezone/],
      ];
      for (const [args, message] of cases) {
        const res = await runCli(['stores', 'create', ...args], env);
        assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr, message);
      }
    });

    let storeId = '';
    let secret = '';
    let keyId = '';

    it('stores create --json creates a store and its owner', async () => {
      const res = await runCli(
        ['stores', 'create', '--name', 'Cli Shop', '--slug', 'cli-shop', '--currency', 'usd', '--timezone', 'Europe/Berlin', '--owner-email', 'Owner@Cli.example.com', '--owner-password', 'a long password', '--json'],
        env,
      );
      assert.equal(res.code, 0, res.stderr);
      const body = json(res.stdout);
      assert.equal(body.ok, true);
      assert.match(body.store.id, /^[a-z0-9]+$/);
      assert.equal(body.store.slug, 'cli-shop');
      assert.equal(body.store.name, 'Cli Shop');
      assert.equal(body.store.currency, 'USD');
      assert.equal(body.store.timezone, 'Europe/Berlin');
      assert.equal(body.user.email, 'owner@cli.example.com');
      assert.ok(!res.stdout.includes('a long password'));
      storeId = body.store.id;
    });

    it('stores create refuses a taken slug or email (exit 1, error code shown)', async () => {
      const slug = await runCli(['stores', 'create', '--name', 'Other', '--slug', 'cli-shop', '--owner-email', 'other@cli.example.com', '--owner-password', 'a long password'], env);
      assert.equal(slug.code, 1);
      assert.match(slug.stderr, /slug-taken/);
      const email = await runCli(['stores', 'create', '--name', 'Other', '--slug', 'other-shop', '--owner-email', 'owner@cli.example.com', '--owner-password', 'a long password'], env);
      assert.equal(email.code, 1);
      assert.match(email.stderr, /email-taken/);
    });

    onSqlite('users reset-password validates its arguments before touching the database', async () => {
      const missing = await runCli(['users', 'reset-password'], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--email is required/);
      const bad = await runCli(['users', 'reset-password', '--email', 'not-an-email', '--password', 'short'], env);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--email must be an email address; --password must be at least 10 characters/);
      const sub = await runCli(['users', 'delete'], env);
      assert.equal(sub.code, 2);
      assert.match(sub.stderr, /unknown users command "delete" \(expected: users reset-password\)/);
    });

    it('users reset-password prints a one-time link (PUBLIC_BASE_URL) that sets a new password once', async () => {
      const res = await runCli(['users', 'reset-password', '--email', 'Owner@Cli.example.com', '--json'], { ...env, PUBLIC_BASE_URL: 'https://shop.example.com' });
      assert.equal(res.code, 0, res.stderr);
      const body = json(res.stdout);
      assert.equal(body.user.email, 'owner@cli.example.com');
      const match = /^https:\/\/shop\.example\.com\/console\/reset-password\?token=(prt_[A-Za-z0-9_-]+)$/.exec(body.link);
      assert.ok(match, body.link);
      assert.ok(Date.parse(body.expiresAt) > Date.now() + 3500_000);
      const confirm = await callService(db.url, '/api/auth/password-reset/confirm', { token: match[1], newPassword: 'chosen via the link' });
      assert.equal(confirm.statusCode, 200, JSON.stringify(confirm.data));
      const again = await callService(db.url, '/api/auth/password-reset/confirm', { token: match[1], newPassword: 'chosen a second time' });
      assert.equal(again.data.error, 'reset-token-used');
      assert.equal((await callService(db.url, '/api/auth/login', { email: 'owner@cli.example.com', password: 'chosen via the link' })).statusCode, 200);

      const text = await runCli(['users', 'reset-password', '--email', 'owner@cli.example.com'], env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /one-time link for owner@cli\.example\.com: open it to choose a new password \(works once, until \S+\):\nhttp:\/\/localhost:3000\/console\/reset-password\?token=prt_/);
    });

    it('users reset-password --password sets the password; an unknown email exits 1', async () => {
      const res = await runCli(['users', 'reset-password', '--email', 'owner@cli.example.com', '--password', 'set by the operator', '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      assert.equal(json(res.stdout).passwordSet, true);
      assert.ok(!res.stdout.includes('set by the operator'));
      const login = await callService(db.url, '/api/auth/login', { email: 'owner@cli.example.com', password: 'set by the operator' });
      assert.equal(login.statusCode, 200);
      assert.equal(login.data.user.mustChangePassword, false);
      assert.equal((await callService(db.url, '/api/auth/login', { email: 'owner@cli.example.com', password: 'chosen via the link' })).statusCode, 401);
      const unknown = await runCli(['users', 'reset-password', '--email', 'nobody@cli.example.com'], env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /user-not-found: No staff account with the email nobody@cli\.example\.com/);
    });

    it('keys create --json prints the secret once; the key reads the catalog', async () => {
      const res = await runCli(['keys', 'create', '--store', storeId, '--name', 'Website', '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      const body = json(res.stdout);
      assert.match(body.secret, /^isk_[0-9A-Za-z]{40}$/);
      assert.match(body.key.keyId, /^key_/);
      assert.equal(body.key.storeId, storeId);
      assert.equal(body.key.name, 'Website');
      assert.deepEqual(body.key.scopes, ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read']);
      assert.equal(body.key.last4, body.secret.slice(-4));
      secret = body.secret;
      keyId = body.key.keyId;
      assert.equal(await catalogStatus(db.url, storeId, secret), 200);
    });

    it('keys create with --scopes; unknown scopes exit 2; unknown store exits 1', async () => {
      const scoped = await runCli(['keys', 'create', '--store', storeId, '--scopes', 'customers:read, reports:read', '--json'], env);
      assert.equal(scoped.code, 0, scoped.stderr);
      assert.deepEqual(json(scoped.stdout).key.scopes, ['customers:read', 'reports:read']);
      // A key without catalog:read is refused by the catalog.
      assert.equal(await catalogStatus(db.url, storeId, json(scoped.stdout).secret), 403);
      const bad = await runCli(['keys', 'create', '--store', storeId, '--scopes', 'catalog:read,root'], env);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /unknown scope\(s\): root/);
      const noStore = await runCli(['keys', 'create', '--store', 'nosuchstore', '--json'], env);
      assert.equal(noStore.code, 1);
      assert.match(noStore.stderr, /store-not-found/);
      assert.equal(noStore.stdout, '');
      const missing = await runCli(['keys', 'create'], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--store is required/);
    });

    it('stores list shows every store, as text and --json', async () => {
      const res = await runCli(['stores', 'list', '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      const body = json(res.stdout);
      assert.equal(body.ok, true);
      assert.match(body.database, engine.name === 'sqlite' ? /^SQLite file .*store\.db$/ : /^PostgreSQL database /);
      assert.deepEqual(body.stores.map((s: any) => [s.id, s.slug, s.name, s.currency, s.timezone]), [[storeId, 'cli-shop', 'Cli Shop', 'USD', 'Europe/Berlin']]);
      const text = await runCli(['stores', 'list'], env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^1 store in (SQLite file|PostgreSQL database) /);
      assert.match(text.stdout, new RegExp(`\\n${storeId}\\s+cli-shop\\s+Cli Shop\\s+USD\\s+Europe/Berlin`));
    });

    it('--store takes a slug as well as an id; keys list shows the keys (never secrets), as text and --json', async () => {
      const bySlug = await runCli(['keys', 'create', '--store', 'cli-shop', '--name', 'By slug', '--json'], env);
      assert.equal(bySlug.code, 0, bySlug.stderr);
      const created = json(bySlug.stdout);
      assert.equal(created.key.storeId, storeId);
      const list = await runCli(['keys', 'list', '--store', 'cli-shop', '--json'], env);
      assert.equal(list.code, 0, list.stderr);
      const body = json(list.stdout);
      assert.equal(body.storeId, storeId);
      assert.ok(body.keys.some((k: any) => k.keyId === created.key.keyId && k.name === 'By slug' && k.last4 === created.secret.slice(-4)));
      assert.ok(body.keys.some((k: any) => k.keyId === keyId));
      assert.ok(!list.stdout.includes(created.secret) && !list.stdout.includes(secret));
      const byId = await runCli(['keys', 'list', '--store', storeId], env);
      assert.equal(byId.code, 0, byId.stderr);
      assert.match(byId.stdout, new RegExp(`keys of store cli-shop \\(${storeId}\\)`));
      assert.match(byId.stdout, new RegExp(`${created.key.keyId}\\s+By slug\\s+${created.secret.slice(-4)}\\s+catalog:read .*\\s+never\\s+active`));
      const revoked = await runCli(['keys', 'revoke', '--store', 'cli-shop', '--key', created.key.keyId], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.match((await runCli(['keys', 'list', '--store', 'cli-shop'], env)).stdout, new RegExp(`${created.key.keyId}.*revoked `));
    });

    it('an unknown --store names the database it looked at and the stores it holds', async () => {
      const res = await runCli(['keys', 'create', '--store', 'no-such-shop'], env);
      assert.equal(res.code, 1);
      assert.match(res.stderr, /store-not-found: No store with id or slug "no-such-shop" in (SQLite file|PostgreSQL database) .*?\. Stores there: cli-shop \(store-service stores list\)\. For another database, set DATABASE_URL\./);
    });

    it('keys revoke revokes only within the given store', async () => {
      const other = await runCli(['stores', 'create', '--name', 'Other', '--slug', 'other-shop', '--owner-email', 'other@cli.example.com', '--owner-password', 'a long password', '--json'], env);
      assert.equal(other.code, 0, other.stderr);
      const foreign = await runCli(['keys', 'revoke', '--store', json(other.stdout).store.id, '--key', keyId], env);
      assert.equal(foreign.code, 1);
      assert.match(foreign.stderr, /key-not-found/);
      assert.equal(await catalogStatus(db.url, storeId, secret), 200);

      const res = await runCli(['keys', 'revoke', '--store', storeId, '--key', keyId, '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      const body = json(res.stdout);
      assert.equal(body.key.keyId, keyId);
      assert.ok(body.key.revokedAt);
      assert.ok(!res.stdout.includes(secret));
      assert.equal(await catalogStatus(db.url, storeId, secret), 401);
      const missing = await runCli(['keys', 'revoke', '--store', storeId], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--key is required/);
    });

    it('demo seeds the demo store once, writes the credentials file (0600), and is idempotent', async () => {
      const first = await runCli(['demo', '--json'], env);
      assert.equal(first.code, 0, first.stderr);
      const body = json(first.stdout);
      assert.equal(body.seeded, true);
      assert.equal(body.storeSlug, 'demo-store');
      assert.equal(body.credentialsPath, join(db.dataDir, 'demo-credentials.json'));
      assert.ok(existsSync(body.credentialsPath));
      assert.equal(statSync(body.credentialsPath).mode & 0o777, 0o600);
      const creds = JSON.parse(readFileSync(body.credentialsPath, 'utf8'));
      assert.equal(creds.storeId, body.storeId);
      assert.ok(!first.stdout.includes(creds.integrationKey));
      assert.equal(await catalogStatus(db.url, creds.storeId, creds.integrationKey), 200);

      const second = await runCli(['demo', '--json'], env);
      assert.equal(second.code, 0, second.stderr);
      assert.equal(json(second.stdout).seeded, false);
      assert.equal(json(second.stdout).storeId, body.storeId);
      assert.deepEqual(JSON.parse(readFileSync(body.credentialsPath, 'utf8')), creds);
    });
  });
}
