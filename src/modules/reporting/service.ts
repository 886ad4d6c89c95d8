// Top sellers, sales and bookings reports, and the console's overview. Orders, bookings, webhook
// deliveries and sync runs belong to other modules: this one reads them only through their services.
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.ts';
import type { Order } from '../checkout/service.ts';
import type { Role } from '../stores/service.ts';
import { badRequest } from '../../shared/errors.ts';
import { toMajor } from '../../shared/money.ts';
import { lastBackupOutcome } from '../../ops/backup-schedule.ts';

export const MAX_REPORT_DAYS = 366;
export type ReportPeriod = 'day' | 'week' | 'month';
const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const BOOKING_REPORT_STATUSES = ['pending', 'confirmed', 'rescheduled', 'completed', 'cancelled'] as const;

/** The first and last day of a report in the store's zone: 400 invalid-range unless from ≤ to within MAX_REPORT_DAYS. */
function reportRange(from: string, to: string, zone: string) {
  const start = DateTime.fromISO(from, { zone });
  const end = DateTime.fromISO(to, { zone });
  if (!start.isValid || !end.isValid || end < start) throw badRequest('invalid-range', 'from and to must be dates (YYYY-MM-DD) with to on or after from.', [{ field: 'to', message: 'on or after from' }]);
  const dayCount = Math.round(end.diff(start, 'days').days) + 1;
  if (dayCount > MAX_REPORT_DAYS) throw badRequest('invalid-range', `At most ${MAX_REPORT_DAYS} days per report.`, [{ field: 'to', message: `within ${MAX_REPORT_DAYS} days of from` }]);
  return { start, end };
}

/** Order statuses the overview groups: waiting for the customer's payment, and paid but not yet delivered. */
export const AWAITING_PAYMENT = ['pending_payment', 'pending_cash_collection', 'pending_manual'];
export const AWAITING_DELIVERY = ['paid', 'pending_delivery'];
/** Orders are counted page by page up to this many (the checkout service offers no count). */
export const ORDER_COUNT_CAP = 1000;
/** Developer failures the overview reports: those of the last week. */
const FAILURES_SINCE_DAYS = 7;

function orderSummary(o: Order) {
  return {
    orderId: o.orderId,
    reference: o.reference,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    total: o.total,
    totalMinor: o.totalMinor,
    currency: o.currency,
    customerName: o.customer.name || null,
    itemsCount: o.items.reduce((n, line) => n + line.qty, 0),
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    expiresAt: o.expiresAt,
  };
}

