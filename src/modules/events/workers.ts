// Webhook delivery worker. Claims due deliveries with an expiring lease (safe with several
// instances on one PostgreSQL database; a crashed worker's claims come back when the lease
// expires), sends them with bounded concurrency, and sleeps until woken by a commit signal
// (DELIVERY_TOPIC) or the short poll interval, whichever comes first.
import { setMaxListeners } from 'node:events';
import type { AppContext } from '../../context.ts';
import { newId } from '../../shared/ids.ts';
import { nowIso } from '../../shared/time.ts';
import { createDeliveryAgents } from './delivery.ts';
import { claimDue, loadLeased, releaseLease, type LeasedDelivery } from './repository.ts';
import { DELIVERY_TOPIC } from './service.ts';

export interface DeliveryWorkerOptions {
  /** Poll interval when nothing wakes the worker (retries coming due, missed signals). */
  pollMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /**
   * How long stop() lets in-flight attempts run before aborting them (an aborted attempt is
   * recorded and retried later). Default: the webhook timeout, capped at half the shutdown timeout.
   */
  stopGraceMs?: number;
}

export interface DeliveryWorker {
  readonly owner: string;
  /** Starts the loop (once; after stop() create a new worker). */
  start(): void;
  /** Stops claiming; in-flight attempts finish (or are aborted after the grace period) and are recorded. */
  stop(): Promise<void>;
  wake(): void;
}

export function createDeliveryWorker(ctx: AppContext, options: DeliveryWorkerOptions = {}): DeliveryWorker {
  const pollMs = options.pollMs ?? 250;
  const concurrency = options.concurrency ?? 16;
  const owner = newId('wrk');
  // Long enough that a live worker never loses a lease mid-attempt.
  const leaseMs = ctx.config.webhookTimeoutMs + 60_000;
  const inFlight = new Set<Promise<void>>();
  const agents = createDeliveryAgents();
  const shutdown = new AbortController();
  // Each attempt in flight listens on this signal (and removes its listener when it ends).
  setMaxListeners(concurrency * 2, shutdown.signal);
  const stopGraceMs = options.stopGraceMs ?? Math.min(ctx.config.webhookTimeoutMs, Math.floor(ctx.config.shutdownTimeoutMs / 2));
  let running = false;
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wakeRequested = false;
  let sleeper: (() => void) | null = null;

  function wake() {
    wakeRequested = true;
    const resume = sleeper;
    sleeper = null;
    resume?.();
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        sleeper = null;
        resolve();
      }, ms);
      sleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function attempt(leased: LeasedDelivery) {
    try {
      await ctx.services.events.attemptLeased(leased, owner, agents, shutdown.signal);
    } catch (err) {
      ctx.log.error({ err, deliveryId: leased.delivery.id }, 'webhook delivery attempt failed');
      await releaseLease(ctx.db, leased.delivery.id, owner).catch(() => undefined);
    }
  }

  async function run() {
    while (running) {
      wakeRequested = false;
      const room = concurrency - inFlight.size;
      let claimed: string[] = [];
      let leased: LeasedDelivery[] = [];
      if (room > 0) {
        try {
          const now = nowIso();
          claimed = await claimDue(ctx.db, owner, now, new Date(Date.parse(now) + leaseMs).toISOString(), room);
          leased = await loadLeased(ctx.db, claimed, owner);
        } catch (err) {
          if (running) ctx.log.error({ err }, 'claiming webhook deliveries failed');
          for (const id of claimed) await releaseLease(ctx.db, id, owner).catch(() => undefined);
          claimed = [];
        }
      }
      for (const item of leased) {
        const task: Promise<void> = attempt(item).finally(() => {
          inFlight.delete(task);
          // Refill in batches (fewer claim queries); new commits wake the worker anyway.
          if (inFlight.size <= concurrency / 2) wake();
        });
        inFlight.add(task);
      }
      // A full batch may mean more are due; otherwise wait for a signal, a free slot or the poll.
      if (claimed.length === room && room > 0) continue;
      if (!wakeRequested && running) await sleep(pollMs);
    }
  }

  return {
    owner,
    start() {
      if (stopped) throw new Error('a stopped delivery worker cannot be restarted; create a new one');
      if (running) return;
      running = true;
      ctx.notifier.subscribe(DELIVERY_TOPIC, () => {
        if (running) wake();
      });
      loop = run();
    },
    async stop() {
      stopped = true;
      running = false;
      wake();
      await loop;
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, stopGraceMs);
        });
        await Promise.race([Promise.all([...inFlight]), grace]);
        clearTimeout(timer);
        shutdown.abort();
        await Promise.all([...inFlight]);
      }
      agents.http.destroy();
      agents.https.destroy();
    },
    wake,
  };
}

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startEventsWorkers(ctx: AppContext): Promise<void> {
  const worker = createDeliveryWorker(ctx);
  worker.start();
  ctx.onClose.push(function webhookDeliveryWorker() {
    return worker.stop();
  });
}
