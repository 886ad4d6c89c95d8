// Checkout, preview, orders and payments.
import type { AppContext } from '../../context.ts';

export function createCheckoutService(_ctx: AppContext) {
  return {};
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