export function createReportingService(ctx: AppContext) {
  /**
   * The console's next steps for a new store (owners and admins), each done or not: a service or
   * course in the catalog (published or not), a second member or an open invitation, an integration
   * key not revoked.
   */
  async function setupSteps(storeId: string) {
    const [services, courses, members, invitations, keys] = await Promise.all([
      ctx.services.catalog.listItems(storeId, { itemType: 'service', limit: 1 }),
      ctx.services.catalog.listItems(storeId, { itemType: 'course', limit: 1 }),
      ctx.services.stores.listMembers(storeId),
      ctx.services.stores.invitations.list(storeId),
      ctx.services.keys.list(storeId),
    ]);
    return {
      serviceAdded: services.length + courses.length > 0,
      staffInvited: members.length > 1 || invitations.length > 0,
      websiteConnected: keys.some((k) => !k.revokedAt),
    };
  }

  /** How many orders have one of `statuses` (exactly, up to ORDER_COUNT_CAP) and the newest `limit`. */
  async function ordersIn(storeId: string, statuses: string[], limit: number) {
    const first = await ctx.services.checkout.listOrders(storeId, { limit, statuses });
    let count = first.orders.length;
    let cursor = first.nextCursor;
    while (cursor && count < ORDER_COUNT_CAP) {
      const page = await ctx.services.checkout.listOrders(storeId, { limit: Math.min(200, ORDER_COUNT_CAP - count), statuses, cursor });
      count += page.orders.length;
      cursor = page.nextCursor;
    }
    return { statuses, count, countCapped: cursor !== null, items: first.orders.map(orderSummary) };
  }

  const service = {
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
    async salesByDay(storeId: string, from: string, to: string, period: ReportPeriod = 'day') {
      const store = await ctx.services.stores.getStore(storeId);
      const zone = store.timezone;
      const { start, end } = reportRange(from, to, zone);
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
      // Days grouped by calendar week (Monday first) or month; the first and last are cut to the range.
      const periods: { from: string; to: string; label: string; ordersCount: number; revenue: number; revenueMinor: number }[] = [];
      for (const d of days) {
        const date = DateTime.fromISO(d.date, { zone });
        const label = period === 'month' ? date.toFormat('yyyy-MM') : period === 'week' ? date.startOf('week').toISODate()! : d.date;
        let last = periods[periods.length - 1];
        if (!last || last.label !== label) periods.push((last = { from: d.date, to: d.date, label, ordersCount: 0, revenue: 0, revenueMinor: 0 }));
        last.to = d.date;
        last.ordersCount += d.ordersCount;
        last.revenueMinor += d.revenueMinor;
        last.revenue = toMajor(last.revenueMinor, store.currency);
      }
      return {
        ok: true,
        storeId,
        currency: store.currency,
        timezone: zone,
        from,
        to,
        period,
        days,
        periods,
        totals: { ordersCount: days.reduce((s, d) => s + d.ordersCount, 0), revenue: toMajor(totalMinor, store.currency), revenueMinor: totalMinor },
      };
    },

    /**
     * What an owner reads of a period (store dates from..to, inclusive): revenue, best-selling products
     * (by revenue; the counts are there too) and services (by bookings), bookings by status with the
     * no-show rate, the busiest weekdays and hours, and how many customers came back.
     */
    async summary(storeId: string, from: string, to: string) {
      const store = await ctx.services.stores.getStore(storeId);
      const zone = store.timezone;
      const { start, end } = reportRange(from, to, zone);
      const fromIso = start.toUTC().toISO()!;
      const toIso = end.plus({ days: 1 }).startOf('day').toUTC().toISO()!;
      const [orders, products, bookings, items] = await Promise.all([
        ctx.services.checkout.paidOrdersBetween(storeId, fromIso, toIso),
        ctx.services.checkout.productSalesBetween(storeId, fromIso, toIso, 20),
        ctx.services.bookings.forReport(storeId, from, to),
        ctx.services.catalog.listItems(storeId),
      ]);
      const money = (minor: number) => ({ revenue: toMajor(minor, store.currency), revenueMinor: minor });
      const priceOf = new Map(items.map((i) => [i.id, i.priceMinor]));

      const services = new Map<string, { serviceId: string; name: string; bookingsCount: number; attendedCount: number; revenueMinor: number }>();
      const byStatus = new Map<string, number>();
      const weekdays = WEEKDAY_KEYS.map((day) => ({ day, count: 0 }));
      const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0 }));
      let attended = 0;
      let noShows = 0;
      for (const b of bookings) {
        byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + 1);
        if (b.attendance === 'no_show') noShows++;
        const came = b.attendance === 'attended' || b.status === 'completed';
        if (came) attended++;
        if (b.status === 'cancelled') continue;
        const s = services.get(b.serviceId) ?? { serviceId: b.serviceId, name: b.serviceName, bookingsCount: 0, attendedCount: 0, revenueMinor: 0 };
        s.bookingsCount++;
        if (came) s.attendedCount++;
        s.revenueMinor += b.paymentAmountMinor ?? (priceOf.get(b.serviceId) ?? 0) * b.quantity;
        services.set(b.serviceId, s);
        weekdays[DateTime.fromISO(b.date, { zone }).weekday - 1]!.count++;
        hours[Number(b.time.slice(0, 2))]!.count++;
      }

      // Customers who booked or paid in the period; returning: customers before it began.
      const seen = [...new Set([...bookings.map((b) => b.customerId), ...orders.map((o) => o.customerId)].filter((id): id is string => !!id))];
      const returning = await ctx.services.customers.countCreatedBefore(storeId, seen, fromIso);
      const revenueMinor = orders.reduce((sum, o) => sum + o.amountMinor, 0);
      return {
        ok: true as const,
        storeId,
        currency: store.currency,
        timezone: zone,
        from,
        to,
        revenue: { ordersCount: orders.length, ...money(revenueMinor) },
        products: products.map((p) => ({ itemId: p.itemId, name: p.name, quantity: p.quantity, ordersCount: p.ordersCount, ...money(p.revenueMinor) })),
        services: [...services.values()]
          .sort((a, b) => b.bookingsCount - a.bookingsCount || b.revenueMinor - a.revenueMinor || a.serviceId.localeCompare(b.serviceId))
          .slice(0, 20)
          .map((s) => ({ serviceId: s.serviceId, name: s.name, bookingsCount: s.bookingsCount, attendedCount: s.attendedCount, ...money(s.revenueMinor) })),
        bookings: {
          total: bookings.length,
          byStatus: BOOKING_REPORT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
          attended,
          noShows,
          noShowRate: attended + noShows > 0 ? Math.round((noShows / (attended + noShows)) * 1000) / 1000 : null,
        },
        busiest: { weekdays, hours },
        customers: { total: seen.length, returning, new: seen.length - returning },
      };
    },

    /**
     * Bookings per status with bookingDate in [from, to] (store dates, both optional), every
     * status listed.
     */
    async bookingsByStatus(storeId: string, range: { from?: string; to?: string }) {
      if (range.from && range.to && range.to < range.from) throw badRequest('invalid-range', 'to must be on or after from.', [{ field: 'to', message: 'on or after from' }]);
      const counts = await ctx.services.bookings.countByStatus(storeId, range);
      return {
        ok: true,
        storeId,
        from: range.from ?? null,
        to: range.to ?? null,
        total: counts.reduce((n, c) => n + c.count, 0),
        statuses: counts.map((c) => ({ status: c.status, bookingStatus: c.status === 'pending' ? 'pending_approval' : c.status, count: c.count })),
      };
    },

    /**
     * The console's Today page in one answer, in the store's time zone: today's and the next 7
     * days' bookings, bookings pending approval, orders waiting for payment or delivery (counts and
     * the first `limit` of each), the last 30 days' sales, and for owners and admins the week's
     * failed webhook deliveries and sync runs and which of a new store's next steps are done.
     */
    async overview(storeId: string, role: Role, limit: number) {
      const store = await ctx.services.stores.getStore(storeId);
      const now = DateTime.now().setZone(store.timezone);
      const today = now.toISODate()!;
      const day = (offset: number) => now.plus({ days: offset }).toISODate()!;
      const since = new Date(Date.now() - FAILURES_SINCE_DAYS * 86_400_000).toISOString();
      const developer = role === 'owner' || role === 'admin';
      const bookings = ctx.services.bookings;
      const [todays, upcoming, pending, awaitingPayment, awaitingDelivery, sales, webhooks, syncs, setup] = await Promise.all([
        bookings.agenda(storeId, { fromDate: today, toDate: today }, limit),
        bookings.agenda(storeId, { fromDate: day(1), toDate: day(7) }, limit),
        bookings.agenda(storeId, { status: 'pending' }, limit),
        ordersIn(storeId, AWAITING_PAYMENT, limit),
        ordersIn(storeId, AWAITING_DELIVERY, limit),
        service.salesByDay(storeId, day(-29), today),
        developer ? ctx.services.events.failedDeliveries(storeId, since, limit) : null,
        developer ? ctx.services.sync.failedRuns(storeId, since, limit) : null,
        developer ? setupSteps(storeId) : null,
      ]);
      // The server's own backups, for owners (they run the server a small store is on).
      const backup = role === 'owner' && ctx.config.backupIntervalMinutes > 0 ? await lastBackupOutcome(ctx) : null;
      return {
        ok: true,
        storeId,
        timezone: store.timezone,
        currency: store.currency,
        today,
        generatedAt: new Date().toISOString(),
        bookingsToday: { date: today, count: todays.count, items: todays.bookings },
        bookingsUpcoming: { from: day(1), to: day(7), count: upcoming.count, items: upcoming.bookings },
        pendingApproval: { count: pending.count, items: pending.bookings },
        ordersAwaitingPayment: awaitingPayment,
        ordersAwaitingDelivery: awaitingDelivery,
        sales: { from: sales.from, to: sales.to, days: sales.days, totals: sales.totals },
        attention: {
          bookingsPendingApproval: pending.count,
          ...(webhooks && syncs ? { failedWebhookDeliveries: webhooks.count, failedSyncRuns: syncs.count } : {}),
          ...(backup ? { backupFailed: !backup.ok, lastBackup: { ok: backup.ok, at: backup.at, error: backup.error ?? null } } : {}),
        },
        ...(webhooks && syncs
          ? {
              webhookFailures: { since, ...webhooks },
              syncFailures: {
                since,
                count: syncs.count,
                items: syncs.runs.map((r) => ({
                  runId: r.runId,
                  kind: r.kind,
                  mode: r.mode,
                  source: r.source,
                  startedAt: r.startedAt,
                  finishedAt: r.finishedAt,
                  failedCount: r.counts.failed,
                  failures: r.failures.slice(0, 3),
                })),
              },
            }
          : {}),
        ...(setup ? { setup } : {}),
      };
    },
  };
  return service;
}

export type ReportingService = ReturnType<typeof createReportingService>;