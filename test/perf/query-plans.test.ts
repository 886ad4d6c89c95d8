// Plans are checked, not assumed (issue 17): a grown database (bench/grown.ts, a fifth of the bench's
// sizes plus a second, smaller store), the planner's statistics as the service gets them (SQLite:
// PRAGMA optimize at start, src/db/connect.ts optimizeDatabase; PostgreSQL: what autovacuum's ANALYZE
// does, run at once), then the hot requests through the real routes with every SQL statement captured
// from Kysely's query log, and each statement's plan (EXPLAIN QUERY PLAN / EXPLAIN (FORMAT JSON)).
// A statement fails when it reads a big tenant table (one with store_id, ≥ 1,000 rows) whole: a full
// scan (SQLite SCAN, PostgreSQL Seq Scan), or a walk over all of one store's rows of an index keyed by
// store_id alone while the statement filters on other columns (how the phone lookup once went).
// Store-wide by design, and allowed whatever its plan: the catalog read (every published item of the
// store, no limit; on a database of one store a full scan is the right plan for it).
// SHOW_PLANS=1 prints every statement with its plan.
// Found and fixed with it: without statistics, or with statistics older than the store, SQLite walked
// the store's customers by date for the phone lookup (now one index answers condition and order,
// migration 2026_11_24_1210) and its orders by date for the order-status lookup (now one indexed lookup
// per key, src/modules/checkout/repository.ts lookupOrder).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type LogEvent } from 'kysely';
import { DateTime } from 'luxon';
import { buildApp } from '../../src/app.ts';
import { connectDatabase, optimizeDatabase } from '../../src/db/connect.ts';
import { dropScratchSchema, migrateToLatest } from '../../src/db/migrate.ts';
import { GROWN_SERVICE_PREFIX, growStore, vacuumAnalyze, type GrowSizes } from '../../bench/grown.ts';
import { dialectsUnderTest, testConfig, TestEnv, type DialectUnderTest, type Response, type TestStore } from '../helpers/app.ts';

const SIZES: GrowSizes = { customers: 20_000, bookings: 40_000, orders: 20_000, items: 1_000, services: 20 };
const OTHER_STORE: GrowSizes = { customers: 5_000, bookings: 10_000, orders: 5_000, items: 250, services: 20 };
const BIG_TABLE_ROWS = 1_000;
/** Reads of a whole store by design, by table: the columns they may filter on besides store_id. */
const STORE_WIDE_READS: Record<string, string[]> = { items: ['published'] };

/** A select from `table` filtering on store_id and the allowed columns only, without a limit. */
function storeWideRead(text: string, table: string): boolean {
  const allowed = STORE_WIDE_READS[table];
  if (!allowed || !/^\s*select\b/i.test(text) || /\blimit\b/i.test(text)) return false;
  if (!new RegExp(`\\bfrom "${table}"`).test(text)) return false;
  return [...filteredColumns(text)].every((c) => c === 'store_id' || allowed.includes(c));
}

/** A TestEnv whose database connection logs every statement into `captured` while `capturing`. */
class PlanEnv extends TestEnv {
  captured: CompiledQuery[] = [];
  capturing = false;
  private pgSchema: string | null = null;

  constructor(dialect: DialectUnderTest) {
    super(dialect);
  }

  override async start() {
    this.config = testConfig(this.dialect.url);
    const log = (event: LogEvent) => {
      if (this.capturing && event.level === 'query') this.captured.push(event.query);
    };
    if (this.dialect.name === 'postgres') {
      this.pgSchema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
      this.database = await connectDatabase(this.dialect.url, { schema: this.pgSchema, poolSize: 20, log });
    } else {
      this.database = await connectDatabase(this.dialect.url, { log });
    }
    await migrateToLatest(this.database.db);
    this.app = await buildApp(this.config, { database: this.database, logger: false });
    await this.app.ready();
  }

  override async stop() {
    await this.app?.close();
    await this.database?.destroy();
    if (this.pgSchema) await dropScratchSchema(this.dialect.url, this.pgSchema);
  }

