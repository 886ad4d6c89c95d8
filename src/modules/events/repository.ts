// Queries of the events module. Every tenant query takes storeId explicitly.
import { sql, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres, type Executor } from '../../db/sql.ts';
import { statementTemplate, type Placeholders } from '../../db/template.ts';
import type { EventRow, WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.ts';

type Db = Executor<Database>;

export async function insertEndpoint(db: Db, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function findEndpoint(db: Db, storeId: string, endpointId: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('store_id', '=', storeId).where('id', '=', endpointId).executeTakeFirst();
}

export async function listEndpoints(db: Db, storeId: string): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('store_id', '=', storeId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Updates an endpoint; with `expectedSecret`, only if the secret is still that one. True when a row changed. */
export async function updateEndpoint(db: Db, storeId: string, endpointId: string, changes: Partial<WebhookEndpointRow>, expectedSecret?: string): Promise<boolean> {
  let query = db.updateTable('webhook_endpoints').set(changes).where('store_id', '=', storeId).where('id', '=', endpointId);
  if (expectedSecret !== undefined) query = query.where('secret', '=', expectedSecret);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEndpoint(db: Db, storeId: string, endpointId: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('store_id', '=', storeId).where('id', '=', endpointId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A store's enabled endpoint as an event's deliveries need it. */
export type EndpointRef = Pick<WebhookEndpointRow, 'id' | 'events'>;

/**
 * The store's enabled endpoints, as a query of `qc`: the db, a transaction, or a WITH of the caller's
 * whose data-modifying parts then run in the same statement.
 */
export function enabledEndpointsQuery<DB extends Database>(qc: QueryCreator<DB>, storeId: string | RawBuilder<string>) {
  return (qc as unknown as QueryCreator<Database>).selectFrom('webhook_endpoints').select(['id', 'events']).where('store_id', '=', storeId).where('enabled', '=', 1);
}


/**
 * Records an event and reads the store's enabled endpoints. On PostgreSQL that is one statement (a
 * data-modifying CTE runs whether or not the query reads it): one round trip less inside every
 * write that emits, which for bookings is time the service's capacity lock is held. SQLite: one
 * statement too, the endpoints read by its RETURNING clause.
 */
export async function insertEventListingEndpoints(db: Db, event: EventRow): Promise<EndpointRef[]> {
  if (!isPostgres(db)) {
    const { rows } = await insertEventReturningEndpoints(db, { event });
    return JSON.parse(rows[0]!.endpoints).map(([id, events]: [string, string]) => ({ id, events }));
  }
  return enabledEndpointsQuery(
    db.with('recorded', (qc) => qc.insertInto('events').values(event)),
    event.store_id,
  ).execute();
}

/**
 * SQLite: the event, returning the store's enabled endpoints as JSON ([[id, events], …]) from a
 * subquery of its RETURNING clause, which SQLite evaluates after the insert. Built once (template.ts).
 */
const insertEventReturningEndpoints = statementTemplate((db, p: Placeholders<{ event: EventRow }>) =>
  db
    .insertInto('events')
    .values(p.event)
    .returning(sql<string>`(select json_group_array(json_array(e.id, e.events)) from ${enabledEndpointsQuery(db, p.event.store_id)} as e)`.as('endpoints')),
);

export async function insertDeliveries(db: Db, rows: WebhookDeliveryRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/**
 * Leases up to `limit` due deliveries to `owner` until `leaseUntil`, in one statement:
 * WITH due AS MATERIALIZED (due, unleased or lease expired … LIMIT n) UPDATE … FROM due RETURNING id.
 * On PostgreSQL the CTE takes row locks with SKIP LOCKED, so concurrent workers split the due rows
 * without waiting on (or deadlocking over) each other. SQLite has a single writer. An expired lease
 * (a crashed worker) is taken over.
 */
export async function claimDue(db: Kysely<Database>, owner: string, now: string, leaseUntil: string, limit: number): Promise<string[]> {
  // Not `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`: when a row it meets was
  // changed by a concurrent claim, PostgreSQL re-checks the WHERE clause and runs the subquery again,
  // so one call could claim many more than `limit` (seen: 8 with a limit of 2, and a worker far over
  // its concurrency). A materialized CTE picks the candidates exactly once (SQLite ≥ 3.35 has it too).
  const claimed = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const due = qb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', 'in', ['pending', 'retrying'])
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('lease_expires_at', 'is', null), w('lease_expires_at', '<', now)]))
          .orderBy('next_attempt_at', 'asc')
          .limit(limit);
        return isPostgres(db) ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable('webhook_deliveries')
    .from('due')
    .set({ lease_owner: owner, lease_expires_at: leaseUntil })
    .whereRef('webhook_deliveries.id', '=', 'due.id')
    .returning('webhook_deliveries.id')
    .execute();
  return claimed.map((c) => c.id);
}

export interface LeasedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow | undefined;
  payload: string;
}

/** The leased deliveries with their event payloads and endpoints, in one query. */
export async function loadLeased(db: Db, deliveryIds: string[], owner: string): Promise<LeasedDelivery[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', (join) => join.onRef('e.id', '=', 'd.event_id').onRef('e.store_id', '=', 'd.store_id'))
    .leftJoin('webhook_endpoints as w', (join) => join.onRef('w.id', '=', 'd.endpoint_id').onRef('w.store_id', '=', 'd.store_id'))
    .selectAll('d')
    .select([
      'e.payload as payload',
      'w.id as w_id',
      'w.url as w_url',
      'w.description as w_description',
      'w.events as w_events',
      'w.secret as w_secret',
      'w.previous_secret as w_previous_secret',
      'w.previous_secret_expires_at as w_previous_secret_expires_at',
      'w.enabled as w_enabled',
      'w.disabled_reason as w_disabled_reason',
      'w.created_at as w_created_at',
      'w.updated_at as w_updated_at',
    ])
    .where('d.id', 'in', deliveryIds)
    .where('d.lease_owner', '=', owner)
    .execute();
  return rows.map((r) => {
    const { payload, w_id, w_url, w_description, w_events, w_secret, w_previous_secret, w_previous_secret_expires_at, w_enabled, w_disabled_reason, w_created_at, w_updated_at, ...delivery } = r;
    const endpoint: WebhookEndpointRow | undefined =
      w_id === null
        ? undefined
        : {
            id: w_id,
            store_id: delivery.store_id,
            url: w_url!,
            description: w_description,
            events: w_events!,
            secret: w_secret!,
            previous_secret: w_previous_secret,
            previous_secret_expires_at: w_previous_secret_expires_at,
            enabled: w_enabled!,
            disabled_reason: w_disabled_reason,
            created_at: w_created_at!,
            updated_at: w_updated_at!,
          };
    return { delivery: delivery as WebhookDeliveryRow, endpoint, payload };
  });
}

/** Applies the result of an attempt if `owner` still holds the lease; false when it does not. */
export async function finishAttempt(db: Db, deliveryId: string, owner: string, changes: Partial<WebhookDeliveryRow>): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...changes, lease_owner: null, lease_expires_at: null })
    .where('id', '=', deliveryId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, deliveryId: string, owner: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_expires_at: null }).where('id', '=', deliveryId).where('lease_owner', '=', owner).execute();
}

