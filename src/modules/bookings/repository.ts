// Booking queries. Every query is scoped by store_id; the first argument is the db or a transaction.
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres, type Executor } from '../../db/sql.ts';
import { notifyExpression, signalPayload } from '../../db/notifier.ts';
import { answerUpdate, type AnswerValues } from '../../http/idempotency.ts';
import type { BusyInterval } from './slots.ts';
import type { BookingRow } from './tables.ts';
import { statementTemplate, type Placeholders } from '../../db/template.ts';
import { insertEventListingEndpoints, type EndpointRef } from '../events/repository.ts';
import type { EventRow } from '../events/tables.ts';

type Db = Executor<Database>;
/** A text value, or a statement template's placeholder for one. */
type Text = string | RawBuilder<string>;

export interface BookingFilter {
  status?: string;
  serviceId?: string;
  reference?: string;
  customerId?: string;
  fromDate?: string;
  toDate?: string;
  limit: number;
  after: [string, string] | null;
}

export const findBooking = (db: Db, storeId: string, id: string) =>
  db.selectFrom('bookings').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Newest first; one row more than `limit` tells the caller there is a next page. */
export function listBookings(db: Db, storeId: string, f: BookingFilter) {
  let q = db.selectFrom('bookings').selectAll().where('store_id', '=', storeId);
  if (f.status) q = q.where('status', '=', f.status as BookingRow['status']);
  if (f.serviceId) q = q.where('service_id', '=', f.serviceId);
  if (f.reference) q = q.where('reference', '=', f.reference);
  if (f.customerId) q = q.where('customer_id', '=', f.customerId);
  if (f.fromDate) q = q.where('booking_date', '>=', f.fromDate);
  if (f.toDate) q = q.where('booking_date', '<=', f.toDate);
  if (f.after) {
    const [createdAt, id] = f.after;
    q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit + 1).execute();
}

/**
 * Takes the service's lock row until the transaction ends, so capacity checks of one service run
 * one at a time on PostgreSQL. One statement: the upsert creates the row the first time and otherwise
 * updates it, which locks it like SELECT … FOR UPDATE. SQLite needs no lock: its transactions
 * already run one at a time (BEGIN IMMEDIATE), across processes too.
 */
export async function lockService(db: Db, storeId: string, serviceId: string) {
  if (!isPostgres(db)) return;
  await db
    .insertInto('booking_locks')
    .values({ store_id: storeId, service_id: serviceId })
    .onConflict((oc) => oc.columns(['store_id', 'service_id']).doUpdateSet({ service_id: (eb) => eb.ref('excluded.service_id') }))
    .execute();
}

/**
 * The advisory lock key of a time cell of a service: 64 bits of a hash of store, service and cell
 * (two cells that happen to share a key only wait for each other; nothing is double-booked).
 */
function cellKey(storeId: string, serviceId: string, cell: number): bigint {
  return createHash('sha256').update(`${storeId}\u0000${serviceId}\u0000${cell}`).digest().readBigInt64BE(0);
}

/**
 * PostgreSQL: an expression that shares the service's lock row (lockService takes it alone) and takes
 * the advisory locks of the time cells `cells` (slots.ts lockCellsOf), in ascending key order (so two
 * bookings never wait for each other crosswise), until the transaction ends. True when locked; false,
 * with nothing locked, when the service has no lock row yet (take lockService instead). It runs in a
 * statement that does other work too: the booking's contact (customers.upsertFromContactAlongside).
 */
export function lockCellsExpression(storeId: string, serviceId: string, cells: number[]): RawBuilder<boolean> {
  const cellKeys = cells
    .map((cell) => cellKey(storeId, serviceId, cell))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String);
  // LATERAL runs the advisory locks only once the row is share-locked, in array order.
  return sql<boolean>`(select count(*) > 0
    from (select 1 as one from booking_locks where store_id = ${storeId} and service_id = ${serviceId} for share) s
    cross join lateral (select pg_advisory_xact_lock(k) from unnest(${cellKeys}::bigint[]) as k where s.one = 1) c)`;
}