  /** The statements `work` runs, each once (by SQL text). */
  async capture(work: () => Promise<void>): Promise<CompiledQuery[]> {
    this.captured = [];
    this.capturing = true;
    try {
      await work();
    } finally {
      this.capturing = false;
    }
    const seen = new Map<string, CompiledQuery>();
    for (const q of this.captured) if (!seen.has(q.sql)) seen.set(q.sql, q);
    return [...seen.values()];
  }
}

interface Finding {
  sql: string;
  plan: string[];
  problems: string[];
}

/** Quoted column names in the statement's WHERE clauses (Kysely quotes every identifier). */
function filteredColumns(text: string): Set<string> {
  const columns = new Set<string>();
  for (const part of text.split(/\bwhere\b/i).slice(1)) {
    const clause = part.split(/\b(?:order by|group by|limit|returning|on conflict)\b/i)[0];
    for (const m of clause.matchAll(/"(\w+)"(?:\."(\w+)")?/g)) columns.add(m[2] ?? m[1]);
  }
  return columns;
}

/** `"table" as "alias"` pairs of the statement, alias → table (SQLite plans name the alias). */
function aliases(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of text.matchAll(/"(\w+)" as "(\w+)"/g)) map.set(m[2], m[1]);
  return map;
}

async function explain(env: PlanEnv, query: CompiledQuery, big: Map<string, number>): Promise<Finding> {
  const problems: string[] = [];
  const plan: string[] = [];
  const otherFilters = [...filteredColumns(query.sql)].filter((c) => c !== 'store_id');
  const checked = (table: string) => big.has(table) && !storeWideRead(query.sql, table);
  if (env.dialect.name === 'sqlite') {
    const rows = (await env.db.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))).rows as { detail: string }[];
    const alias = aliases(query.sql);
    for (const { detail } of rows) {
      plan.push(detail);
      const scan = /^SCAN (\w+)/.exec(detail);
      if (scan && checked(alias.get(scan[1]) ?? scan[1])) problems.push(`full scan: ${detail}`);
      const search = /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \((.*)\)$/.exec(detail);
      if (search) {
        const table = alias.get(search[1]) ?? search[1];
        const constraints = search[2].split(' AND ');
        if (checked(table) && constraints.every((c) => c.startsWith('store_id')) && otherFilters.length) {
          problems.push(`walks every row of the store (${detail}) while filtering on ${otherFilters.join(', ')}`);
        }
      }
    }
  } else {
    const walk = (node: PgNode, depth: number, label: string) => {
      const table = node['Relation Name'];
      const cond = node['Index Cond'] ?? node['Recheck Cond'];
      plan.push(`${'  '.repeat(depth)}${node['Node Type']}${table ? ` on ${table}` : ''}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${cond ? ` [${cond}]` : ''}${node.Filter ? ` filter ${node.Filter}` : ''}`);
      if (table && checked(table)) {
        if (node['Node Type'] === 'Seq Scan') problems.push(`${label}full scan: Seq Scan on ${table} (${big.get(table)} rows)`);
        // An index condition on store_id alone (EXPLAIN shows the bound value), the statement's other
        // conditions left to a filter: (Bitmap Heap) Index Scan on (store_id) or (store_id, created_at, …).
        const storeOnly = cond && /^\((?:\w+\.)?store_id = (?:\$\d+|'[^']*'(?:::text)?)\)$/.test(cond);
        if (storeOnly && node.Filter && otherFilters.length) problems.push(`${label}walks every row of the store (${node['Node Type']} on ${table}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}) with filter ${node.Filter}`);
      }
      for (const child of node.Plans ?? []) walk(child, depth + 1, label);
    };
    const rows = (await env.db.executeQuery(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]))).rows as PgExplain[];
    walk(rows[0]['QUERY PLAN'][0].Plan, 0, '');
    // The service prepares its statements (src/db/pg-prepared.ts), and PostgreSQL may then run a
    // prepared statement with a generic plan, made once for any values: that plan is checked too.
    plan.push('generic plan:');
    walk((await genericPlan(env, query))['QUERY PLAN'][0].Plan, 1, 'generic plan: ');
  }
  return { sql: query.sql, plan, problems };
}

