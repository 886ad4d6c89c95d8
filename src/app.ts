// buildApp(config, deps): the whole service as a Fastify instance. No listen, no env reads.
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { AppContext, Services } from './context.ts';
import type { DatabaseHandle } from './db/connect.ts';
import { createNotifier, type Notifier } from './db/notifier.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerInputRules } from './http/input-rules.ts';
import { registerRequestContext } from './http/contract-version.ts';
import { registerRateLimit, type RateLimits } from './http/rate-limit.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serializeRequest } from './http/log-redaction.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Tracing } from './ops/tracing.ts';
import { trackInFlight } from './http/in-flight.ts';
import { registerValidation } from './http/validation.ts';
import { LazyCompilations } from './http/lazy-compile.ts';
import { healthRoutes } from './http/health.ts';
import { registerConsole } from './http/console.ts';
import { sessionTokenOf } from './http/auth.ts';
import { sdkPackageRoutes } from './http/sdk-package.ts';
import { demoAssetRoutes } from './seed/demo-assets.ts';
import { newId } from './shared/ids.ts';
import { createStoresService } from './modules/stores/service.ts';
import { createKeysService } from './modules/developer/keys-service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCustomersService } from './modules/customers/service.ts';
import { createEventsService } from './modules/events/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createBookingsService } from './modules/bookings/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createReportingService } from './modules/reporting/service.ts';
import { createSyncService } from './modules/developer/sync-service.ts';
import { createBlogService } from './modules/blog/service.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { storesRoutes } from './modules/stores/routes.ts';
import { developerRoutes } from './modules/developer/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { customersRoutes } from './modules/customers/routes.ts';
import { bookingsRoutes } from './modules/bookings/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { reportingRoutes } from './modules/reporting/routes.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { storefrontRoutes } from './modules/storefront/routes.ts';
import { messagesRoutes } from './modules/messages/routes.ts';
import { trustProxyOption } from './http/client-address.ts';

export interface AppDeps {
  database: DatabaseHandle;
  /** Shared rate-limit counters; null keeps them in this process. */
  redis?: Redis | null;
  /** Pino options or a logger instance; false silences logs (tests). */
  logger?: boolean | object;
  /** OpenTelemetry spans (server.ts starts it when OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing?: Tracing | null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}

export type App = FastifyInstance & { ctx: AppContext; rateLimits: RateLimits; registeredRoutes: RegisteredRoute[]; metrics: Metrics | null };

/** Paths served to browsers of any origin; everything else answers no CORS. */
const PUBLIC_PREFIXES = ['/publicQuickPayCatalog', '/api/public/'];

export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.apiKey',
];

