// Background work that runs inside `npm start` (and alone as `store-service worker`).
import type { AppContext } from './context.ts';
import { startEventsWorkers } from './modules/events/workers.ts';
import { startBookingsWorkers } from './modules/bookings/workers.ts';
import { startCheckoutWorkers } from './modules/checkout/workers.ts';

export async function startWorkers(ctx: AppContext): Promise<void> {
  await startEventsWorkers(ctx);
  await startBookingsWorkers(ctx);
  await startCheckoutWorkers(ctx);
}