type PgExplain = { 'QUERY PLAN': [{ Plan: PgNode }] };

/** A parameter's value as an SQL literal of unknown type, which EXECUTE converts to the parameter's type. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = Array.isArray(value)
    ? `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** PostgreSQL's generic plan of the statement, as a prepared statement (plan_cache_mode forces it). */
async function genericPlan(env: PlanEnv, query: CompiledQuery): Promise<PgExplain> {
  return env.db.connection().execute(async (conn) => {
    const name = `plan_check_${randomBytes(4).toString('hex')}`;
    await conn.executeQuery(CompiledQuery.raw(`prepare ${name} as ${query.sql}`));
    try {
      await conn.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'));
      const args = query.parameters.length ? `(${query.parameters.map(literal).join(', ')})` : '';
      return (await conn.executeQuery(CompiledQuery.raw(`explain (format json) execute ${name}${args}`))).rows[0] as PgExplain;
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset plan_cache_mode'));
      await conn.executeQuery(CompiledQuery.raw(`deallocate ${name}`));
    }
  });
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PgNode[];
}

/** Tenant tables (with a store_id column) of at least BIG_TABLE_ROWS rows, with their row counts. */
async function bigTenantTables(env: PlanEnv): Promise<Map<string, number>> {
  const names =
    env.dialect.name === 'sqlite'
      ? (await sql<{ name: string }>`select m.name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'store_id'`.execute(env.db)).rows
      : (await sql<{ name: string }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'store_id'`.execute(env.db)).rows;
  const big = new Map<string, number>();
  for (const { name } of names) {
    const { n } = (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(env.db)).rows[0];
    if (Number(n) >= BIG_TABLE_ROWS) big.set(name, Number(n));
  }
  return big;
}

/** A store the hot requests run against. */
interface Subject {
  store: TestStore;
  key: string;
  /** growStore's tag: the end of the store id. */
  tag: string;
  /** Two published products for checkout. */
  products: string[];
}

for (const dialect of dialectsUnderTest()) {
  describe(`query plans of the hot paths on a grown store [${dialect.name}]`, () => {
    const env = new PlanEnv(dialect);
    let big: Map<string, number>;
    let timezone: string;
    const subjects: Record<'grown' | 'late', Subject> = {} as never;

    async function subject(store: TestStore): Promise<Subject> {
      const products = [(await env.createItem(store, { name: 'Plan mug', stockCount: 1000 })).id, (await env.createItem(store, { name: 'Plan sticker' })).id];
      return { store, key: await env.createKey(store), tag: store.storeId.slice(-6), products };
    }

    before(async () => {
      await env.start();
      const grown = await env.createStore();
      const other = await env.createStore();
      timezone = (await env.inject({ method: 'GET', url: `/api/stores/${grown.storeId}`, headers: env.staffHeaders(grown) })).data.store.timezone;
      for (const [s, sizes] of [[grown, SIZES], [other, OTHER_STORE]] as const) {
        await growStore(env.db, dialect.name, { id: s.storeId, timezone, currency: 'GHS' }, sizes);
      }
      // The planner's statistics, as a running service has them.
      await vacuumAnalyze(env.db, dialect.name);
      await optimizeDatabase(env.db, dialect.name);
      subjects.grown = await subject(grown);
      if (dialect.name === 'sqlite') {
        const late = await env.createStore();
        await growStore(env.db, dialect.name, { id: late.storeId, timezone, currency: 'GHS' }, OTHER_STORE);
        subjects.late = await subject(late);
      }
      big = await bigTenantTables(env);
      assert.ok(big.has('customers') && big.has('bookings') && big.has('orders') && big.has('order_lines'), `grown tables: ${[...big.keys()]}`);
    });
    after(() => env.stop());

    /** Captures `work`'s statements and fails on any plan that reads a big tenant table whole. */
    async function checkPlans(work: () => Promise<void>, expected: RegExp[]) {
      const statements = (await env.capture(work)).filter((q) => /^\s*(select|insert|update|delete|with)\b/i.test(q.sql));
      for (const pattern of expected) assert.ok(statements.some((q) => pattern.test(q.sql)), `no statement matching ${pattern} among:\n${statements.map((q) => q.sql).join('\n')}`);
      const findings = await Promise.all(statements.map((q) => explain(env, q, big)));
      if (process.env.SHOW_PLANS) for (const f of findings) console.log(`${f.sql}\n    ${f.plan.join('\n    ')}\n`);
      const bad = findings.filter((f) => f.problems.length);
      assert.deepEqual(
        bad.map((f) => f.problems),
        [],
        bad.map((f) => `${f.sql}\n  ${f.problems.join('\n  ')}\n  plan:\n    ${f.plan.join('\n    ')}`).join('\n\n'),
      );
    }

    test('the check itself catches a full scan and a walk over a whole store', async () => {
      const storeId = subjects.grown.store.storeId;
      const walk = env.db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('name', '=', 'Customer 77').orderBy('created_at').orderBy('id').limit(1).compile();
      const scan = env.db.selectFrom('bookings').selectAll().where('customer_phone', '=', '+233240000123').compile();
      for (const query of [walk, scan]) {
        const finding = await explain(env, query, big);
        assert.ok(finding.problems.length > 0, `not flagged: ${query.sql}\n  ${finding.plan.join('\n  ')}`);
      }
    });

    const ok = (res: Response, status: number) => assert.equal(res.statusCode, status, res.body);
    const day = (days: number) => DateTime.now().setZone(timezone).plus({ days }).toISODate()!;
    /** A pattern where `?` stands for a parameter (`?` on SQLite, `$n` on PostgreSQL). */
    const p = (re: string) => new RegExp(re.replace(/\?/g, '(?:\\?|\\$\\d+)'));

    // SQLite also gets a store that signed up and grew after the statistics were taken. Its per-store
    // samples (sqlite_stat4) then call it empty, and PRAGMA optimize takes them again only when a whole
    // table changes size many times over, so a new store of a big database can stay "empty" for good.
    // (PostgreSQL also estimates a store missing from its statistics at one row, and then picks among
    // the store_id indexes at random, but its statistics are retaken by ANALYZE, as autovacuum does
    // once a tenth of a table has changed: the check runs with current statistics only.)
    const cases = [['grown', 'statistics taken on it'], ...(dialect.name === 'sqlite' ? [['late', 'grown after the statistics']] : [])] as Array<['grown' | 'late', string]>;
    for (const [which, label] of cases) {
      describe(label, () => {
        test('booking create: customer by email, then by phone, slot check, insert', async () => {
          const { store, key, tag } = subjects[which];
          await checkPlans(async () => {
            const book = (customer: Record<string, string>, time: string, idempotencyKey?: string) =>
              env.inject({
                method: 'POST',
                url: `/v1IntegrationBookings?storeId=${store.storeId}`,
                headers: { ...env.keyHeaders(key), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
                payload: { serviceId: `${GROWN_SERVICE_PREFIX}3`, bookingDate: day(2), bookingTime: time, customer, paymentMethod: 'cash', sourceChannel: 'client_website' },
              });
            // A new customer (neither email nor phone known), a returning one by phone, one by email.
            ok(await book({ name: 'New Person', phone: '+233559990001', email: 'new.person@example.test' }, '16:00', 'plan-1'), 201);
            ok(await book({ name: 'By Phone', phone: '+233240000123' }, '16:00'), 201);
            ok(await book({ name: 'By Email', email: `customer456.${tag}@grown.example`, phone: '+233559990002' }, '16:00'), 201);
          }, [/"?email"? = (?:\?|\$\d+)/, /"?phone_key"? = (?:\?|\$\d+)/, p('"start_at" < ?'), /insert into "bookings"/]);
        });

        test('checkout create: prices, customer, order and lines, stock', async () => {
          const { store, key, products } = subjects[which];
          await checkPlans(async () => {
            const res = await env.inject({
              method: 'POST',
              url: '/integrationCheckoutCreate',
              headers: { ...env.keyHeaders(key), 'idempotency-key': 'plan-checkout-1' },
              payload: {
                storeId: store.storeId,
                clientOrderId: 'plan-order-1',
                items: products.map((id) => ({ type: 'PRODUCT', item_type: 'product', item_id: id, qty: 1 })),
                customer: { name: 'Plan Buyer', email: 'plan.buyer@example.test', phone: '+233559990003' },
                returnUrl: 'https://shop.example.test/ok',
                cancelUrl: 'https://shop.example.test/cancel',
              },
            });
            ok(res, 201);
          }, [p('"client_order_key" = ?'), /insert into "orders"/, /insert into "order_lines"/, /update "items"/]);
        });

        test('availability over 62 days of a busy service', async () => {
          const { store, key } = subjects[which];
          await checkPlans(async () => {
            const from = DateTime.now().setZone(timezone).plus({ days: 1 }).startOf('day');
            const query = new URLSearchParams({ serviceId: `${GROWN_SERVICE_PREFIX}0`, from: from.toUTC().toISO()!, to: from.plus({ days: 61 }).toUTC().toISO()! });
            const res = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&${query}`, headers: env.keyHeaders(key) });
            ok(res, 200);
            assert.ok(res.data.slots.length > 0);
          }, [p('"service_id" = ?')]);
        });

        test('bookings list, first page (staff and integration)', async () => {
          const { store, key } = subjects[which];
          await checkPlans(async () => {
            const staff = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings`, headers: env.staffHeaders(store) });
            ok(staff, 200);
            assert.equal(staff.data.bookings.length, 50);
            ok(await env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: env.keyHeaders(key) }), 200);
          }, [/from "bookings" where "store_id" = (\?|\$1) order by "created_at" desc/]);
        });

        test('order status by reference, trxref and clientOrderId', async () => {
          const { store, key, tag } = subjects[which];
          await checkPlans(async () => {
            const T = tag.toUpperCase();
            for (const value of [`reference=ORD-${T}00000123`, `trxref=PAY-${T}00000123`, `clientOrderId=web-${tag}-123`]) {
              const res = await env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus?storeId=${store.storeId}&${value}`, headers: env.keyHeaders(key) });
              ok(res, 200);
              assert.equal(res.data.order.reference, `ORD-${T}00000123`);
            }
          }, [p('"payment_reference" = ?')]);
        });

        test('reports over paid orders: top sellers and sales by day (the partial index of paid orders)', async () => {
          const { store, key } = subjects[which];
          await checkPlans(async () => {
            const top = await env.inject({ method: 'GET', url: `/integrationTopSelling?storeId=${store.storeId}&days=30`, headers: env.keyHeaders(key) });
            ok(top, 200);
            assert.ok(top.data.products.length > 0);
            const sales = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/reports/sales?from=${day(-30)}&to=${day(0)}`, headers: env.staffHeaders(store) });
            ok(sales, 200);
            assert.ok(sales.data.days.some((d: { ordersCount: number }) => d.ordersCount > 0));
          }, [/from "order_lines" as "l" where "l"\."order_id" (in|= any)/, /"payment_status" = 'paid' and "paid_at" >= /]);
        });

        test('catalog read (a cache miss builds it) and the staff customers list', async () => {
          const { store, key } = subjects[which];
          await checkPlans(async () => {
            ok(await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) }), 200);
            ok(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/customers`, headers: env.staffHeaders(store) }), 200);
          }, [p('from "items" where "store_id" = ?'), p('from "customers" where "store_id" = ?')]);
        });
      });
    }
  });
}
