import { Type } from 'typebox';
import { IsoTimestamp, Nullable } from '../../http/schemas.ts';
import { StaffBookingRecord } from '../bookings/schemas.ts';
import { SyncFailureSchema } from '../developer/sync-schemas.ts';

export const TopSellingQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (400 missing-store-id when absent)' })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30, description: 'look-back window in days, 1–365 (default 30)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'products returned, 1–100 (default 10)' })),
});

export const TopSellingResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  days: Type.Integer(),
  limit: Type.Integer(),
  currency: Type.String(),
  products: Type.Array(
    Type.Object({
      productId: Type.String(),
      name: Type.String(),
      quantity: Type.Integer({ description: 'units sold in paid orders' }),
      revenue: Type.Number({ description: 'major units' }),
      revenueMinor: Type.Integer(),
      ordersCount: Type.Integer({ description: 'paid orders containing the product' }),
    }),
    { description: 'most units first' },
  ),
});

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const StoreDate = Type.String({ pattern: DATE, description: 'YYYY-MM-DD in the store time zone' });

export const SalesQuery = Type.Object({
  from: Type.String({ pattern: DATE, description: 'first day (YYYY-MM-DD, store time zone)' }),
  to: Type.String({ pattern: DATE, description: 'last day, inclusive; at most 366 days after from' }),
  period: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], { description: 'how `periods` groups the days (default day; weeks start on Monday)' })),
});

export const SummaryQuery = Type.Object({
  from: Type.String({ pattern: DATE, description: 'first day (YYYY-MM-DD, store time zone)' }),
  to: Type.String({ pattern: DATE, description: 'last day, inclusive; at most 366 days after from' }),
});

const Money = { revenue: Type.Number({ description: 'major currency units' }), revenueMinor: Type.Integer() };

export const SummaryResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  revenue: Type.Object({ ordersCount: Type.Integer({ description: 'orders paid in the period' }), ...Money }),
  products: Type.Array(Type.Object({ itemId: Type.String(), name: Type.String(), quantity: Type.Integer(), ordersCount: Type.Integer(), ...Money }), {
    description: 'products sold in orders paid in the period, best revenue first (at most 20)',
  }),
  services: Type.Array(
    Type.Object({
      serviceId: Type.String(),
      name: Type.String(),
      bookingsCount: Type.Integer({ description: 'bookings in the period, cancelled ones left out' }),
      attendedCount: Type.Integer(),
      ...Money,
    }),
    { description: "services by bookings (at most 20); revenue: each booking's recorded payment amount, else the service's current price" },
  ),
  bookings: Type.Object({
    total: Type.Integer({ description: 'bookings with bookingDate in the period' }),
    byStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() }), { description: 'every status, zeros included' }),
    attended: Type.Integer({ description: 'completed or marked attended' }),
    noShows: Type.Integer(),
    noShowRate: Nullable(Type.Number({ description: 'noShows / (attended + noShows), 3 decimals; null without either' })),
  }),
  busiest: Type.Object({
    weekdays: Type.Array(Type.Object({ day: Type.String({ description: 'mon … sun' }), count: Type.Integer() })),
    hours: Type.Array(Type.Object({ hour: Type.Integer({ minimum: 0, maximum: 23 }), count: Type.Integer() }), { description: 'bookings by starting hour, store time' }),
  }),
  customers: Type.Object({
    total: Type.Integer({ description: 'customers who booked or paid in the period' }),
    returning: Type.Integer({ description: 'of those, customers before the period began' }),
    new: Type.Integer(),
  }),
});

export const SalesResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  period: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
  days: Type.Array(Type.Object({ date: Type.String(), ordersCount: Type.Integer(), revenue: Type.Number(), revenueMinor: Type.Integer() })),
  periods: Type.Array(
    Type.Object({ from: Type.String(), to: Type.String(), label: Type.String({ description: 'the day, the week\'s Monday, or YYYY-MM' }), ordersCount: Type.Integer(), revenue: Type.Number(), revenueMinor: Type.Integer() }),
    { description: 'the days grouped by `period`; the first and last are cut to the range' },
  ),
  totals: Type.Object({ ordersCount: Type.Integer(), revenue: Type.Number(), revenueMinor: Type.Integer() }),
});

export const BookingsReportQuery = Type.Object({
  from: Type.Optional(Type.String({ pattern: DATE, description: 'first bookingDate counted (YYYY-MM-DD, store time zone); default: no lower bound' })),
  to: Type.Optional(Type.String({ pattern: DATE, description: 'last bookingDate counted, inclusive; default: no upper bound' })),
});

const BookingStatus = Type.Union(['pending', 'confirmed', 'completed', 'cancelled', 'rescheduled'].map((s) => Type.Literal(s)));

export const BookingsReportResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  total: Type.Integer(),
  statuses: Type.Array(
    Type.Object({ status: BookingStatus, bookingStatus: Type.String({ description: 'as in booking records: pending shows as pending_approval' }), count: Type.Integer() }),
    { description: 'every status, zeros included' },
  ),
});

export const OverviewQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'items listed per group, 1–50 (default 10); counts are always complete' })),
});

