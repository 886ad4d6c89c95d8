// Checkout's background work, every 15 s on every instance: expiry releases stock held by checkouts
// never paid, and reconciliation asks a real provider about payments whose status check is due (its
// callback may be late or lost). Each close and each check is claimed by a conditional update, so two
// instances never release the same stock twice nor make the same check twice. Refunds asked of a
// real provider and not yet settled are checked with it the same way.
import type { AppContext } from '../../context.ts';

const INTERVAL_MS = 15_000;

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startCheckoutWorkers(ctx: AppContext): Promise<void> {
  let running: Promise<unknown> | null = null;
  const checkout = ctx.services.checkout;
  const tick = () => {
    if (running) return;
    running = checkout
      .expireDue()
      .then((n) => {
        if (n > 0) ctx.log.info({ expired: n }, 'expired unpaid checkouts');
      })
      .catch((error) => ctx.log.error({ err: error }, 'checkout expiry failed'))
      .then(() => checkout.reconcileDue())
      .then((r) => {
        if (r.checked > 0) ctx.log.info(r, 'payment status checks');
      })
      .catch((error) => ctx.log.error({ err: error }, 'payment status checks failed'))
      .then(() => checkout.reconcileRefunds())
      .then((r) => {
        if (r && r.checked > 0) ctx.log.info(r, 'refund status checks');
      })
      .catch((error) => ctx.log.error({ err: error }, 'refund status checks failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
  tick();
  ctx.onClose.push(async function checkoutWorkers() {
    clearInterval(timer);
    await running;
  });
}
