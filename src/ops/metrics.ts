// GET /metrics in Prometheus's text format (prom-client), when METRICS_TOKEN is set (Bearer) or on
// METRICS_PORT. Requests by route template and status with a latency histogram; what waits in the
// message outbox and the webhook queue and how old the oldest is; message, webhook and reminder
// outcomes; backups; the PostgreSQL pool; Node's process metrics. Labels never carry a store id, a
// key or a customer's data: routes are templates (/api/stores/:storeId/…), statuses are numbers.
// Off (neither setting): nothing is registered and no request pays for it.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext, MetricsHooks } from '../context.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { AppError } from '../shared/errors.ts';
import { backupListeners, lastBackupOutcome, type BackupOutcome } from './backup-schedule.ts';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface Metrics {
  registry: Registry;
  hooks: MetricsHooks;
  /** The exposition text (collects the gauges read at scrape time first). */
  render(): Promise<string>;
  /** Counts one answered request (its route template and status) and how long it took. */
  observeRequest(request: FastifyRequest, status: number, seconds: number): void;
}

const ageSeconds = (iso: string | null) => (iso ? Math.max(0, (Date.now() - Date.parse(iso)) / 1000) : 0);

export function createMetrics(ctx: AppContext, database: Pick<DatabaseHandle, 'pgPool'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = requestSeries();

  const messages = new Counter({ name: 'store_messages_total', help: 'Message send attempts by outcome (sent, retry, failed, channel_down)', labelNames: ['outcome'], registers: [registry] });
  const reminders = new Counter({ name: 'store_reminders_queued_total', help: 'Booking reminders queued', registers: [registry] });
  const attempts = new Counter({ name: 'store_webhook_attempts_total', help: 'Webhook delivery attempts by outcome (succeeded, retry, failed)', labelNames: ['outcome'], registers: [registry] });
  const attemptTime = new Histogram({ name: 'store_webhook_attempt_duration_seconds', help: 'Time a webhook receiver took to answer', buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry] });
  const verifications = new Counter({
    name: 'store_payment_reconciliations_total',
    help: 'Payments verified with their provider (trigger: return from the payment page, expiry, reconcile: the scheduled status check), by what the provider said (success, failed, pending, error: unreachable)',
    labelNames: ['trigger', 'outcome'],
    registers: [registry],
  });
  const backupFailures = new Counter({ name: 'store_backup_failures_total', help: 'Backups that failed (this process)', registers: [registry] });
  const backupListener = (outcome: BackupOutcome) => {
    if (!outcome.ok) backupFailures.inc();
  };
  backupListeners.add(backupListener);
  ctx.onClose.push(async function metrics() {
    backupListeners.delete(backupListener);
  });

  // Gauges are collected side by side: each pair shares one read per scrape.
  const once = <T>(read: () => Promise<T>) => {
    let last: { at: number; value: Promise<T> } | null = null;
    return () => {
      if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), value: read() };
      return last.value;
    };
  };
  const outbox = once(() => ctx.services.messages.outboxHealth());
  const deliveries = once(() => ctx.services.events.deliveryHealth());
  new Gauge({
    name: 'store_outbox_messages',
    help: 'Messages waiting to be sent (pending) and given up (failed), all stores',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const health = await outbox();
      this.set({ status: 'pending' }, health.pending);
      this.set({ status: 'failed' }, health.failed);
    },
  });
  new Gauge({
    name: 'store_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest message waiting to be sent (0: none)',
    registers: [registry],
    async collect() {
      this.set(ageSeconds((await outbox()).oldestPendingAt));
    },
  });
  new Gauge({
    name: 'store_webhook_deliveries',
    help: 'Webhook deliveries waiting (pending, retrying) and given up (failed), all stores',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await deliveries();
      for (const status of ['pending', 'retrying', 'failed']) this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
    },
  });
  new Gauge({
    name: 'store_webhook_oldest_overdue_seconds',
    help: 'How long the most overdue webhook delivery has waited past its time (0: none)',
    registers: [registry],
    async collect() {
      const due = (await deliveries()).filter((r) => r.status !== 'failed' && r.oldestDueAt).map((r) => r.oldestDueAt!).sort()[0] ?? null;
      this.set(due && Date.parse(due) < Date.now() ? ageSeconds(due) : 0);
    },
  });
  const lastBackup = once(() => lastBackupOutcome(ctx));
  const backupGauge = (name: string, help: string, valueOf: (outcome: BackupOutcome) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const outcome = await lastBackup();
        const value = outcome ? valueOf(outcome) : null;
        if (value !== null) this.set(value);
      },
    });
  backupGauge('store_backup_last_success_timestamp_seconds', 'When the last backup the server made succeeded', (o) => (o.ok ? Date.parse(o.at) / 1000 : null));
  backupGauge('store_backup_last_failed', '1 when the last backup the server tried failed', (o) => (o.ok ? 0 : 1));
  backupGauge('store_backup_last_duration_seconds', 'How long the last successful backup took', (o) => (o.ok ? o.durationMs / 1000 : null));
  backupGauge('store_backup_last_size_bytes', 'Size of the last successful backup archive', (o) => (o.ok ? (o.bytes ?? 0) : null));
  if (database.pgPool) {
    const pool = database.pgPool;
    new Gauge({
      name: 'store_db_pool_connections',
      help: 'PostgreSQL pool of this process: connections open (total), idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const hooks: MetricsHooks = {
    webhookAttempt(outcome, durationMs) {
      attempts.inc({ outcome });
      attemptTime.observe(durationMs / 1000);
    },
    messageOutcome(outcome) {
      messages.inc({ outcome });
    },
    remindersQueued(count) {
      reminders.inc(count);
    },
    paymentVerified(trigger, outcome) {
      verifications.inc({ trigger, outcome });
    },
  };

  return {
    registry,
    hooks,
    render: async () => requests.render() + (await registry.metrics()),
    observeRequest: requests.observe,
  };
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: string;
  count: number;
  sum: number;
  /** Per bucket (not cumulative); the last is +Inf. */
  buckets: Float64Array;
}

/** Prometheus label value: backslash, double quote and newline escaped. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Request counts and latencies, kept in plain counters per route and status and written out at
 * scrape time: prom-client's labelled metrics hash their labels on every observation, which cost
 * ~8% of the bare route's CPU; this costs a map lookup and a few additions.
 */
function requestSeries() {
  // Per route (its Fastify route config object, or the route's template) and status.
  const byRoute = new WeakMap<object, Map<number, Series>>();
  const byTemplate = new Map<string, Map<number, Series>>();
  const all: Series[] = [];
  const seriesOf = (routes: Map<number, Series>, method: string, route: string, status: number) => {
    let series = routes.get(status);
    if (!series) {
      series = { labels: `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`, count: 0, sum: 0, buckets: new Float64Array(LATENCY_BUCKETS.length + 1) };
      routes.set(status, series);
      all.push(series);
    }
    return series;
  };
  return {
    observe(request: FastifyRequest, status: number, seconds: number) {
      const config = routeConfigOf(request);
      let routes = config ? byRoute.get(config) : byTemplate.get(`${request.method} unmatched`);
      if (!routes) {
        routes = new Map();
        if (config) byRoute.set(config, routes);
        else byTemplate.set(`${request.method} unmatched`, routes);
      }
      const series = seriesOf(routes, request.method, config?.url ?? 'unmatched', status);
      series.count += 1;
      series.sum += seconds;
      let i = 0;
      while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
      series.buckets[i] += 1;
    },
    render(): string {
      const out = [
        '# HELP http_requests_total HTTP requests answered, by method, route template and status',
        '# TYPE http_requests_total counter',
        ...all.map((s) => `http_requests_total{${s.labels}} ${s.count}`),
        '# HELP http_request_duration_seconds Time to answer, by method, route template and status',
        '# TYPE http_request_duration_seconds histogram',
      ];
      for (const s of all) {
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, i) => {
          cumulative += s.buckets[i];
          out.push(`http_request_duration_seconds_bucket{${s.labels},le="${bound}"} ${cumulative}`);
        });
        out.push(`http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
        out.push(`http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
        out.push(`http_request_duration_seconds_count{${s.labels}} ${s.count}`);
      }
      return `${out.join('\n')}\n`;
    },
  };
}

