// A grown store, built in seconds by bulk SQL (INSERT … SELECT over a generated series) straight into
// the database: `npm run bench -- --grown` (bench/run.ts) and the query-plan test
// (test/perf/query-plans.test.ts) use it. Default sizes are the issue's: 100,000 customers, 200,000
// bookings over two years, 100,000 orders with their lines, 5,000 items of which 20 are services,
// and the last 30 days of events (older ones are deleted by housekeeping).
//
// What is published: the 20 services (bookable, with a schedule, carrying every booking), while the
// 4,980 products are kept unpublished, as a store's discontinued and draft items. The catalog read
// then answers with the same published items on an empty and on a grown store (its cost follows the
// published catalog's size, a different axis from the store's history), and checkout's price lookup
// still sees a 5,000-item table. `seedServices` puts the same 20 services (no history) into a store,
// so the bench's empty store has the same catalog.
//
// Values are deterministic functions of the row number: ids and references carry a tag taken from
// the store id, so several stores can be grown in one database. Bookings take two of the three seats
// in 7 of the 8 one-hour slots of each day from ~20 months back to ~4 months ahead; orders and customers are
// spread over the last two years. Amounts are plausible but not reconciled with their lines.
import { DateTime } from 'luxon';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/db/connect.ts';
import { parseSchedule, type ServiceSchedule } from '../src/modules/catalog/item-input.ts';
import type { ErrorDetail } from '../src/shared/errors.ts';
import type { BenchTarget } from './types.ts';

export interface GrowSizes {
  customers: number;
  bookings: number;
  orders: number;
  /** All items, services included. */
  items: number;
  services: number;
}

export const GROWN_SIZES: GrowSizes = { customers: 100_000, bookings: 200_000, orders: 100_000, items: 5_000, services: 20 };

/** The grown services' ids are this prefix and 0…services−1. */
export const GROWN_SERVICE_PREFIX = 'grown-service-';

/**
 * One-hour slots from 09:00 to 17:00 every day, three seats each, bookable a year ahead. A grown
 * service has two seats taken in 7 of the 8 slots of every day, so its availability lists the same
 * slots as an empty service's (the answer has the same size) after reading ~14 bookings a day.
 */
export function grownServiceSchedule(): ServiceSchedule {
  const errors: ErrorDetail[] = [];
  const schedule = parseSchedule(
    {
      durationMinutes: 60,
      slotIntervalMinutes: 60,
      capacity: 3,
      maxAdvanceDays: 365,
      weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' })),
    },
    errors,
  );
  if (!schedule || errors.length) throw new Error(`grown service schedule rejected: ${JSON.stringify(errors)}`);
  return schedule;
}

/** The tables growStore fills (analyzed afterwards). */
export const GROWN_TABLES = ['customers', 'items', 'bookings', 'orders', 'order_lines', 'events'] as const;

export interface GrownStore {
  storeId: string;
  serviceIds: string[];
  /** Rows inserted per table. */
  rows: Record<(typeof GROWN_TABLES)[number], number>;
  /** Wall-clock seconds the inserts took. */
  seconds: number;
}

const DAY = 86_400;
/** Bookings per service per day: two in each of 7 of the 8 one-hour slots. */
const BOOKINGS_PER_DAY = 14;

/** The SQL pieces that differ between the engines; everything else is common SQL. */
function dialectSql(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    /** `with` prefix and `from` source giving i = 0…n−1 (64-bit: i * 104729 must not overflow). */
    series(n: number) {
      return pg
        ? { with: '', from: `generate_series(cast(0 as bigint), ${n - 1}) as seq(i)` }
        : { with: `with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${n - 1})`, from: 'seq' };
    },
    /** Unix seconds → ISO 8601 UTC text with milliseconds, as Date#toISOString() writes it. */
    iso: (sec: string) => (pg ? `to_char(to_timestamp(${sec}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', ${sec}, 'unixepoch')`),
    /** Unix seconds → YYYY-MM-DD (UTC). */
    date: (sec: string) => (pg ? `to_char(to_timestamp(${sec}) at time zone 'UTC', 'YYYY-MM-DD')` : `strftime('%Y-%m-%d', ${sec}, 'unixepoch')`),
    /** Unix seconds → HH:MM (UTC). */
    hhmm: (sec: string) => (pg ? `to_char(to_timestamp(${sec}) at time zone 'UTC', 'HH24:MI')` : `strftime('%H:%M', ${sec}, 'unixepoch')`),
    /** A non-negative integer as text, zero-padded to `width`. */
    pad: (expr: string, width: number) => (pg ? `lpad(cast(${expr} as text), ${width}, '0')` : `substr('${'0'.repeat(width)}' || cast(${expr} as text), -${width})`),
    text: (expr: string) => `cast(${expr} as text)`,
    /** A 64-bit integer literal (PostgreSQL would otherwise type it int4 and overflow in arithmetic). */
    big: (n: number) => `cast(${Math.trunc(n)} as bigint)`,
  };
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function run(db: Kysely<any>, text: string): Promise<number> {
  const result = await sql.raw(text).execute(db);
  return Number(result.numAffectedRows ?? 0);
}

