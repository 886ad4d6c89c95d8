// OpenTelemetry traces, off by default: with OTEL_EXPORTER_OTLP_ENDPOINT set, each HTTP request is a
// span (named by its route template), each database query a child span (the statement with its
// placeholders, never the values), and each webhook delivery attempt and message send a span of its
// own, exported over OTLP/HTTP in batches. The OpenTelemetry packages are loaded only then, so a
// server without the setting starts and runs exactly as before.
import type { FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';

export interface Tracing {
  /** Runs `work` in a span, a child of the current one (the request's, when there is one). */
  span<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
  /** Kysely's log function: each query executed becomes a span that has just ended. */
  queryLog(event: LogEvent): void;
  /** A span per request (onRequest to onResponse), the request's async work inside it. */
  register(app: FastifyInstance): void;
  /** Exports what is left and stops. */
  shutdown(): Promise<void>;
}

const STATEMENT_LIMIT = 2000;

/** Starts tracing to `endpoint` (an OTLP/HTTP base URL, e.g. http://collector:4318). */
export async function startTracing(endpoint: string, serviceName: string): Promise<Tracing> {
  const [api, sdk, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const { context, trace, SpanKind, SpanStatusCode } = api;
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  const tracer = trace.getTracer('store-service');

  return {
    async span(name, attributes, work) {
      return tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          throw error;
        } finally {
          span.end();
        }
      });
    },

    queryLog(event) {
      if (event.level !== 'query' && event.level !== 'error') return;
      const end = Date.now();
      const span = tracer.startSpan('db.query', {
        kind: SpanKind.CLIENT,
        startTime: end - event.queryDurationMillis,
        attributes: { 'db.query.text': event.query.sql.slice(0, STATEMENT_LIMIT) },
      });
      if (event.level === 'error') span.setStatus({ code: SpanStatusCode.ERROR, message: String((event.error as Error)?.message ?? event.error) });
      span.end(end);
    },

    register(app) {
      app.addHook('onRequest', (request, reply, done) => {
        const span = tracer.startSpan(`${request.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } });
        // Ends when the response does, also one written past Fastify's send (prepared replies).
        reply.raw.once('close', () => {
          const route = request.routeOptions.url ?? 'unmatched';
          const status = reply.raw.statusCode;
          span.updateName(`${request.method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        });
        // The rest of the request runs in the span's context: its queries and spans are its children.
        context.with(trace.setSpan(context.active(), span), done);
      });
    },

    async shutdown() {
      await provider.shutdown();
    },
  };
}
