// Transactional outbox: emit() writes the event in the caller's transaction, so an event
// exists exactly when the change that caused it committed. In the same transaction it queues
// one delivery per matching enabled endpoint of the store (unique per endpoint and event), so a
// committed event is never lost and never queued twice. The delivery worker sends them.
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { isPostgres, type Executor } from '../../db/sql.ts';
import { signalExpression } from '../../db/notifier.ts';
import type { Database } from '../../db/database.ts';
import { newId, randomToken } from '../../shared/ids.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { conflict, notFound, validationFailed, type ErrorDetail } from '../../shared/errors.ts';
import { decideOutcome, delayBefore, sendSigned, type AttemptResult, type DeliveryAgents } from './delivery.ts';
import { checkTarget, TargetRefused } from './ssrf.ts';
import * as repo from './repository.ts';
import type { EventRow, WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.ts';

export const EVENT_TYPES = [
  'booking.created',
  'booking.updated',
  'order.created',
  'order.updated',
  'order.paid',
  'order.payment_failed',
  'blog.post.published',
  'blog.post.updated',
  'blog.post.unpublished',
  'catalog.sync.succeeded',
  'catalog.sync.failed',
  'catalog.rolled_back',
  'catalog.item.created',
  'catalog.item.updated',
  'catalog.item.deleted',
  'customer.created',
  'order.refunded',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventEnvelope<T = unknown> {
  id: string;
  type: EventType;
  createdAt: string;
  storeId: string;
  data: T;
}

/** Notifier topic that wakes delivery workers. */
export const DELIVERY_TOPIC = 'webhook-deliveries';

export interface WebhookEndpoint {
  endpointId: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  /** Until when deliveries are also signed with the secret the last rotation replaced; null when they are not. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** How long a rotated-out secret keeps signing deliveries beside the new one. */
export const SECRET_OVERLAP_SECONDS = 24 * 3600;

/** The secrets a delivery made now is signed with: the current one, and the previous one until it expires. */
export function signingSecrets(row: Pick<WebhookEndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>, now = nowIso()): string[] {
  return row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now ? [row.secret, row.previous_secret] : [row.secret];
}

export interface DeliveryAttempt {
  attempt: number;
  attemptedAt: string;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  responseBodyExcerpt: string | null;
}

export interface PlannedAttempt {
  attempt: number;
  delaySeconds: number;
  at: string | null;
  state: 'attempted' | 'planned' | 'cancelled';
}

export interface Delivery {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryRow['status'];
  attemptCount: number;
  maxAttempts: number;
  nextAttemptAt: string | null;
  retrySchedule: PlannedAttempt[];
  attempts: DeliveryAttempt[];
  terminalFailure: { reason: string; at: string } | null;
  redeliveryCount: number;
  redeliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateEndpointInput {
  url: string;
  events?: string[];
  description?: string | null;
}

export interface UpdateEndpointInput {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
  rotateSecret?: boolean;
}

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(randomToken(32), 'base64url').toString('base64')}`;
}

export function endpointWants(events: string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    endpointId: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    previousSecretExpiresAt: signingSecrets(row).length > 1 ? row.previous_secret_expires_at : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAttempt(row: WebhookAttemptRow): DeliveryAttempt {
  return {
    attempt: row.attempt,
    attemptedAt: row.attempted_at,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
    responseBodyExcerpt: row.response_body_excerpt,
  };
}

/**
 * The current retry schedule (after a redelivery, the fresh one): its past attempts with their
 * times, the next one at nextAttemptAt, later ones estimated from the schedule.
 */
export function planAttempts(row: WebhookDeliveryRow, attempts: DeliveryAttempt[], schedule: number[]): PlannedAttempt[] {
  const plan: PlannedAttempt[] = [];
  const open = row.status === 'pending' || row.status === 'retrying';
  let estimate = row.next_attempt_at ? Date.parse(row.next_attempt_at) : null;
  for (let n = row.schedule_base + 1; n <= row.max_attempts; n++) {
    const delaySeconds = delayBefore(schedule, n - row.schedule_base);
    const done = attempts.find((a) => a.attempt === n);
    if (done) {
      plan.push({ attempt: n, delaySeconds, at: done.attemptedAt, state: 'attempted' });
    } else if (open && estimate !== null) {
      if (n > row.attempt_count + 1) estimate += delaySeconds * 1000;
      plan.push({ attempt: n, delaySeconds, at: new Date(estimate).toISOString(), state: 'planned' });
    } else {
      plan.push({ attempt: n, delaySeconds, at: null, state: 'cancelled' });
    }
  }
  return plan;
}

function toDelivery(row: WebhookDeliveryRow, attempts: DeliveryAttempt[], schedule: number[]): Delivery {
  return {
    deliveryId: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attemptCount: row.attempt_count,
    maxAttempts: row.max_attempts,
    nextAttemptAt: row.next_attempt_at,
    retrySchedule: planAttempts(row, attempts, schedule),
    attempts,
    terminalFailure: row.terminal_reason && row.terminal_at ? { reason: row.terminal_reason, at: row.terminal_at } : null,
    redeliveryCount: row.redelivery_count,
    redeliveredAt: row.redelivered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function checkEvents(events: unknown[] | undefined, details: ErrorDetail[]): string[] {
  if (events === undefined) return ['*'];
  const known = new Set<string>([...EVENT_TYPES, '*']);
  events.forEach((e, i) => {
    if (typeof e !== 'string' || !known.has(e)) details.push({ field: `events.${i}`, message: `unknown event type; use "*" or one of ${EVENT_TYPES.join(', ')}` });
  });
  if (events.length === 0) details.push({ field: 'events', message: 'must list at least one event type, or "*"' });
  return [...new Set(events as string[])];
}

/** The columns a rotation at `now` sets besides the new secret: the replaced secret becomes the previous one. */
function rotation(current: WebhookEndpointRow, now: string): Partial<WebhookEndpointRow> {
  return { previous_secret: current.secret, previous_secret_expires_at: addSeconds(now, SECRET_OVERLAP_SECONDS) };
}

export function createEventsService(ctx: AppContext) {
  const config = ctx.config;

  async function checkUrl(url: string, details: ErrorDetail[]): Promise<void> {
    try {
      await checkTarget(url, config.webhookAllowPrivateTargets);
    } catch (error) {
      if (!(error instanceof TargetRefused)) throw error;
      details.push({ field: 'url', message: error.message });
    }
  }

  async function endpointOrThrow(storeId: string, endpointId: string): Promise<WebhookEndpointRow> {
    const row = await repo.findEndpoint(ctx.db, storeId, endpointId);
    if (!row) throw notFound('not-found', 'No webhook endpoint with this id in this store.');
    return row;
  }

  /**
   * Makes one attempt of a delivery this caller has leased, records it, and decides what follows
   * (success, retry at a time, terminal failure, endpoint disabled on 410).
   */
  async function attemptLeased(leased: repo.LeasedDelivery, owner: string, agents?: DeliveryAgents, signal?: AbortSignal): Promise<{ delivery: WebhookDeliveryRow; result: AttemptResult | null }> {
    const { delivery, endpoint, payload } = leased;
    const deliveryId = delivery.id;
    const now = nowIso();
    if (!endpoint || endpoint.enabled !== 1) {
      const reason = endpoint ? `endpoint disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}` : 'endpoint deleted';
      const changes = { status: 'failed' as const, next_attempt_at: null, terminal_reason: reason, terminal_at: now, updated_at: now };
      await repo.finishAttempt(ctx.db, deliveryId, owner, changes);
      return { delivery: { ...delivery, ...changes }, result: null };
    }
    const send = () => sendSigned(endpoint.url, signingSecrets(endpoint), delivery.event_id, payload, { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivateTargets, agents, signal });
    const result = await (ctx.tracing ? ctx.tracing.span('webhook delivery', { 'webhook.event_type': delivery.event_type, 'webhook.attempt': delivery.attempt_count + 1 }, send) : send());
    const attempt = delivery.attempt_count + 1;
    const attemptedAt = new Date(Date.now() - result.durationMs).toISOString();
    const finishedAt = nowIso();
    // Waits and the give-up point count within the current round (a redelivery starts a fresh one).
    const base = delivery.schedule_base;
    const outcome = decideOutcome(result, attempt - base, delivery.max_attempts - base, config.webhookRetrySchedule, Date.now());
    const changes: Partial<WebhookDeliveryRow> = { attempt_count: attempt, updated_at: finishedAt };
    if (outcome.kind === 'succeeded') Object.assign(changes, { status: 'succeeded', next_attempt_at: null });
    else if (outcome.kind === 'retry') Object.assign(changes, { status: 'retrying', next_attempt_at: outcome.nextAttemptAt });
    else Object.assign(changes, { status: 'failed', next_attempt_at: null, terminal_reason: outcome.reason, terminal_at: finishedAt });
    const applied = await ctx.db.transaction().execute(async (trx) => {
      const ok = await repo.finishAttempt(trx, deliveryId, owner, changes);
      if (!ok) return false;
      await repo.insertAttempt(trx, {
        delivery_id: deliveryId,
        attempt,
        store_id: delivery.store_id,
        attempted_at: attemptedAt,
        response_status: result.responseStatus,
        duration_ms: result.durationMs,
        error: result.error,
        response_body_excerpt: result.responseBodyExcerpt,
      });
      if (outcome.kind === 'failed' && outcome.disableEndpoint) {
        await repo.updateEndpoint(trx, delivery.store_id, delivery.endpoint_id, { enabled: 0, disabled_reason: 'the endpoint answered 410 Gone', updated_at: finishedAt });
      }
      return true;
    });
    if (!applied) ctx.log.warn({ deliveryId }, 'webhook delivery lease was lost during an attempt; result not recorded');
    else ctx.metrics?.webhookAttempt(outcome.kind, result.durationMs);
    return { delivery: { ...delivery, ...changes }, result };
  }

  const service = {
    /** Webhook deliveries waiting and given up over every store (metrics). */
    deliveryHealth: () => repo.deliveryHealth(ctx.db),

    /**
     * Housekeeping: deletes events older than EVENT_RETENTION_DAYS with their delivery history,
     * keeping any event a delivery still waits on. Returns how many events.
     */
    async pruneEvents(now = Date.now()): Promise<number> {
      return repo.deleteEventsBefore(ctx.db, new Date(now - config.eventRetentionDays * 86_400_000).toISOString());
    },

    /** Records an event inside `trx` (pass the transaction of the change) and queues its deliveries. */
    async emit<T>(trx: Executor<Database>, storeId: string, type: EventType, data: T): Promise<EventEnvelope<T>> {
      const event = service.newEvent(storeId, type, data);
      await service.queueDeliveries(trx, event.envelope, await repo.insertEventListingEndpoints(trx, event.row));
      return event.envelope;
    },

    /**
     * emit in two halves, for a change that records its event in its own statement (one round trip
     * on PostgreSQL, see repo.insertEventListingEndpoints): the event and its row, then
     * queueDeliveries with the store's enabled endpoints that statement listed.
     */
    newEvent<T>(storeId: string, type: EventType, data: T): { envelope: EventEnvelope<T>; row: EventRow } {
      const envelope: EventEnvelope<T> = { id: newId('evt'), type, createdAt: nowIso(), storeId, data };
      return { envelope, row: { id: envelope.id, store_id: storeId, type, payload: JSON.stringify(envelope), created_at: envelope.createdAt } };
    },

    /** Queues a recorded event's deliveries, in the event's transaction, to those of `all` (the store's enabled endpoints) that want it. */
    async queueDeliveries(trx: Executor<Database>, envelope: EventEnvelope, all: repo.EndpointRef[]): Promise<void> {
      const { storeId, type } = envelope;
      const endpoints = all.filter((e) => endpointWants(JSON.parse(e.events) as string[], type));
      if (endpoints.length === 0) return;
      const schedule = config.webhookRetrySchedule;
      const due = new Date(Date.parse(envelope.createdAt) + delayBefore(schedule, 1) * 1000).toISOString();
      await repo.insertDeliveries(
        trx,
        endpoints.map((e) => ({
          id: newId('dlv'),
          store_id: storeId,
          endpoint_id: e.id,
          event_id: envelope.id,
          event_type: type,
          status: 'pending' as const,
          attempt_count: 0,
          max_attempts: schedule.length,
          schedule_base: 0,
          redelivery_count: 0,
          redelivered_at: null,
          next_attempt_at: due,
          lease_owner: null,
          lease_expires_at: null,
          terminal_reason: null,
          terminal_at: null,
          created_at: envelope.createdAt,
          updated_at: envelope.createdAt,
        })),
      );
      // Wake the workers once this commits. PostgreSQL delivers a NOTIFY issued in a transaction
      // at commit (to every instance). SQLite is one process whose queries queue behind the open
      // transaction, so a local nudge now is seen by a worker query that runs after the commit.
      if (isPostgres(trx)) {
        await sql`SELECT ${signalExpression(DELIVERY_TOPIC, storeId)}`.execute(trx);
      } else {
        await ctx.notifier.publish(DELIVERY_TOPIC, storeId);
      }
    },

    async createEndpoint(storeId: string, input: CreateEndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const details: ErrorDetail[] = [];
      const events = checkEvents(input.events, details);
      await checkUrl(input.url, details);
      if (details.length > 0) throw validationFailed(details);
      const now = nowIso();
      const secret = newWebhookSecret();
      const row: WebhookEndpointRow = {
        id: newId('whe'),
        store_id: storeId,
        url: input.url,
        description: input.description ?? null,
        events: JSON.stringify(events),
        secret,
        previous_secret: null,
        previous_secret_expires_at: null,
        enabled: 1,
        disabled_reason: null,
        created_at: now,
        updated_at: now,
      };
      await repo.insertEndpoint(ctx.db, row);
      return { endpoint: toEndpoint(row), secret };
    },

    async listEndpoints(storeId: string): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpoints(ctx.db, storeId)).map(toEndpoint);
    },

    async updateEndpoint(storeId: string, endpointId: string, input: UpdateEndpointInput): Promise<{ endpoint: WebhookEndpoint; secret?: string }> {
      const current = await endpointOrThrow(storeId, endpointId);
      const details: ErrorDetail[] = [];
      const changes: Partial<WebhookEndpointRow> = {};
      if (input.events !== undefined) changes.events = JSON.stringify(checkEvents(input.events, details));
      if (input.url !== undefined) {
        await checkUrl(input.url, details);
        changes.url = input.url;
      }
      if (details.length > 0) throw validationFailed(details);
      if (input.description !== undefined) changes.description = input.description;
      if (input.enabled !== undefined) {
        changes.enabled = input.enabled ? 1 : 0;
        changes.disabled_reason = input.enabled ? null : 'disabled by the store';
      }
      let secret: string | undefined;
      changes.updated_at = nowIso();
      if (input.rotateSecret) Object.assign(changes, rotation(current, changes.updated_at), { secret: (secret = newWebhookSecret()) });
      // A rotation only applies over the secret it read: of two racing rotations one gets 409,
      // so no caller is ever handed a secret that was immediately replaced.
      const applied = await repo.updateEndpoint(ctx.db, storeId, endpointId, changes, secret ? current.secret : undefined);
      if (!applied) {
        if (secret) throw conflict('conflict', 'The secret was rotated by another request at the same time; list the endpoint and rotate again if needed.');
        throw notFound('not-found', 'No webhook endpoint with this id in this store.');
      }
      return { endpoint: toEndpoint({ ...current, ...changes }), ...(secret ? { secret } : {}) };
    },

    /**
     * A new secret for the endpoint, returned once. The secret it replaces keeps signing deliveries,
     * beside the new one, for SECRET_OVERLAP_SECONDS; a secret replaced earlier (a second rotation
     * within that time) stops at once: only the latest previous secret is kept. Of two racing
     * rotations one gets 409 conflict (as PATCH rotateSecret).
     */
    async rotateSecret(storeId: string, endpointId: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const { endpoint, secret } = await service.updateEndpoint(storeId, endpointId, { rotateSecret: true });
      return { endpoint, secret: secret! };
    },

    async deleteEndpoint(storeId: string, endpointId: string): Promise<void> {
      if (!(await repo.deleteEndpoint(ctx.db, storeId, endpointId))) throw notFound('not-found', 'No webhook endpoint with this id in this store.');
    },

    /** One signed webhook.test attempt to this endpoint now (no retries), recorded in its history. */
    async sendTest(storeId: string, endpointId: string) {
      const endpoint = await endpointOrThrow(storeId, endpointId);
      const owner = newId('test');
      const now = nowIso();
      const envelope: EventEnvelope = { id: newId('evt'), type: 'webhook.test', createdAt: now, storeId, data: { endpointId, message: 'This is a test event.' } };
      const deliveryId = newId('dlv');
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('events').values({ id: envelope.id, store_id: storeId, type: envelope.type, payload: JSON.stringify(envelope), created_at: now }).execute();
        await repo.insertDeliveries(trx, [{
          id: deliveryId,
          store_id: storeId,
          endpoint_id: endpoint.id,
          event_id: envelope.id,
          event_type: envelope.type,
          status: 'pending',
          attempt_count: 0,
          max_attempts: 1,
          schedule_base: 0,
          redelivery_count: 0,
          redelivered_at: null,
          next_attempt_at: now,
          // Leased by this request from the start, so no worker sends it too.
          lease_owner: owner,
          lease_expires_at: new Date(Date.now() + config.webhookTimeoutMs + 60_000).toISOString(),
          terminal_reason: null,
          terminal_at: null,
          created_at: now,
          updated_at: now,
        }]);
      });
      const [leased] = await repo.loadLeased(ctx.db, [deliveryId], owner);
      const outcome = leased ? await attemptLeased(leased, owner) : null;
      return {
        deliveryId,
        eventId: envelope.id,
        status: outcome?.delivery.status ?? 'failed',
        responseStatus: outcome?.result?.responseStatus ?? null,
        durationMs: outcome?.result?.durationMs ?? null,
        error: outcome?.result ? outcome.result.error : (outcome?.delivery.terminal_reason ?? null),
      };
    },

    async listDeliveries(storeId: string, endpointId: string, query: { limit?: number; cursor?: string }): Promise<{ deliveries: Delivery[]; nextCursor: string | null }> {
      await endpointOrThrow(storeId, endpointId);
      const limit = query.limit ?? 20;
      const after = decodeCursor(query.cursor, 2) as [string, string] | null;
      const rows = await repo.listDeliveries(ctx.db, storeId, endpointId, limit + 1, after);
      const page = rows.slice(0, limit);
      const attempts = await repo.attemptsOf(ctx.db, storeId, page.map((r) => r.id));
      const deliveries = page.map((row) => toDelivery(row, attempts.filter((a) => a.delivery_id === row.id).map(toAttempt), config.webhookRetrySchedule));
      const last = page[page.length - 1];
      return { deliveries, nextCursor: rows.length > limit && last ? encodeCursor([last.created_at, last.id]) : null };
    },

    /**
     * Sends a finished (succeeded or failed) delivery again: the same event, so the same
     * webhook-id, due now with a fresh retry schedule; the worker makes the attempts and the
     * history keeps the earlier ones. Pending and retrying deliveries are refused (409): they are
     * still on their schedule and may have an attempt in flight. So are deliveries of a disabled
     * endpoint (the worker would fail them at once). 404 for another endpoint's or store's delivery.
     */
    async redeliver(storeId: string, endpointId: string, deliveryId: string): Promise<Delivery> {
      const endpoint = await endpointOrThrow(storeId, endpointId);
      const row = await repo.findDelivery(ctx.db, storeId, endpointId, deliveryId);
      if (!row) throw notFound('not-found', 'No delivery with this id for this webhook endpoint.');
      if (endpoint.enabled !== 1) {
        throw conflict('conflict', `The endpoint is disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}; enable it (PATCH {"enabled": true}) before redelivering.`);
      }
      const now = nowIso();
      const schedule = config.webhookRetrySchedule;
      // Reopened only while still finished and unleased, in one statement: of concurrent
      // redeliveries one wins, and a delivery a worker holds is never touched.
      const reopened = await repo.reopenDelivery(ctx.db, storeId, endpointId, deliveryId, now, schedule.length);
      if (!reopened) {
        const current = await repo.findDelivery(ctx.db, storeId, endpointId, deliveryId);
        if (!current) throw notFound('not-found', 'No delivery with this id for this webhook endpoint.');
        throw conflict('conflict', `This delivery is ${current.status}: it is still on its retry schedule. Only succeeded or failed deliveries can be redelivered.`);
      }
      await ctx.notifier.publish(DELIVERY_TOPIC, storeId);
      const attempts = (await repo.attemptsOf(ctx.db, storeId, [deliveryId])).map(toAttempt);
      return toDelivery(reopened, attempts, schedule);
    },

    /**
     * For the console's Today page: deliveries that failed for good since `since` (and are not
     * redelivered since): how many, the latest `limit`, and how many per endpoint.
     */
    async failedDeliveries(storeId: string, since: string, limit: number) {
      const [count, latest, endpoints] = await Promise.all([
        repo.countFailedDeliveries(ctx.db, storeId, since),
        repo.latestFailedDeliveries(ctx.db, storeId, since, limit),
        repo.failedDeliveriesPerEndpoint(ctx.db, storeId, since),
      ]);
      return {
        count,
        items: latest.map((r) => ({
          deliveryId: r.id,
          endpointId: r.endpoint_id,
          url: r.url,
          eventId: r.event_id,
          eventType: r.event_type,
          attemptCount: Number(r.attempt_count),
          reason: r.terminal_reason,
          failedAt: r.terminal_at as string,
        })),
        endpoints: endpoints.map((r) => ({ endpointId: r.endpoint_id, url: r.url, enabled: Number(r.enabled) === 1, count: Number(r.count), lastFailedAt: r.last_failed_at as string })),
      };
    },

    attemptLeased,
  };
  return service;
}

export type EventsService = ReturnType<typeof createEventsService>;
