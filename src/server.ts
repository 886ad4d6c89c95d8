// Process entry: config, database, migrations, demo seed, listen, workers, graceful shutdown.
import './production-libraries.ts';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, optimizeDatabase } from './db/connect.ts';
import { locateDatabase } from './db/describe.ts';
import { migrateToLatest } from './db/migrate.ts';
import { consoleBuilt } from './http/console.ts';
import { classifyAddress } from './modules/events/ssrf.ts';
import { startWorkers } from './workers.ts';
import { holdServingLock } from './ops/backup.ts';
import { startBackupSchedule } from './ops/backup-schedule.ts';
import type { Metrics } from './ops/metrics.ts';
import { credentialsPath, seedOnFirstRun } from './seed/demo.ts';

/** Pino options for the server: readable lines on a terminal (pino's pino-pretty transport), JSON lines otherwise. */
export function serverLoggerOptions(stdoutIsTty: boolean): object {
  return stdoutIsTty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {};
}

const isLoopbackHost = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || (isIP(bare) !== 0 && classifyAddress(bare) === 'loopback');
};

/** An address other machines could use for this one (for the example in a warning). */
function lanAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return null;
}

export interface StartLine {
  level: 'info' | 'warn';
  msg: string;
}

/**
 * What the start message says once the server listens: where the API docs, the demo credentials
 * file (never its contents), the database (never a password) and the console are, and a warning
 * when other machines can connect but every link the service writes points at localhost.
 */
export function startMessage(config: Config, facts: { port: number; credentialsFile: string | null; consoleBuilt: boolean; lanAddress?: string | null }): StartLine[] {
  const base = config.publicBaseUrl;
  const lines: StartLine[] = [{ level: 'info', msg: `API docs: ${base}/docs (OpenAPI document: ${base}/openapi.json)` }];
  if (facts.consoleBuilt) lines.push({ level: 'info', msg: `Staff console: ${base}/console/` });
  if (facts.credentialsFile) lines.push({ level: 'info', msg: `Demo store credentials (integration key, staff login): ${facts.credentialsFile}` });
  lines.push({ level: 'info', msg: `Database: ${locateDatabase(config.databaseUrl).text}` });
  if (!isLoopbackHost(config.host) && isLoopbackHost(new URL(base).hostname)) {
    const example = `http://${facts.lanAddress ?? '<this machine\'s address>'}:${facts.port}`;
    lines.push({
      level: 'warn',
      msg:
        `HOST=${config.host} accepts connections from other machines, but PUBLIC_BASE_URL is ${base}: payment links (checkoutUrl), ` +
        `page links, canonical URLs and RSS would send their visitors to their own machine. Set PUBLIC_BASE_URL to the address ` +
        `they use (e.g. PUBLIC_BASE_URL=${example}), or HOST=127.0.0.1 to serve this machine only.`,
    });
  }
  return lines;
}

export async function startServer(config: Config, options: { stdoutIsTty?: boolean } = {}): Promise<{ app: App; stop: () => Promise<void>; stopStep: () => string }> {
  // OpenTelemetry is loaded only when an endpoint is set.
  const tracing = config.otelEndpoint ? await (await import('./ops/tracing.ts')).startTracing(config.otelEndpoint, config.otelServiceName) : null;
  const database = await connectDatabase(config.databaseUrl, {
    preparedStatements: config.databasePreparedStatements,
    poolSize: config.databasePoolSize,
    checkpointInBackground: true,
    ...(tracing ? { log: (event) => tracing.queryLog(event) } : {}),
  });
  // `store-service restore` refuses to replace a database file a server holds.
  const releaseLock = database.sqliteFile ? await holdServingLock(database.sqliteFile) : null;
  await migrateToLatest(database.db);
  await optimizeDatabase(database.db, database.dialect);
  // ioredis (~50 files) is loaded only when REDIS_URL is set.
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  const app = await buildApp(config, { database, redis, tracing, logger: serverLoggerOptions(options.stdoutIsTty ?? false) });
  await app.ready();
  for (const start of startHooks) await start(app, config);
  if (config.runWorkers) {
    await startWorkers(app.ctx);
    startBackupSchedule(app.ctx, database);
  }
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metricsPort && app.metrics ? await serveMetrics(app.metrics, config.metricsHost, config.metricsPort) : null;
  if (metricsServer) app.log.info(`Metrics: http://${config.metricsHost}:${config.metricsPort}/metrics`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const credentials = credentialsPath(app.ctx);
  const facts = { port, credentialsFile: existsSync(credentials) ? credentials : null, consoleBuilt: consoleBuilt(), lanAddress: lanAddress() };
  for (const line of startMessage(config, facts)) app.log[line.level](line.msg);
  let stopping: Promise<void> | null = null;
  let step = 'running';
  const stop = () =>
    (stopping ??= (async () => {
      // Stops accepting connections and waits for in-flight requests, then workers and the database.
      step = 'closing the HTTP server, in-flight requests and workers';
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await app.close();
      step = 'closing the Redis connection';
      await redis?.quit().catch(() => undefined);
      step = 'closing the database';
      await database.destroy();
      await releaseLock?.();
      step = 'exporting the last traces';
      await tracing?.shutdown();
      step = 'stopped';
    })());
  // While the app closes, also what it waits on (app.ts: in-flight requests, each worker, the notifier).
  return { app, stop, stopStep: () => (step.startsWith('closing the HTTP server') && app.ctx.closing ? `${step}: ${app.ctx.closing}` : step) };
}

/** GET /metrics on a listener of its own (METRICS_PORT): for a scraper on a private network, no token. */
async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const { METRICS_CONTENT_TYPE } = await import('./ops/metrics.ts');
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** Things that run once the app is ready and before it listens (demo seed, workers). */
export const startHooks: Array<(app: App, config: Config) => Promise<void>> = [(app) => seedOnFirstRun(app.ctx)];

/** The process: `npm start` (scripts/start.mjs), `node build/server/server.js`, `tsx src/server.ts`. */
export async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // Signals are caught from the start: one that arrives while the server is still starting
  // (migrations, seeding) shuts it down as soon as it is up, through the same graceful path.
  let started: Awaited<ReturnType<typeof startServer>> | null = null;
  let pendingSignal: string | null = null;
  const shutdown = (signal: string) => {
    if (!started) {
      pendingSignal ??= signal;
      return;
    }
    const { app, stop, stopStep } = started;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests get SHUTDOWN_TIMEOUT_MS; workers and the database a few seconds more.
    const timer = setTimeout(() => {
      app.log.error({ step: stopStep() }, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  started = await startServer(config, { stdoutIsTty: process.stdout.isTTY === true });
  if (pendingSignal) shutdown(pendingSignal);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