export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const logger =
    deps.logger === false ? false : typeof deps.logger === 'object' && deps.logger !== null && 'info' in deps.logger
      ? undefined
      : {
          level: config.logLevel,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          // The logged URL never carries a secret (a reset link's token, a key in the query string).
          serializers: { req: serializeRequest },
          ...(typeof deps.logger === 'object' ? deps.logger : {}),
        };
  // Validators and response serializers are compiled on first use, not at start (src/http/lazy-compile.ts).
  const lazySchemas = new LazyCompilations();
  const app = Fastify({
    ...(logger !== undefined ? { logger } : { loggerInstance: deps.logger as any }),
    genReqId: () => newId('req'),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // Router-level errors (a path parameter over 100 characters, a malformed URL) get the flat body too.
    frameworkErrors: frameworkErrorHandler,
    // Node's own parser errors (431, malformed request line, request timeout) get it too.
    clientErrorHandler,
    // Slow clients: Node closes a connection whose request is not complete in time (408).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // Node checks for expired requests only this often (30 s by default, longer than the timeouts themselves).
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    schemaController: { compilersFactory: { buildValidator: lazySchemas.validatorFactory(), buildSerializer: lazySchemas.serializerFactory() } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  lazySchemas.attach(app);

  const notifier: Notifier = await createNotifier(deps.database, deps.database.dialect === 'postgres' ? config.databaseDirectUrl : null, app.log);
  const ctx: AppContext = {
    config,
    db: deps.database.db,
    dialect: deps.database.dialect,
    log: app.log,
    notifier,
    services: {} as Services,
    onClose: [],
    closing: '',
    metrics: null,
    tracing: deps.tracing ?? null,
  };
  ctx.services.stores = createStoresService(ctx);
  ctx.services.keys = createKeysService(ctx);
  ctx.services.catalog = createCatalogService(ctx);
  ctx.services.customers = createCustomersService(ctx);
  ctx.services.events = createEventsService(ctx);
  ctx.services.content = createContentService(ctx);
  ctx.services.bookings = createBookingsService(ctx);
  ctx.services.checkout = createCheckoutService(ctx);
  ctx.services.reporting = createReportingService(ctx);
  ctx.services.sync = createSyncService(ctx);
  ctx.services.blog = createBlogService(ctx);
  ctx.services.messages = createMessagesService(ctx);
  app.decorate('ctx', ctx);
  // Every route, so a test can prove the OpenAPI document covers them all.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registeredRoutes.push({ method: String(method), url: route.url, hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) });
    }
  });

  // Metrics only when asked for (METRICS_TOKEN or METRICS_PORT): otherwise no request pays for them,
  // and prom-client is never loaded.
  const metricsModule = config.metricsToken || config.metricsPort ? await import('./ops/metrics.ts') : null;
  const metrics = metricsModule ? metricsModule.createMetrics(ctx, deps.database) : null;
  ctx.metrics = metrics?.hooks ?? null;
  app.decorate('metrics', metrics);
  if (metricsModule && metrics) metricsModule.registerMetrics(app, ctx, metrics);
  ctx.tracing?.register(app);
  const inFlight = trackInFlight(app, metrics ? metrics.observeRequest : null);
  registerValidation(app);
  const compileValidator = app.validatorCompiler!;
  app.setValidatorCompiler((route) => lazySchemas.validator(`${route.httpPart} of ${route.method} ${route.url}`, () => compileValidator(route)));
  registerRequestContext(app);
  registerErrorHandling(app);
  registerInputRules(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'https:', 'http:', 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only when the service is served over https: on a plain-http deployment the browser would
        // otherwise rewrite image and upload URLs to https and fail to load them.
        upgradeInsecureRequests: config.publicBaseUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // CORS: open (any origin, read-only methods) on the public paths, absent everywhere else. Decided
  // per route when it is registered, not per request: a delegator would rebuild the options on
  // every request of every route.
  const isPublicPath = (url: string) => PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(p));
  app.addHook('onRoute', (route) => {
    if (!isPublicPath(route.url)) route.config = { ...route.config, cors: false } as typeof route.config;
  });
  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], hideOptionsRoute: true });
  // Preflight answers only on the public paths (the plugin's catch-all OPTIONS route has CORS off, so
  // a preflight elsewhere is a 404).
  for (const path of ['/publicQuickPayCatalog', '/api/public/*']) {
    app.options(path, { schema: { hide: true } }, (_request, reply) => reply.code(204).send());
  }
  await app.register(cookie);
  app.decorate('rateLimits', registerRateLimit(app, config, deps.redis ?? null));
  await registerOpenApi(app, config);

  await app.register(healthRoutes, { ctx });
  await app.register(storesRoutes, { ctx });
  await app.register(developerRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(contentRoutes, { ctx });
  await app.register(customersRoutes, { ctx });
  await app.register(bookingsRoutes, { ctx });
  await app.register(checkoutRoutes, { ctx });
  await app.register(reportingRoutes, { ctx });
  await app.register(blogRoutes, { ctx });
  await app.register(storefrontRoutes, { ctx });
  await app.register(messagesRoutes, { ctx });
  await app.register(sdkPackageRoutes);
  await registerConsole(app, undefined, {
    // A store page opened by a signed-in member names its first API calls (console.ts, firstCalls).
    async memberStore(request, storeId) {
      const token = sessionTokenOf(request);
      const session = token ? await ctx.services.stores.resolveSession(token) : null;
      if (!session || session.user.mustChangePassword) return null;
      if (!(await ctx.services.stores.roleOf(storeId, session.user.id))) return null;
      const store = await ctx.services.stores.findStore(storeId);
      return store ? { timezone: store.timezone } : null;
    },
  });
  await app.register(demoAssetRoutes);

  app.addHook('onClose', async () => {
    // Handlers of clients that already disconnected may still be running; let them finish.
    ctx.closing = 'in-flight requests';
    if (!(await inFlight.drained(config.shutdownTimeoutMs))) app.log.warn({ inFlight: inFlight.count }, 'shutdown: requests still running after the timeout');
    for (const stop of ctx.onClose) {
      ctx.closing = stop.name || 'a stop hook';
      await stop();
    }
    ctx.closing = 'the change notifier';
    await notifier.close();
    ctx.closing = 'the HTTP server';
  });
  return app;
}