/** Which bookings hold capacity against a slot: [start, end) plus `bufferMs` on both sides, of one service. */
export interface SlotCheck {
  capacity: number;
  bufferMs: number;
  /** Bookings last at most a day and buffers too: none starting before this can reach the slot. */
  earliestStartIso: string;
}

/**
 * A service's bookings that hold capacity (not cancelled) and overlap [fromIso, toIso).
 * `earliestStartIso` bounds the index scan: no booking starting before it can reach `fromIso`.
 */
function holdingCapacity(db: Db, storeId: Text, serviceId: Text, earliestStartIso: Text, fromIso: Text, toIso: Text) {
  return db
    .selectFrom('bookings')
    .where('store_id', '=', storeId)
    .where('service_id', '=', serviceId)
    .where('status', '!=', 'cancelled')
    .where('start_at', '>=', earliestStartIso)
    .where('start_at', '<', toIso)
    .where('end_at', '>', fromIso);
}

/** Notifier topic: a store's bookings changed; every instance drops the busy times it keeps for the store. */
export const BOOKINGS_TOPIC = 'bookings';

/** What insertIfRoom did when the booking was inserted. */
export interface Placed {
  /** The store's enabled webhook endpoints, for the event's deliveries. */
  endpoints: EndpointRef[];
  /** Rows the caller's `answer` update changed (1 without one). */
  answered: number;
}

/**
 * Inserts the booking only if its slot still has `row.quantity` seats: one statement (INSERT …
 * SELECT … WHERE seats taken ≤ capacity − quantity), so the check and the insert see the same
 * bookings. Records `event` with it, and runs `answer` (the request's Idempotency-Key record) only
 * with it. Null when the slot is full. Run it under the slot's locks (lockCellsExpression/lockService).
 * PostgreSQL: one round trip for all of it. The event is inserted from the inserted row, the answer
 * runs only if there is one, the store's enabled endpoints are read joined to it, and an inserted
 * row signals BOOKINGS_TOPIC to every instance, delivered at commit.
 */
export async function insertIfRoom(db: Db, row: BookingRow, check: SlotCheck, event: EventRow, answer: Answer | null): Promise<Placed | null> {
  const from = new Date(Date.parse(row.start_at) - check.bufferMs).toISOString();
  const to = new Date(Date.parse(row.end_at) + check.bufferMs).toISOString();
  const room = check.capacity - row.quantity;
  if (!isPostgres(db)) {
    const result = await insertBookingIfRoom(db, { row, earliest: check.earliestStartIso, from, to, room });
    if (Number(result.numAffectedRows ?? 0) !== 1) return null;
    const endpoints = await insertEventListingEndpoints(db, event);
    return { endpoints, answered: answer ? await answer.run() : 1 };
  }
  const args = { row, event, earliest: check.earliestStartIso, from, to, room, signal: signalPayload(BOOKINGS_TOPIC, row.store_id) };
  const { rows } = answer ? await placeBookingAnswering(db, { ...args, answer: answer.values }) : await placeBooking(db, args);
  if (rows.length === 0) return null;
  return { endpoints: rows.filter((r): r is typeof r & EndpointRef => r.id !== null), answered: Number(rows[0]!.answered) };
}

type PlaceArgs = { row: BookingRow; event: EventRow; earliest: string; from: string; to: string; room: number; signal: string };

/**
 * PostgreSQL: insertIfRoom's one statement, built once (src/db/template.ts): the booking if there is
 * room, its event from the inserted row, the answer only with it (`answer`), and the store's enabled
 * endpoints joined to the inserted row. The insert signals BOOKINGS_TOPIC, delivered at commit.
 */
