// Order totals, fees and the store/platform split from catalog prices and store settings. Pure.
import type { StoreSettings } from '../stores/service.ts';

export interface PricedLine {
  itemId: string;
  name: string;
  qty: number;
  unitPriceMinor: number;
}

export interface Totals {
  subtotalMinor: number;
  /** Fees added to the customer's total (0 when the store bears the platform fee). */
  feesMinor: number;
  totalMinor: number;
  storeMinor: number;
  platformMinor: number;
  feeBearer: StoreSettings['feeBearer'];
}

/**
 * Platform fee = round(subtotal × bps / 10000) + fixed (nothing on an empty subtotal). The customer
 * pays it on top of the subtotal when feeBearer is `customer`; otherwise it comes out of the store's
 * share (never more than the subtotal).
 */
export function computeTotals(lines: PricedLine[], settings: StoreSettings): Totals {
  const subtotalMinor = lines.reduce((sum, l) => sum + l.qty * l.unitPriceMinor, 0);
  const fee = subtotalMinor > 0 ? Math.round((subtotalMinor * settings.platformFeeBps) / 10_000) + settings.platformFeeFixedMinor : 0;
  if (settings.feeBearer === 'customer') {
    return { subtotalMinor, feesMinor: fee, totalMinor: subtotalMinor + fee, storeMinor: subtotalMinor, platformMinor: fee, feeBearer: 'customer' };
  }
  const platformMinor = Math.min(fee, subtotalMinor);
  return { subtotalMinor, feesMinor: 0, totalMinor: subtotalMinor, storeMinor: subtotalMinor - platformMinor, platformMinor, feeBearer: 'store' };
}
