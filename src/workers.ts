// Background work that runs inside `npm start` (and alone as `store-service worker`).
import type { AppContext } from './context.ts';
import { analyzeGrownTables, optimizeDatabase } from './db/connect.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import { startEventsWorkers } from './modules/events/workers.ts';
import { startMessageWorkers } from './modules/messages/worker.ts';
import { startCheckoutWorkers } from './modules/checkout/workers.ts';

/** How often housekeeping runs (on every instance; each delete is idempotent). */
const HOUSEKEEPING_INTERVAL_MS = 3600_000;

/** How often PostgreSQL tables that outgrew their statistics are analyzed (analyzeGrownTables). */
const GROWN_TABLES_INTERVAL_MS = 2_000;

export async function startWorkers(ctx: AppContext): Promise<void> {
  await startEventsWorkers(ctx);
  await startMessageWorkers(ctx);
  await startCheckoutWorkers(ctx);
  startHousekeeping(ctx);
}

/**
 * Deletes what nothing can use any more, so tables do not grow forever: expired staff sessions and
 * password-reset links, idempotency records past their 24 h replay window, and events (with their webhook delivery
 * history) older than EVENT_RETENTION_DAYS that no delivery still waits on. Then refreshes the query
 * planner's statistics where tables have grown (optimizeDatabase).
 */
export async function runHousekeeping(ctx: AppContext, now = Date.now()) {
  const nowIso = new Date(now).toISOString();
  const deleted = {
    sessions: await ctx.services.stores.pruneExpiredSessions(nowIso),
    passwordResets: await ctx.services.stores.pruneExpiredPasswordResets(nowIso),
    idempotencyKeys: await pruneIdempotencyKeys(ctx, nowIso),
    events: await ctx.services.events.pruneEvents(now),
  };
  await optimizeDatabase(ctx.db, ctx.dialect);
  return deleted;
}

function startHousekeeping(ctx: AppContext) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runHousekeeping(ctx)
      .then((deleted) => {
        if (deleted.sessions + deleted.passwordResets + deleted.idempotencyKeys + deleted.events > 0) ctx.log.info({ deleted }, 'housekeeping');
      })
      .catch((error) => ctx.log.error({ err: error }, 'housekeeping failed'))
      .finally(() => {
        running = null;
      });
  };
  // First run a minute after start (not in the middle of a rolling deploy's start-up), then hourly.
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, HOUSEKEEPING_INTERVAL_MS);
  first.unref();
  timer.unref();
  // PostgreSQL: tables that outgrew the statistics their prepared statements were planned with.
  let analyzing: Promise<unknown> | null = null;
  const grownTimer =
    ctx.dialect === 'postgres'
      ? setInterval(() => {
          if (analyzing) return;
          analyzing = analyzeGrownTables(ctx.db, ctx.dialect)
            .then((tables) => tables.length && ctx.log.debug({ tables }, 'analyzed grown tables'))
            .catch((error) => ctx.log.warn({ err: error }, 'analyzing grown tables failed'))
            .finally(() => {
              analyzing = null;
            });
        }, GROWN_TABLES_INTERVAL_MS)
      : null;
  grownTimer?.unref();
  ctx.onClose.push(async function housekeepingAndAnalyze() {
    clearTimeout(first);
    clearInterval(timer);
    if (grownTimer) clearInterval(grownTimer);
    await running;
    await analyzing;
  });
}
