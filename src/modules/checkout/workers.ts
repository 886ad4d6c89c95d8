// Checkout expiry: releases stock held by checkouts that were never paid.
import type { AppContext } from '../../context.ts';

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startCheckoutWorkers(_ctx: AppContext): Promise<void> {}
