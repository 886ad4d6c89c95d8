import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Dialect } from './db/connect.ts';
import type { Notifier } from './db/notifier.ts';
import type { Tracing } from './ops/tracing.ts';
import type { StoresService } from './modules/stores/service.ts';
import type { KeysService } from './modules/developer/keys-service.ts';
import type { CatalogService } from './modules/catalog/service.ts';
import type { CustomersService } from './modules/customers/service.ts';
import type { EventsService } from './modules/events/service.ts';
import type { ContentService } from './modules/content/service.ts';
import type { BookingsService } from './modules/bookings/service.ts';
import type { CheckoutService } from './modules/checkout/service.ts';
import type { ReportingService } from './modules/reporting/service.ts';
import type { SyncService } from './modules/developer/sync-service.ts';
import type { BlogService } from './modules/blog/service.ts';
import type { MessagesService } from './modules/messages/service.ts';

/**
 * Module services, built once per app in app.ts. Modules call each other through these,
 * never through each other's repositories or tables.
 */
export interface Services {
  stores: StoresService;
  keys: KeysService;
  catalog: CatalogService;
  customers: CustomersService;
  events: EventsService;
  content: ContentService;
  bookings: BookingsService;
  checkout: CheckoutService;
  reporting: ReportingService;
  sync: SyncService;
  blog: BlogService;
  messages: MessagesService;
}

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  log: FastifyBaseLogger;
  notifier: Notifier;
  services: Services;
  /** Stop hooks for background work, run at shutdown (workers register here). Name them: a shutdown that times out logs the name of the one it waits on. */
  onClose: Array<() => Promise<void>>;
  /** What the app's shutdown waits on now ('' before it starts); logged when a shutdown times out. */
  closing: string;
  /** Counters for /metrics (src/ops/metrics.ts); null when metrics are off (nothing is counted). */
  metrics: MetricsHooks | null;
  /** Spans for OpenTelemetry (src/ops/tracing.ts); null when tracing is off. */
  tracing: Tracing | null;
}

/** What modules tell the metrics, when they are on. */
export interface MetricsHooks {
  webhookAttempt(outcome: 'succeeded' | 'retry' | 'failed', durationMs: number): void;
  messageOutcome(outcome: 'sent' | 'retry' | 'failed' | 'channel_down'): void;
  remindersQueued(count: number): void;
  /** A payment verified with its provider: when the customer came back, or before expiry. */
  paymentVerified(trigger: 'return' | 'expiry' | 'reconcile', outcome: 'success' | 'failed' | 'pending' | 'error'): void;
}
