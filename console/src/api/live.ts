// Live updates: the newest bookings and orders of the store, asked again every 15 seconds while the
// console's tab is visible (TanStack pauses the interval in a hidden tab), and what arrived since the
// console opened. The store layout reads them once for every page.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from './client';
import { useIdle } from '../lib/idle';

/** How often the console asks for new bookings and orders. */
export const LIVE_POLL_MS = 15_000;
// More than can arrive between two polls in a small store; a burst beyond it shows in the lists.
const LATEST = 10;

export const liveKeys = {
  bookings: (storeId: string) => ['stores', storeId, 'live', 'bookings'] as const,
  orders: (storeId: string) => ['stores', storeId, 'live', 'orders'] as const,
};

// Fresh for the interval too: coming back to the window asks again only when the last answer is older.
const poll = { refetchInterval: LIVE_POLL_MS, staleTime: LIVE_POLL_MS } as const;

function useLatestBookings(storeId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: liveKeys.bookings(storeId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/bookings', { params: { path: { storeId }, query: { limit: LATEST } } }))).bookings,
    ...poll,
  });
}

function useLatestOrders(storeId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: liveKeys.orders(storeId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/orders', { params: { path: { storeId }, query: { limit: LATEST } } }))).orders,
    ...poll,
  });
}

export type LiveBooking = NonNullable<ReturnType<typeof useLatestBookings>['data']>[number];
export type LiveOrder = NonNullable<ReturnType<typeof useLatestOrders>['data']>[number];

interface Seen {
  ids: Set<string>;
  /** The newest createdAt of the first answer: anything new is created at or after it. */
  floor: string;
}

/**
 * The items of a newest-first list not seen before. The first answer is what existed when the
 * console opened: nothing of it is new.
 */
export function arrivals<T>(seen: Seen | null, items: T[], id: (item: T) => string, createdAt: (item: T) => string): { seen: Seen; fresh: T[] } {
  if (!seen) return { seen: { ids: new Set(items.map(id)), floor: items.reduce((max, i) => (createdAt(i) > max ? createdAt(i) : max), '') }, fresh: [] };
  const fresh = items.filter((i) => !seen.ids.has(id(i)) && createdAt(i) >= seen.floor);
  for (const i of fresh) seen.ids.add(id(i));
  return { seen, fresh: fresh.reverse() };
}

/**
 * Calls `onBooking` and `onOrder` for each booking and order created since the console opened, oldest
 * first. The first asking waits until the first page is on screen (the browser idle after it): on a
 * slow phone it would otherwise share the link with what that page needs.
 */
export function useArrivals(storeId: string, handlers: { onBooking(booking: LiveBooking): void; onOrder(order: LiveOrder): void }) {
  const idle = useIdle();
  const bookings = useLatestBookings(storeId, idle);
  const orders = useLatestOrders(storeId, idle);
  const seenBookings = useRef<Seen | null>(null);
  const seenOrders = useRef<Seen | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!bookings.data) return;
    const { seen, fresh } = arrivals(seenBookings.current, bookings.data, (b) => b.bookingId, (b) => b.createdAt);
    seenBookings.current = seen;
    for (const b of fresh) latest.current.onBooking(b);
  }, [bookings.data]);

  useEffect(() => {
    if (!orders.data) return;
    const { seen, fresh } = arrivals(seenOrders.current, orders.data, (o) => o.orderId, (o) => o.createdAt);
    seenOrders.current = seen;
    for (const o of fresh) latest.current.onOrder(o);
  }, [orders.data]);
}
