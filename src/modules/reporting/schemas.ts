import { Type } from 'typebox';

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

export const SalesQuery = Type.Object({
  from: Type.String({ pattern: DATE, description: 'first day (YYYY-MM-DD, store time zone)' }),
  to: Type.String({ pattern: DATE, description: 'last day, inclusive; at most 366 days after from' }),
});

export const SalesResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.Object({ date: Type.String(), ordersCount: Type.Integer(), revenue: Type.Number(), revenueMinor: Type.Integer() })),
  totals: Type.Object({ ordersCount: Type.Integer(), revenue: Type.Number(), revenueMinor: Type.Integer() }),
});