function storeTag(storeId: string): string {
  if (!/^[a-z0-9]+$/.test(storeId)) throw new Error(`unexpected store id ${storeId}`);
  return storeId.slice(-6);
}

async function insertServices(db: Kysely<any>, dialect: Dialect, storeId: string, count: number, nowSec: number): Promise<string[]> {
  if (count === 0) return [];
  const d = dialectSql(dialect);
  const s = d.series(count);
  const schedule = quote(JSON.stringify(grownServiceSchedule()));
  const created = d.iso(`${d.big(nowSec - 730 * DAY)} + i * 3600`);
  await run(
    db,
    `${s.with} insert into items (store_id, id, name, item_type, category, description, price_minor, stock_count, image_url, image_urls, image_alt, published, schedule, created_at, updated_at)
     select ${quote(storeId)}, '${GROWN_SERVICE_PREFIX}' || ${d.text('i')}, 'Service ' || ${d.pad('i + 1', 2)}, 'service', 'Services',
       'One hour with one of our people; three seats per slot.', 5000 + i * 500, null,
       'https://images.example.com/services/' || ${d.text('i')} || '.jpg', '[]', null, 1, ${schedule}, ${created}, ${created}
     from ${s.from}`,
  );
  return Array.from({ length: count }, (_, i) => `${GROWN_SERVICE_PREFIX}${i}`);
}

/** The same 20 services as a grown store, with no history: the catalog of the bench's empty store. */
export async function seedServices(db: Kysely<any>, dialect: Dialect, storeId: string, count = GROWN_SIZES.services): Promise<string[]> {
  return db.transaction().execute((trx) => insertServices(trx, dialect, storeId, count, Math.floor(Date.now() / 1000)));
}

/**
 * Fills the store `store` with `sizes` of history in one transaction. The store must exist and
 * have no grown data yet. Run the planner's statistics afterwards (vacuumAnalyze on PostgreSQL;
 * on SQLite the service's own PRAGMA optimize at start, src/db/connect.ts optimizeDatabase).
 */
