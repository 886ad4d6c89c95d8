// The Today page's data in one request (GET /api/stores/{storeId}/overview): the day's and coming
// bookings, orders waiting on the store, 30 days of sales and what needs attention (developer
// failures only in an owner's or admin's answer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

export type Overview = paths['/api/stores/{storeId}/overview']['get']['responses'][200]['content']['application/json'];
export type OverviewBooking = Overview['bookingsToday']['items'][number];
export type OverviewOrder = Overview['ordersAwaitingPayment']['items'][number];

export const overviewKeys = {
  overview: (storeId: string) => ['stores', storeId, 'overview'] as const,
};

export const overviewQuery = (storeId: string) =>
  queryOptions({
    queryKey: overviewKeys.overview(storeId),
    queryFn: () => ok(api.GET('/api/stores/{storeId}/overview', { params: { path: { storeId }, query: { limit: 8 } } })),
  });

export function useOverview(storeId: string) {
  return useQuery({
    ...overviewQuery(storeId),
    // The day moves on by itself (new bookings, payments); a minute is fresh enough.
    refetchInterval: 60_000,
  });
}
