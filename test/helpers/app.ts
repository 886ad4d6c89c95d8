// The test harness: one app per test file and database engine. SQLite in memory always;
// PostgreSQL too when TEST_DATABASE_URL is set, in a schema of its own per file.
import { after, before, describe } from 'node:test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { connectDatabase, type DatabaseHandle, type Dialect } from '../../src/db/connect.ts';
import { dropScratchSchema, migrateToLatest } from '../../src/db/migrate.ts';

export const CONTRACT_VERSION = '2026-04-13';

export interface DialectUnderTest {
  name: Dialect;
  url: string;
}

export function dialectsUnderTest(): DialectUnderTest[] {
  const list: DialectUnderTest[] = [{ name: 'sqlite', url: 'sqlite::memory:' }];
  if (process.env.TEST_DATABASE_URL) list.push({ name: 'postgres', url: process.env.TEST_DATABASE_URL });
  return list;
}

export function testConfig(url: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: url,
    PUBLIC_BASE_URL: 'http://localhost:3000',
    PASSWORD_HASH_COST: '1024',
    RATE_LIMIT_PER_KEY: '100000',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_KEY_FAILURES_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    RATE_LIMIT_PASSWORD_RESET_PER_IP: '100000',
    RATE_LIMIT_STORE_PAGE_BOOKINGS_PER_IP: '100000',
    INVITES_PER_STORE_PER_HOUR: '100000',
    INVITES_PER_INVITER_PER_HOUR: '100000',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'sis-uploads-')),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sis-data-')),
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestStore {
  storeId: string;
  slug: string;
  token: string;
  email: string;
  password: string;
}

export interface TestMember {
  email: string;
  password: string;
  name: string;
  userId: string;
  /** A session token of the member. */
  token: string;
  headers: Record<string, string>;
}

export interface Response extends LightMyRequestResponse {
  body: string;
  data: any;
}

let counter = 0;

/** A running app on one database engine with helpers for the common steps of a test. */
export class TestEnv {
  app!: App;
  database!: DatabaseHandle;
  config!: Config;
  private schema: string | null = null;

  constructor(
    readonly dialect: DialectUnderTest,
    private readonly env: Record<string, string> = {},
    private readonly deps: Partial<AppDeps> = {},
  ) {}

  get db() {
    return this.database.db;
  }

  async start() {
    this.config = testConfig(this.dialect.url, this.env);
    if (this.dialect.name === 'postgres') {
      this.schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
      this.database = await connectDatabase(this.dialect.url, { schema: this.schema, poolSize: 20 });
    } else {
      this.database = await connectDatabase(this.dialect.url);
    }
    await migrateToLatest(this.database.db);
    this.app = await buildApp(this.config, { database: this.database, logger: false, ...this.deps });
    await this.app.ready();
  }

  async stop() {
    await this.app?.close();
    await this.database?.destroy();
    if (this.schema) await dropScratchSchema(this.dialect.url, this.schema);
  }

  /** app.inject with `data` = parsed JSON body (or null). */
  async inject(options: InjectOptions): Promise<Response> {
    const res = (await this.app.inject(options)) as Response;
    try {
      res.data = res.body ? JSON.parse(res.body) : null;
    } catch {
      res.data = null;
    }
    return res;
  }