export async function growStore(
  db: Kysely<any>,
  dialect: Dialect,
  store: { id: string; timezone: string; currency: string },
  sizes: GrowSizes = GROWN_SIZES,
): Promise<GrownStore> {
  const started = performance.now();
  const d = dialectSql(dialect);
  const tag = storeTag(store.id);
  const sid = quote(store.id);
  const nowSec = Math.floor(Date.now() / 1000);
  const span = 730 * DAY;
  const C = Math.max(1, sizes.customers);
  const services = Math.max(1, sizes.services);
  const products = Math.max(1, sizes.items - services);
  const rows = { customers: 0, items: 0, bookings: 0, orders: 0, order_lines: 0, events: 0 };

  // The customer of row `e`: its id and contact, as written in customers (the phone already in E.164
  // form, so it is its own phone_key).
  const customer = (e: string) => ({
    id: `'cus_${tag}_' || ${d.text(e)}`,
    name: `'Customer ' || ${d.text(`${e} + 1`)}`,
    email: `'customer' || ${d.text(e)} || '.${tag}@grown.example'`,
    phone: `'+23324' || ${d.pad(e, 7)}`,
  });

  const serviceIds = await db.transaction().execute(async (trx) => {
    // Customers, oldest first, one every 730 days / C.
    {
      const s = d.series(C);
      const c = customer('i');
      const created = d.iso(`${d.big(nowSec - span)} + i * ${Math.max(1, Math.floor(span / C))}`);
      rows.customers = await run(
        trx,
        `${s.with} insert into customers (id, store_id, name, email, phone, phone_key, bookings_count, orders_count, total_spent_minor, created_at, updated_at)
         select ${c.id}, ${sid}, ${c.name}, ${c.email}, ${c.phone}, ${c.phone}, 2, 1, 12500, ${created}, ${created}
         from ${s.from}`,
      );
    }

    // Items: the services (published), then the products (unpublished: discontinued and drafts).
    const ids = await insertServices(trx, dialect, store.id, services, nowSec);
    {
      const s = d.series(products);
      const created = d.iso(`${d.big(nowSec - span)} + i * 600`);
      rows.items =
        services +
        (await run(
          trx,
          `${s.with} insert into items (store_id, id, name, item_type, category, description, price_minor, stock_count, image_url, image_urls, image_alt, published, schedule, created_at, updated_at)
           select ${sid}, 'grown-product-' || ${d.text('i')}, 'Product ' || ${d.pad('i', 5)}, 'product', 'Category ' || ${d.text('i % 12')},
             'A realistic description of a catalog item, long enough to look like the real thing on a partner website.',
             500 + (i % 200) * 25, 100, 'https://images.example.com/items/' || ${d.text('i')} || '.jpg', '[]', null, 0, null, ${created}, ${created}
           from ${s.from}`,
        ));
    }

    // Bookings: row k goes to service k % S; the service's j-th booking (j = k / S) is on day
    // j / 14 − pastDays from today, in slot (j % 14) / 2 (09:00…15:00 local, two of three seats).
    if (sizes.bookings > 0) {
      const perService = Math.ceil(sizes.bookings / services);
      const days = Math.ceil(perService / BOOKINGS_PER_DAY);
      const pastDays = Math.floor(days * 0.84);
      const zone = DateTime.now().setZone(store.timezone);
      // Local midnight today, in unix seconds; a fixed UTC offset (DST moves some slots by an hour: harmless here).
      const base = Math.floor(zone.startOf('day').toSeconds());
      const offset = zone.offset * 60;
      const s = d.series(sizes.bookings);
      const day = `((i / ${services}) / ${BOOKINGS_PER_DAY} - ${pastDays})`;
      const hour = `(9 + ((i / ${services}) % ${BOOKINGS_PER_DAY}) / 2)`;
      const start = `(${d.big(base)} + ${day} * ${DAY} + ${hour} * 3600)`;
      const local = `(${start} + ${offset})`;
      const lead = `(3600 + (i * 7919) % ${28 * DAY})`;
      const created = `(case when ${start} - ${lead} < ${nowSec} then ${start} - ${lead} else ${d.big(nowSec - 1)} - (i * 104729) % ${30 * DAY} end)`;
      const c = customer(`((i * 7) % ${C})`);
      const past = `${start} < ${nowSec}`;
      rows.bookings = await run(
        trx,
        `${s.with} insert into bookings (id, store_id, reference, service_id, service_name, booking_date, booking_time, start_at, end_at, timezone, quantity, notes, staff_notes,
           customer_id, customer_name, customer_phone, customer_email, payment_method, payment_amount_minor, payment_status, source_channel, attributes, status, created_at, updated_at)
         select 'bkg_${tag}_' || ${d.text('i')}, ${sid}, 'IB-${tag.toUpperCase()}' || ${d.pad('i', 7)}, '${GROWN_SERVICE_PREFIX}' || ${d.text(`i % ${services}`)},
           'Service ' || ${d.pad(`i % ${services} + 1`, 2)}, ${d.date(local)}, ${d.hhmm(local)}, ${d.iso(start)}, ${d.iso(`${start} + 3600`)}, ${quote(store.timezone)}, 1,
           case when i % 9 = 0 then 'First visit' else null end, null,
           ${c.id}, ${c.name}, ${c.phone}, ${c.email}, 'cash', 5000,
           case when i % 10 = 3 then 'payment_pending' when ${past} then 'paid' else 'payment_pending' end, 'client_website', '{}',
           case when i % 10 = 3 then 'cancelled' when ${past} then 'completed' when i % 3 = 0 then 'pending' else 'confirmed' end,
           ${d.iso(created)}, ${d.iso(created)}
         from ${s.from}`,
      );
    }

    // Orders, oldest first over two years; each has 1 to 3 lines of the (now unpublished) products.
    if (sizes.orders > 0) {
      const O = sizes.orders;
      const s = d.series(O);
      const createdSec = `(${d.big(nowSec - span)} + i * ${Math.max(1, Math.floor(span / O))} + i % 97)`;
      const r = 'i % 20';
      const status = `case when ${r} < 14 then 'confirmed' when ${r} < 16 then 'paid' when ${r} = 16 then 'expired' when ${r} = 17 then 'cancelled' when ${r} = 18 then 'refunded' else 'pending_delivery' end`;
      const paid = `(${r} < 16 or ${r} = 18 or ${r} = 19)`;
      const live = `(${r} < 16 or ${r} = 19)`;
      const clientId = `'web-${tag}-' || ${d.text('i')}`;
      const c = customer(`((i * 13) % ${C})`);
      const subtotal = `(1000 + (i % 50) * 250)`;
      rows.orders = await run(
        trx,
        `${s.with} insert into orders (id, store_id, reference, client_order_id, client_order_key, status, payment_status, payment_method, provider, payment_reference, checkout_url,
           pay_token, currency, subtotal_minor, fees_minor, total_minor, store_minor, platform_minor, fee_bearer, amount_paid_minor, customer_id, customer, delivery,
           return_url, cancel_url, source_channel, source_label, sync_status, stock_held, note, expires_at, paid_at, created_at, updated_at)
         select 'ord_${tag}_' || ${d.text('i')}, ${sid}, 'ORD-${tag.toUpperCase()}' || ${d.pad('i', 8)},
           case when i % 4 = 0 then null else ${clientId} end,
           case when i % 4 = 0 or not ${live} then null else ${clientId} end,
           ${status}, case when ${r} = 18 then 'refunded' when ${paid} then 'paid' else 'payment_pending' end, 'gateway_checkout', 'sandbox',
           'PAY-${tag.toUpperCase()}' || ${d.pad('i', 8)}, null, 'tok' || ${d.text('i')}, ${quote(store.currency)},
           ${subtotal}, 0, ${subtotal}, ${subtotal} - 100, 100, 'store', case when ${paid} then ${subtotal} else 0 end,
           ${c.id}, '{"name":"' || ${c.name} || '","email":"' || ${c.email} || '","phone":"' || ${c.phone} || '"}', null,
           'https://shop.example.test/checkout/success', 'https://shop.example.test/checkout/cancel', 'client_website', null, 'synced', 0, null, null,
           case when ${paid} then ${d.iso(`${createdSec} + 120`)} else null end, ${d.iso(createdSec)}, ${d.iso(`${createdSec} + 120`)}
         from ${s.from}`,
      );
      // Line 1 on every order, line 2 on every other one, line 3 on every fifth.
      for (const [lineNo, every] of [[1, 1], [2, 2], [3, 5]] as const) {
        const product = `((i * 31 + ${lineNo * 17}) % ${products})`;
        rows.order_lines += await run(
          trx,
          `${s.with} insert into order_lines (order_id, line_no, store_id, item_id, name, qty, unit_price_minor, line_total_minor)
           select 'ord_${tag}_' || ${d.text('i')}, ${lineNo}, ${sid}, 'grown-product-' || ${d.text(product)}, 'Product ' || ${d.pad(product, 5)},
             1 + i % 3, 500 + (${product} % 200) * 25, (1 + i % 3) * (500 + (${product} % 200) * 25)
           from ${s.from} where i % ${every} = 0`,
        );
      }
    }

    // Events of the last 30 days (housekeeping deletes older ones), one per booking or order made then.
    const events = Math.round(((sizes.bookings + sizes.orders) * 30) / 730);
    if (events > 0) {
      const s = d.series(events);
      const created = d.iso(`${d.big(nowSec - 30 * DAY)} + i * ${Math.max(1, Math.floor((30 * DAY) / events))}`);
      const payload = `'{"id":"evt_${tag}_' || ${d.text('i')} || '","type":"booking.created","storeId":"${store.id}","data":{"reference":"IB-X","status":"pending","customer":{"name":"Customer"}}}'`;
      rows.events = await run(
        trx,
        `${s.with} insert into events (id, store_id, type, payload, created_at)
         select 'evt_${tag}_' || ${d.text('i')}, ${sid}, case when i % 3 = 0 then 'order.created' else 'booking.created' end, ${payload}, ${created}
         from ${s.from}`,
      );
    }
    return ids;
  });
  return { storeId: store.id, serviceIds, rows, seconds: (performance.now() - started) / 1000 };
}

