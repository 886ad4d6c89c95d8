// The operator CLI as a real child process (bin/store-service.mjs) on a temp SQLite file and,
// with TEST_DATABASE_URL, on a fresh PostgreSQL schema chosen through the URL.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/connect.ts';
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
      for (const cmd of ['serve', 'worker', 'migrate', 'demo', 'stores create', 'keys create', 'keys revoke']) assert.match(help.stdout, new RegExp(cmd));
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
