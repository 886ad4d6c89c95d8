// Process entry: config, database, migrations, demo seed, listen, workers, graceful shutdown.
import { Redis } from 'ioredis';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startWorkers } from './workers.ts';
import { seedOnFirstRun } from './seed/demo.ts';

export async function startServer(config: Config): Promise<{ app: App; stop: () => Promise<void> }> {
  const database = await connectDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  const app = await buildApp(config, { database, redis });
  await app.ready();
  for (const start of startHooks) await start(app, config);
  if (config.runWorkers) await startWorkers(app.ctx);
  await app.listen({ port: config.port, host: config.host });
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // Stops accepting connections and waits for in-flight requests, then workers and the database.
      await app.close();
      await redis?.quit().catch(() => undefined);
      await database.destroy();
    })());
  return { app, stop };
}

/** Things that run once the app is ready and before it listens (demo seed, workers). */
export const startHooks: Array<(app: App, config: Config) => Promise<void>> = [(app) => seedOnFirstRun(app.ctx)];

async function main() {
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
    const { app, stop } = started;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests get SHUTDOWN_TIMEOUT_MS; workers and the database a few seconds more.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
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
  started = await startServer(config);
  if (pendingSignal) shutdown(pendingSignal);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