/**
 * PostgreSQL: what autovacuum does after a bulk load (statistics for the planner, the visibility
 * map for index-only scans), done at once. This server runs with autovacuum off, which a production
 * server would not. No-op on SQLite (the service runs PRAGMA optimize at start).
 */
export async function vacuumAnalyze(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`vacuum (analyze) ${GROWN_TABLES.join(', ')}`).execute(db);
}

/** For scenarios: a call to the staff API as the bench store's owner; the parsed JSON answer. */
export async function staffCall(target: BenchTarget, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${target.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.staffToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench ${method} ${path} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * For scenarios: the store's grown service number `index` when it has one (a --grown run seeds them
 * into both of its stores), else a new service with the same schedule. Its id, as the API takes it.
 */
export async function grownOrNewService(target: BenchTarget, index: number, name: string): Promise<string> {
  const res = await fetch(`${target.baseUrl}/api/stores/${target.storeId}/items/${GROWN_SERVICE_PREFIX}${index}`, { headers: { authorization: `Bearer ${target.staffToken}` } });
  if (res.ok) return ((await res.json()) as { item: { id: string } }).item.id;
  if (res.status !== 404) throw new Error(`bench service lookup failed: ${res.status} ${await res.text()}`);
  const { item } = await staffCall(target, 'POST', `/api/stores/${target.storeId}/items`, { itemType: 'service', name, price: 50, schedule: grownServiceSchedule() });
  return item.id;
}