export async function insertAttempt(db: Db, row: WebhookAttemptRow): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

export async function listDeliveries(db: Db, storeId: string, endpointId: string, limit: number, after: [string, string] | null): Promise<WebhookDeliveryRow[]> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('store_id', '=', storeId).where('endpoint_id', '=', endpointId);
  if (after) {
    const [createdAt, id] = after;
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findDelivery(db: Db, storeId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('store_id', '=', storeId).where('endpoint_id', '=', endpointId).where('id', '=', deliveryId).executeTakeFirst();
}

/**
 * Reopens a finished (succeeded or failed), unleased delivery for a fresh round of `attempts`
 * attempts due at `now`, in one conditional statement (on PostgreSQL a concurrent change is
 * re-checked against the WHERE clause). The row as it now is, or undefined when it did not qualify.
 */
export async function reopenDelivery(db: Db, storeId: string, endpointId: string, deliveryId: string, now: string, attempts: number): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: 'pending' as const,
      // Right-hand sides read the row as it was: the new round starts after every attempt so far.
      schedule_base: eb.ref('attempt_count'),
      max_attempts: eb(eb.ref('attempt_count'), '+', attempts),
      next_attempt_at: now,
      terminal_reason: null,
      terminal_at: null,
      redelivery_count: eb(eb.ref('redelivery_count'), '+', 1),
      redelivered_at: now,
      updated_at: now,
    }))
    .where('store_id', '=', storeId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', deliveryId)
    .where('status', 'in', ['succeeded', 'failed'])
    .where((w) => w.or([w('lease_owner', 'is', null), w('lease_expires_at', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function attemptsOf(db: Db, storeId: string, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.selectFrom('webhook_attempts').selectAll().where('store_id', '=', storeId).where('delivery_id', 'in', deliveryIds).orderBy('attempt', 'asc').execute();
}

/**
 * Deletes events created before `before` that no delivery still waits on (pending or retrying);
 * their deliveries and attempts go with them (ON DELETE CASCADE). Returns how many events.
 */
export async function deleteEventsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('webhook_deliveries').select('webhook_deliveries.id').whereRef('webhook_deliveries.event_id', '=', 'events.id').where('webhook_deliveries.status', 'in', ['pending', 'retrying']))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deliveries of the store that failed for good at or after `since` (a redelivery that succeeded is no longer failed). */
function failedSince(db: Db, storeId: string, since: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', (join) => join.onRef('e.id', '=', 'd.endpoint_id').onRef('e.store_id', '=', 'd.store_id'))
    .where('d.store_id', '=', storeId)
    .where('d.status', '=', 'failed')
    .where('d.terminal_at', '>=', since);
}

export async function countFailedDeliveries(db: Db, storeId: string, since: string): Promise<number> {
  const row = await failedSince(db, storeId, since).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest failures first, with their endpoint's URL. */
export const latestFailedDeliveries = (db: Db, storeId: string, since: string, limit: number) =>
  failedSince(db, storeId, since)
    .select(['d.id', 'd.endpoint_id', 'd.event_id', 'd.event_type', 'd.attempt_count', 'd.terminal_reason', 'd.terminal_at', 'e.url'])
    .orderBy('d.terminal_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();

/** Per endpoint: how many failed and when the last did, most recent first. */
export const failedDeliveriesPerEndpoint = (db: Db, storeId: string, since: string) =>
  failedSince(db, storeId, since)
    .groupBy(['d.endpoint_id', 'e.url', 'e.enabled'])
    .select((eb) => ['d.endpoint_id', 'e.url', 'e.enabled', eb.fn.countAll<string | number>().as('count'), eb.fn.max('d.terminal_at').as('last_failed_at')])
    .orderBy('last_failed_at', 'desc')
    .execute();

/** Deliveries still waiting (pending, retrying) and given up, over every store; the oldest due time (metrics). */
export async function deliveryHealth(db: Db) {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => ['status', eb.fn.countAll<string | number>().as('n'), eb.fn.min('next_attempt_at').as('oldest_due')])
    .where('status', 'in', ['pending', 'retrying', 'failed'])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n), oldestDueAt: (r.oldest_due as string | null) ?? null }));
}
