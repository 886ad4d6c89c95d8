// Top sellers and sales reports from paid orders. Orders belong to the checkout module: this
// module reads them only through ctx.services.checkout.
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../shared/errors.ts';
import { toMajor } from '../../shared/money.ts';

export const MAX_REPORT_DAYS = 366;

export function createReportingService(ctx: AppContext) {
  return {
    /** GET /integrationTopSelling body: items by quantity sold in paid orders of the last `days` days. */
    async topSelling(storeId: string, days: number, limit: number) {
      const store = await ctx.services.stores.getStore(storeId);
      const since = new Date(Date.now() - days * 86_400_000).toISOString();
      const rows = await ctx.services.checkout.topSellingSince(storeId, since, limit);
      return {
        ok: true,
        storeId,
        days,
        limit,
        currency: store.currency,
        products: rows.map((r) => ({
          productId: r.itemId,
          name: r.name,
          quantity: r.quantity,
          revenue: toMajor(r.revenueMinor, store.currency),
          revenueMinor: r.revenueMinor,
          ordersCount: r.ordersCount,
        })),
      };
    },

    /**
     * Paid orders per day of the store's time zone between `from` and `to` (YYYY-MM-DD, inclusive),
     * every day listed (zeros included).
     */
    async salesByDay(storeId: string, from: string, to: string) {
      const store = await ctx.services.stores.getStore(storeId);
      const zone = store.timezone;
      const start = DateTime.fromISO(from, { zone });
      const end = DateTime.fromISO(to, { zone });
      if (!start.isValid || !end.isValid || end < start) throw badRequest('invalid-range', 'from and to must be dates (YYYY-MM-DD) with to on or after from.');
      const dayCount = Math.round(end.diff(start, 'days').days) + 1;
      if (dayCount > MAX_REPORT_DAYS) throw badRequest('invalid-range', `At most ${MAX_REPORT_DAYS} days per report.`);
      const orders = await ctx.services.checkout.paidOrdersBetween(storeId, start.toUTC().toISO()!, end.plus({ days: 1 }).startOf('day').toUTC().toISO()!);
      const byDay = new Map<string, { ordersCount: number; revenueMinor: number }>();
      for (let d = start; d <= end; d = d.plus({ days: 1 })) byDay.set(d.toISODate()!, { ordersCount: 0, revenueMinor: 0 });
      for (const o of orders) {
        const day = byDay.get(DateTime.fromISO(o.paidAt, { zone: 'utc' }).setZone(zone).toISODate()!);
        if (!day) continue;
        day.ordersCount++;
        day.revenueMinor += o.amountMinor;
      }
      const days = [...byDay].map(([date, v]) => ({ date, ordersCount: v.ordersCount, revenue: toMajor(v.revenueMinor, store.currency), revenueMinor: v.revenueMinor }));
      const totalMinor = days.reduce((s, d) => s + d.revenueMinor, 0);
      return {
        ok: true,
        storeId,
        currency: store.currency,
        timezone: zone,
        from,
        to,
        days,
        totals: { ordersCount: days.reduce((s, d) => s + d.ordersCount, 0), revenue: toMajor(totalMinor, store.currency), revenueMinor: totalMinor },
      };
    },
  };
}

export type ReportingService = ReturnType<typeof createReportingService>;
