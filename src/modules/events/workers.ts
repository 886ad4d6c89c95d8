// Webhook delivery worker.
import type { AppContext } from '../../context.ts';

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startEventsWorkers(_ctx: AppContext): Promise<void> {}