function placeStatement(db: Db, p: Placeholders<PlaceArgs>, answer: Placeholders<AnswerValues> | null) {
  const columns = Object.keys(p.row) as (keyof BookingRow)[];
  const values = db
    .selectNoFrom(columns.map((c) => (p.row[c] as RawBuilder<unknown>).as(c)))
    .where((eb) => eb(seatsTaken(db, p.row.store_id, p.row.service_id, p.earliest, p.from, p.to), '<=', p.room));
  const eventColumns = Object.keys(p.event) as (keyof EventRow)[];
  const placed = db
    .with('placed', (qc) => qc.insertInto('bookings').columns(columns).expression(values).returning(notifyExpression(p.signal).as('signalled')))
    .with('recorded', (qc) => qc.insertInto('events').columns(eventColumns).expression(qc.selectFrom('placed').select(eventColumns.map((c) => (p.event[c] as RawBuilder<unknown>).as(c)))));
  // The answer runs only with the inserted row; the select below counts what it changed (raw SQL, so typed as `placed`).
  const answered = answer
    ? (placed.with('answered', () => answerUpdate(db, answer).where(sql<boolean>`exists (select 1 from placed)`).returning(sql<number>`1`.as('one'))) as unknown as typeof placed)
    : placed;
  return answered
    .selectFrom('placed')
    .leftJoin('webhook_endpoints as endpoint', (join) => join.on('endpoint.store_id', '=', p.row.store_id).on('endpoint.enabled', '=', 1))
    .select(['endpoint.id', 'endpoint.events', (answer ? sql<number>`(select count(*) from answered)::int` : sql<number>`1`).as('answered')]);
}

const placeBooking = statementTemplate((db, p: Placeholders<PlaceArgs>) => placeStatement(db, p, null));
const placeBookingAnswering = statementTemplate((db, p: Placeholders<PlaceArgs & { answer: AnswerValues }>) => placeStatement(db, p, p.answer));

/** The seats the bookings holding capacity against [from, to) take, as an expression. */
function seatsTaken(db: Db, storeId: Text, serviceId: Text, earliest: Text, from: Text, to: Text) {
  return holdingCapacity(db, storeId, serviceId, earliest, from, to).select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql.lit(0)).as('taken'));
}

/** SQLite: the booking, if the seats taken leave `room` for it (INSERT … SELECT … WHERE), built once. */
const insertBookingIfRoom = statementTemplate((db, p: Placeholders<{ row: BookingRow; earliest: string; from: string; to: string; room: number }>) => {
  const columns = Object.keys(p.row) as (keyof BookingRow)[];
  const values = db
    .selectNoFrom(columns.map((c) => (p.row[c] as RawBuilder<unknown>).as(c)))
    .where((eb) => eb(seatsTaken(db, p.row.store_id, p.row.service_id, p.earliest, p.from, p.to), '<=', p.room));
  return db.insertInto('bookings').columns(columns).expression(values);
});

/** The request's Idempotency-Key answer (src/http/idempotency.ts RecordStatement). */
export interface Answer {
  /** What it writes, for a statement of ours (PostgreSQL). */
  readonly values: AnswerValues;
  /** On its own in the transaction: the rows it changed. */
  run(): Promise<number>;
}

/**
 * What holdingCapacity's bookings take: one entry per distinct time, its seats summed, in epoch
 * milliseconds.
 *
 * A 62-day availability answer on a grown store reads ~900 bookings, and handing them to JS row by
 * row (an object and two ISO strings each, parsed again) cost more than the whole rest of the answer.
 * So the database sums and packs them: one string "start,end,seats;…" in one row, its instants already
 * numbers (SQLite unixepoch, PostgreSQL extract(epoch)), read from the covering index
 * bookings_service_time_idx alone.
 */
export async function activeBookings(
  db: Db,
  storeId: string,
  serviceId: string,
  earliestStartIso: string,
  fromIso: string,
  toIso: string,
  exceptId?: string,
): Promise<BusyInterval[]> {
  const pg = isPostgres(db);
  const ms = (column: string) =>
    pg ? sql`round(extract(epoch from ${sql.ref(column)}::timestamptz) * 1000)::bigint` : sql`cast(round(unixepoch(${sql.ref(column)}, 'subsec') * 1000) as integer)`;
  let times = holdingCapacity(db, storeId, serviceId, earliestStartIso, fromIso, toIso).select((eb) => [
    ms('start_at').as('s'),
    ms('end_at').as('e'),
    eb.fn.sum<number>('quantity').as('q'),
  ]);
  if (exceptId) times = times.where('id', '!=', exceptId);
  const grouped = times.groupBy(['start_at', 'end_at']).as('t');
  const packed = pg ? sql<string | null>`string_agg(s || ',' || e || ',' || q, ';')` : sql<string | null>`group_concat(s || ',' || e || ',' || q, ';')`;
  const row = await db.selectFrom(grouped).select(packed.as('packed')).executeTakeFirst();
  if (!row?.packed) return [];
  return row.packed.split(';').map((entry) => {
    const [start, end, quantity] = entry.split(',');
    return { start: Number(start), end: Number(end), quantity: Number(quantity) };
  });
}