  /** A store with an owner, created through POST /api/auth/signup. */
  async createStore(overrides: { name?: string; currency?: string; timezone?: string; slug?: string } = {}): Promise<TestStore> {
    const n = ++counter;
    const email = `owner${n}-${randomBytes(3).toString('hex')}@example.test`;
    const password = 'correct horse battery';
    const res = await this.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password, name: `Owner ${n}`, store: { name: overrides.name ?? `Store ${n}`, ...overrides } },
    });
    if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
    return { storeId: res.data.store.id, slug: res.data.store.slug, token: res.data.token, email, password };
  }

  /**
   * A member of the store with `role`, through the invitation flow: invited by the store's owner,
   * accepted with a new account. Returns their login and session token.
   */
  async addMember(store: TestStore, options: { role?: 'owner' | 'admin' | 'staff'; email?: string; name?: string } = {}): Promise<TestMember> {
    const email = options.email ?? `member${++counter}-${randomBytes(3).toString('hex')}@example.test`;
    const role = options.role ?? 'staff';
    const name = options.name ?? `Member ${counter}`;
    const invited = await this.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: this.staffHeaders(store), payload: { email, role } });
    if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
    // With mail on, the link went to the address only: an operator's invitation shows it.
    const link: string = invited.data.inviteUrl ?? (await this.app.ctx.services.stores.invitations.inviteAsOperator(store.storeId, { email, role })).inviteUrl!;
    const token = new URL(link).searchParams.get('token')!;
    const password = 'member chosen password';
    const accepted = await this.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token, name, password } });
    if (accepted.statusCode !== 201) throw new Error(`accepting the invitation failed: ${accepted.statusCode} ${accepted.body}`);
    return { email, password, name, userId: accepted.data.user.id, token: accepted.data.token, headers: { authorization: `Bearer ${accepted.data.token}` } };
  }

  /** An integration key for the store (default scopes unless given), created through POST /developer/keys. */
  async createKey(store: TestStore, scopes?: string[], extra: Record<string, unknown> = {}): Promise<string> {
    const res = await this.inject({
      method: 'POST',
      url: `/developer/keys?storeId=${store.storeId}`,
      headers: { authorization: `Bearer ${store.token}` },
      payload: { name: 'test key', ...(scopes ? { scopes } : {}), ...extra },
    });
    if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
    return res.data.secret;
  }

  /** A webhook endpoint for `events`, created (and, with enabled false, disabled) through the developer API; its id. */
  async createWebhookEndpoint(store: TestStore, events: string[], options: { enabled?: boolean; url?: string } = {}): Promise<string> {
    const headers = this.staffHeaders(store);
    const created = await this.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers, payload: { url: options.url ?? 'http://127.0.0.1:9/hook', events } });
    if (created.statusCode !== 201) throw new Error(`webhook endpoint creation failed: ${created.statusCode} ${created.body}`);
    const id = created.data.endpoint.endpointId as string;
    if (options.enabled === false) {
      const off = await this.inject({ method: 'PATCH', url: `/developer/webhooks/${id}?storeId=${store.storeId}`, headers, payload: { enabled: false } });
      if (off.statusCode !== 200) throw new Error(`disabling the webhook endpoint failed: ${off.statusCode} ${off.body}`);
    }
    return id;
  }

  /** A catalog item created through the staff API. */
  async createItem(store: TestStore, input: Record<string, unknown>): Promise<any> {
    const res = await this.inject({
      method: 'POST',
      url: `/api/stores/${store.storeId}/items`,
      headers: { authorization: `Bearer ${store.token}` },
      payload: { itemType: 'product', price: 10, ...input, name: input.name ?? `Item ${++counter}` },
    });
    if (res.statusCode !== 201) throw new Error(`item creation failed: ${res.statusCode} ${res.body}`);
    return res.data.item;
  }

  /** Headers for an integration call with `key`. */
  keyHeaders(key: string): Record<string, string> {
    return { 'x-api-key': key, authorization: `Bearer ${key}`, 'x-service-contract-version': CONTRACT_VERSION, accept: 'application/json' };
  }

  staffHeaders(store: TestStore): Record<string, string> {
    return { authorization: `Bearer ${store.token}` };
  }
}

/**
 * Runs `body` once per database engine, each with a fresh app and database
 * (`env` overrides configuration, e.g. a short retry schedule).
 */
export function describeEachDb(title: string, body: (env: TestEnv) => void, options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  for (const dialect of dialectsUnderTest()) {
    describe(`${title} [${dialect.name}]`, () => {
      const env = new TestEnv(dialect, options.env, options.deps);
      before(() => env.start());
      after(() => env.stop());
      body(env);
    });
  }
}

export function expectError(res: Response, status: number, code: string) {
  if (res.statusCode !== status || res.data?.error !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.statusCode} ${res.body}`);
  }
  if (res.data.ok !== false || typeof res.data.message !== 'string' || typeof res.data.requestId !== 'string') {
    throw new Error(`error body is not the flat shape: ${res.body}`);
  }
}