const BookingList = (description: string, extra = {}) =>
  Type.Object({ ...extra, count: Type.Integer(), items: Type.Array(StaffBookingRecord, { description: 'soonest first (the first `limit`); bookingId links to the booking' }) }, { description });

const OrderSummary = Type.Object({
  orderId: Type.String({ description: 'links to GET /api/stores/{storeId}/orders/{orderId}' }),
  reference: Type.String(),
  status: Type.String(),
  paymentStatus: Type.String(),
  paymentMethod: Nullable(Type.String()),
  total: Type.Number(),
  totalMinor: Type.Integer(),
  currency: Type.String(),
  customerName: Nullable(Type.String()),
  itemsCount: Type.Integer({ description: 'units over all lines' }),
  createdAt: IsoTimestamp,
  paidAt: Nullable(Type.String()),
  expiresAt: Nullable(Type.String()),
});

const OrderGroup = (description: string) =>
  Type.Object(
    {
      statuses: Type.Array(Type.String()),
      count: Type.Integer(),
      countCapped: Type.Boolean({ description: 'true when there are more than 1000: count stops at 1000' }),
      items: Type.Array(OrderSummary, { description: 'newest first (the first `limit`)' }),
    },
    { description },
  );

export const OverviewResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  timezone: Type.String(),
  currency: Type.String(),
  today: StoreDate,
  generatedAt: IsoTimestamp,
  bookingsToday: BookingList("today's bookings, cancelled ones left out", { date: StoreDate }),
  bookingsUpcoming: BookingList("the next 7 days' bookings (from tomorrow), cancelled ones left out", { from: StoreDate, to: StoreDate }),
  pendingApproval: BookingList('bookings waiting for a staff decision (status pending, any date)'),
  ordersAwaitingPayment: OrderGroup('orders waiting for payment: pending_payment, pending_cash_collection, pending_manual'),
  ordersAwaitingDelivery: OrderGroup('paid orders not yet delivered: paid, pending_delivery'),
  sales: Type.Object(
    {
      from: StoreDate,
      to: StoreDate,
      days: SalesResponse.properties.days,
      totals: SalesResponse.properties.totals,
    },
    { description: 'paid orders per day of the last 30 days (today included), as GET …/reports/sales' },
  ),
  attention: Type.Object(
    {
      bookingsPendingApproval: Type.Integer(),
      failedWebhookDeliveries: Type.Optional(Type.Integer({ description: 'owners and admins only: webhookFailures.count' })),
      failedSyncRuns: Type.Optional(Type.Integer({ description: 'owners and admins only: syncFailures.count' })),
      backupFailed: Type.Optional(Type.Boolean({ description: 'owners only, when the server backs itself up: the last backup failed' })),
      lastBackup: Type.Optional(
        Type.Object({ ok: Type.Boolean(), at: IsoTimestamp, error: Type.Union([Type.String(), Type.Null()]) }, { description: 'owners only, when the server backs itself up: its last backup' }),
      ),
    },
    { description: 'the counts of what needs someone' },
  ),
  setup: Type.Optional(
    Type.Object(
      {
        serviceAdded: Type.Boolean({ description: 'a service or course is in the catalog (published or not)' }),
        staffInvited: Type.Boolean({ description: 'the store has a second member, or an invitation not yet accepted' }),
        websiteConnected: Type.Boolean({ description: 'the store has an integration key that is not revoked' }),
      },
      { description: "owners and admins only: which of a new store's next steps are done (the console's Today lists those left)" },
    ),
  ),
  webhookFailures: Type.Optional(
    Type.Object(
      {
        since: IsoTimestamp,
        count: Type.Integer(),
        items: Type.Array(
          Type.Object({
            deliveryId: Type.String({ description: 'with endpointId, links to the delivery (and POST …/redeliver)' }),
            endpointId: Type.String(),
            url: Type.String(),
            eventId: Type.String(),
            eventType: Type.String(),
            attemptCount: Type.Integer(),
            reason: Nullable(Type.String()),
            failedAt: IsoTimestamp,
          }),
          { description: 'latest first (the first `limit`)' },
        ),
        endpoints: Type.Array(
          Type.Object({ endpointId: Type.String(), url: Type.String(), enabled: Type.Boolean(), count: Type.Integer(), lastFailedAt: IsoTimestamp }),
          { description: 'failures per endpoint, most recent first' },
        ),
      },
      { description: 'owners and admins only: webhook deliveries that failed for good in the last 7 days and were not redelivered since' },
    ),
  ),
  syncFailures: Type.Optional(
    Type.Object(
      {
        since: IsoTimestamp,
        count: Type.Integer(),
        items: Type.Array(
          Type.Object({
            runId: Type.String({ description: 'links to the run in GET /developer/sync-runs' }),
            kind: Type.String(),
            mode: Nullable(Type.String()),
            source: Nullable(Type.String()),
            startedAt: IsoTimestamp,
            finishedAt: Nullable(Type.String()),
            failedCount: Type.Integer(),
            failures: Type.Array(SyncFailureSchema, { description: 'the first 3' }),
          }),
          { description: 'latest first (the first `limit`)' },
        ),
      },
      { description: 'owners and admins only: sync runs that failed in the last 7 days' },
    ),
  ),
});