/** Updates only when the status is still `expectedStatus`; returns whether it did. */
export async function updateBookingIfStatus(db: Db, storeId: string, id: string, expectedStatus: string, patch: Partial<BookingRow>) {
  const result = await db
    .updateTable('bookings')
    .set(patch)
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('status', '=', expectedStatus as BookingRow['status'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const updatePaymentStatus = (db: Db, storeId: string, id: string, paymentStatus: BookingRow['payment_status'], now: string) =>
  db.updateTable('bookings').set({ payment_status: paymentStatus, updated_at: now }).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Which bookings an agenda lists: bookingDate in [fromDate, toDate]; one status, or every status but cancelled. */
export interface AgendaFilter {
  fromDate?: string;
  toDate?: string;
  status?: BookingRow['status'];
}

function agendaQuery(db: Db, storeId: string, f: AgendaFilter) {
  let q = db.selectFrom('bookings').where('store_id', '=', storeId);
  q = f.status ? q.where('status', '=', f.status) : q.where('status', '!=', 'cancelled');
  if (f.fromDate) q = q.where('booking_date', '>=', f.fromDate);
  if (f.toDate) q = q.where('booking_date', '<=', f.toDate);
  return q;
}

/** The first `limit` bookings of an agenda, soonest first. */
export const agendaBookings = (db: Db, storeId: string, f: AgendaFilter, limit: number) =>
  agendaQuery(db, storeId, f).selectAll().orderBy('start_at').orderBy('id').limit(limit).execute();

export async function countAgenda(db: Db, storeId: string, f: AgendaFilter): Promise<number> {
  const row = await agendaQuery(db, storeId, f).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bookings per status, optionally for bookingDate in [fromDate, toDate]. */
export function countByStatus(db: Db, storeId: string, fromDate?: string, toDate?: string) {
  let q = db.selectFrom('bookings').select(['status', (eb) => eb.fn.countAll<string | number>().as('count')]).where('store_id', '=', storeId);
  if (fromDate) q = q.where('booking_date', '>=', fromDate);
  if (toDate) q = q.where('booking_date', '<=', toDate);
  return q.groupBy('status').execute();
}

/** What reports read of the bookings with bookingDate in [fromDate, toDate] (store dates). */
export const bookingsForReport = (db: Db, storeId: string, fromDate: string, toDate: string) =>
  db
    .selectFrom('bookings')
    .select(['service_id', 'service_name', 'status', 'attendance', 'booking_date', 'booking_time', 'customer_id', 'quantity', 'payment_amount_minor'])
    .where('store_id', '=', storeId)
    .where('booking_date', '>=', fromDate)
    .where('booking_date', '<=', toDate)
    .execute();

/** Bookings that may be owed a reminder: confirmed (or moved), with an email, starting in (from, until]. */
/** Confirmed (or moved) bookings with a customer email starting in (from, until], by start, `limit` after `after` (start, id). */
export const confirmedStartingPage = (db: Db, from: string, until: string, limit: number, after: { startAt: string; id: string } | null) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('start_at', '>', from)
    .where('start_at', '<=', until)
    .where('status', 'in', ['confirmed', 'rescheduled'])
    .where('customer_email', 'is not', null)
    // Row values: both engines resume from the (start_at, id) index at the page's end.
    .$if(after !== null, (qb) => qb.where(({ eb, refTuple, tuple }) => eb(refTuple('start_at', 'id'), '>', tuple(after!.startAt, after!.id))))
    .orderBy('start_at')
    .orderBy('id')
    .limit(limit)
    .execute();

export const findBookingByManageToken = (db: Db, token: string) => db.selectFrom('bookings').selectAll().where('manage_token', '=', token).executeTakeFirst();

/** A person's time is locked in cells of half an hour (a day-long booking: about 50). */
export const PERSON_LOCK_CELL_MS = 30 * 60_000;

/**
 * PostgreSQL: takes, until the transaction ends, the advisory locks of the half-hour cells of
 * [fromMs, toMs) of each person in `staffIds`, in ascending key order (two bookings never wait for
 * each other crosswise). Every write that places or moves a booking of a person locks the range it
 * checks (the times it may take, widened by the service's buffer) first: two bookings whose ranges
 * overlap share a cell and are checked and written one at a time, while bookings of the same people
 * at other times go ahead side by side. SQLite needs no lock: its transactions already run one at a time.
 */
export async function lockStaff(db: Db, storeId: string, staffIds: string[], fromMs: number, toMs: number) {
  if (!isPostgres(db) || !staffIds.length) return;
  await sql`select ${lockStaffExpression(storeId, staffIds, fromMs, toMs)}`.execute(db);
}

/**
 * PostgreSQL: lockStaff as an expression (true once locked), for a statement that does other work too:
 * the booking's contact (customers.upsertFromContactAlongside), one round trip for both. The
 * statements after it see every booking committed by whoever held the locks before.
 */
export function lockStaffExpression(storeId: string, staffIds: string[], fromMs: number, toMs: number): RawBuilder<boolean> {
  const cells: number[] = [];
  for (let cell = Math.floor(fromMs / PERSON_LOCK_CELL_MS); cell <= Math.floor((toMs - 1) / PERSON_LOCK_CELL_MS); cell++) cells.push(cell);
  const keys = [...new Set(staffIds)]
    .flatMap((id) => cells.map((cell) => createHash('sha256').update(`${storeId}\u0000staff\u0000${id}\u0000${cell}`).digest().readBigInt64BE(0)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String);
  return sql<boolean>`(select count(pg_advisory_xact_lock(k)) >= 0 from unnest(${keys}::bigint[]) as k)`;
}

/** The bookings (not cancelled) of these people overlapping [fromIso, toIso), by person, in epoch ms. */
export async function staffBusy(db: Db, storeId: string, staffIds: string[], fromIso: string, toIso: string, exceptId?: string): Promise<Map<string, BusyInterval[]>> {
  const busy = new Map<string, BusyInterval[]>(staffIds.map((id) => [id, []]));
  if (!staffIds.length) return busy;
  let q = db
    .selectFrom('bookings')
    .select(['staff_id', 'start_at', 'end_at'])
    .where('store_id', '=', storeId)
    .where('staff_id', 'in', staffIds)
    .where('status', '!=', 'cancelled')
    // Bookings last at most a day: none starting two days before the window reaches it (bounds the index scan).
    .where('start_at', '>=', new Date(Date.parse(fromIso) - 2 * 24 * 3600_000).toISOString())
    .where('start_at', '<', toIso)
    .where('end_at', '>', fromIso);
  if (exceptId) q = q.where('id', '!=', exceptId);
  for (const row of await q.execute()) busy.get(row.staff_id!)?.push({ start: Date.parse(row.start_at), end: Date.parse(row.end_at), quantity: 1 });
  return busy;
}

/**
 * How many bookings (not cancelled) each of these people has starting in [fromIso, toIso) (a store
 * day): a range of bookings_staff_time_idx (store, person, start), not every booking the people ever had.
 */
export async function staffDayCounts(db: Db, storeId: string, staffIds: string[], fromIso: string, toIso: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!staffIds.length) return counts;
  const rows = await db
    .selectFrom('bookings')
    .select(['staff_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('store_id', '=', storeId)
    .where('staff_id', 'in', staffIds)
    .where('start_at', '>=', fromIso)
    .where('start_at', '<', toIso)
    .where('status', '!=', 'cancelled')
    .groupBy('staff_id')
    .execute();
  for (const row of rows) counts.set(row.staff_id!, Number(row.n));
  return counts;
}

export const insertBooking = (db: Db, row: BookingRow) => db.insertInto('bookings').values(row).execute();
