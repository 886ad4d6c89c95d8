// Checkout expiry: releases stock held by checkouts that were never paid. Every instance may run
// it; each close is a conditional update, so two instances never release the same stock twice.
import type { AppContext } from '../../context.ts';

const INTERVAL_MS = 15_000;

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startCheckoutWorkers(ctx: AppContext): Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = ctx.services.checkout
      .expireDue()
      .then((n) => {
        if (n > 0) ctx.log.info({ expired: n }, 'expired unpaid checkouts');
      })
      .catch((error) => ctx.log.error({ err: error }, 'checkout expiry failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
  tick();
  ctx.onClose.push(async function checkoutExpiry() {
    clearInterval(timer);
    await running;
  });
}