// The route's config object (Fastify's internal kRouteContext): one per route, with its template as
// `url`. request.routeOptions builds a new object with a dozen fields at every read.
const kRouteContext: symbol | null = (() => {
  try {
    const symbol = (createRequire(import.meta.url)('fastify/lib/symbols.js') as { kRouteContext?: unknown }).kRouteContext;
    return typeof symbol === 'symbol' ? symbol : null;
  } catch {
    return null;
  }
})();

function routeConfigOf(request: FastifyRequest): { url?: string } | null {
  if (kRouteContext) {
    const config = (request as unknown as Record<symbol, { config?: { url?: string } } | undefined>)[kRouteContext]?.config;
    return config?.url ? config : null;
  }
  const url = request.routeOptions?.url;
  return url ? (request.routeOptions.config as { url?: string }) : null;
}

/** Constant-time comparison of the Bearer token with METRICS_TOKEN (both hashed to one length first). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b) && sent.length > 0;
}

/**
 * With METRICS_TOKEN, serves GET /metrics on the app itself behind that Bearer token. (Requests are
 * counted by the in-flight tracker's onResponse hook, src/http/in-flight.ts: no hook of their own.)
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, metrics: Metrics): void {
  const token = ctx.config.metricsToken;
  if (!token) return;
  app.get('/metrics', {
    schema: {
      tags: ['operations'],
      summary: 'Prometheus metrics (text format): requests by route and status with latency, message and webhook queues, backups, the database pool, process metrics. Only with METRICS_TOKEN set; send it as Authorization: Bearer.',
      security: [{ bearer: [] }],
      response: { 200: { type: 'string', description: 'Prometheus text exposition format 0.0.4' } },
    },
  }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) throw new AppError(401, 'unauthorized', 'Send METRICS_TOKEN as Authorization: Bearer.');
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE).send(text);
  });
}
