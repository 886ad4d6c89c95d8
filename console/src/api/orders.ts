// Orders: query keys and hooks (lists by status group or customer, one order with its refunds, a
// booking's deposit order, a counter sale, staff changes: mark paid, fulfilment, refund (whole or in
// part), cancel) and what each status allows.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

type ListQuery = NonNullable<paths['/api/stores/{storeId}/orders']['get']['parameters']['query']>;
export type OrderFilters = Omit<ListQuery, 'cursor'>;
export type Order = Awaited<ReturnType<typeof listOrders>>['orders'][number];
/** One order as its own page reads it: with its refunds, oldest first. */
export type OrderDetail = Awaited<ReturnType<typeof getOrder>>['order'];
export type Refund = OrderDetail['refunds'][number];
export type MarkPaidBody = NonNullable<paths['/api/stores/{storeId}/orders/{orderId}/mark-paid']['post']['requestBody']>['content']['application/json'];
export type RefundBody = NonNullable<paths['/api/stores/{storeId}/orders/{orderId}/refund']['post']['requestBody']>['content']['application/json'];
export type FulfilmentStatus = 'pending_delivery' | 'confirmed';

/** The statuses waiting for money, paid ones (docs/checkout.md "Statuses"). */
export const AWAITING_PAYMENT = ['pending_payment', 'pending_cash_collection', 'pending_manual'];
export const PAID = ['paid', 'pending_delivery', 'confirmed'];

/**
 * What can still be refunded, in minor units: the money received, less what was refunded and what
 * is being refunded now (asked of Paystack, not yet confirmed). The API refuses more (400 amountMinor).
 */
export const refundLeft = (order: Pick<Order, 'amountPaidMinor' | 'refundedMinor' | 'refundPendingMinor'>) =>
  Math.max(0, order.amountPaidMinor - order.refundedMinor - order.refundPendingMinor);

/** The list's tabs: each a group of statuses the API filters by at once. */
export const ORDER_GROUPS = [
  { value: 'awaiting', label: 'Awaiting payment', statuses: AWAITING_PAYMENT },
  { value: 'fulfil', label: 'To fulfil', statuses: ['paid', 'pending_delivery'] },
  { value: 'done', label: 'Done', statuses: ['confirmed'] },
  { value: 'closed', label: 'Closed', statuses: ['partially_refunded', 'refunded', 'cancelled', 'payment_failed', 'expired'] },
  { value: 'all', label: 'All', statuses: [] as string[] },
] as const;
export type OrderGroup = (typeof ORDER_GROUPS)[number]['value'];

export const orderKeys = {
  all: (storeId: string) => ['stores', storeId, 'orders'] as const,
  pages: (storeId: string, filters: OrderFilters) => [...orderKeys.all(storeId), 'pages', filters] as const,
  one: (storeId: string, orderId: string) => [...orderKeys.all(storeId), 'one', orderId] as const,
};

function listOrders(storeId: string, query: ListQuery) {
  return ok(api.GET('/api/stores/{storeId}/orders', { params: { path: { storeId }, query } }));
}

/** Newest first, one page at a time ("Load more" follows nextCursor). */
export function useOrderPages(storeId: string, filters: OrderFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: orderKeys.pages(storeId, filters),
    queryFn: ({ pageParam }) => listOrders(storeId, { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

function getOrder(storeId: string, orderId: string) {
  return ok(api.GET('/api/stores/{storeId}/orders/{orderId}', { params: { path: { storeId, orderId } } }));
}

/** One order by its id or its reference, with its refunds. */
export function useOrder(storeId: string, orderId: string) {
  return useQuery({ queryKey: orderKeys.one(storeId, orderId), queryFn: async (): Promise<OrderDetail> => (await getOrder(storeId, orderId)).order });
}

/** The deposit order of a booking (the newest order whose bookingId is the booking's); null when it has none. */
export function useDepositOrder(storeId: string, booking: { bookingId: string; hasDeposit: boolean }) {
  const { bookingId } = booking;
  return useQuery({
    queryKey: [...orderKeys.all(storeId), 'deposit', bookingId] as const,
    queryFn: async () => (await listOrders(storeId, { bookingId, limit: 1 })).orders[0] ?? null,
    enabled: booking.hasDeposit,
    staleTime: 15_000,
  });
}

/** Looks an order up by what a person typed (reference, order id or the website's order id). */
export function findOrder(storeId: string, text: string) {
  return getOrder(storeId, text).then((r) => r.order);
}

/** POST /api/stores/{storeId}/orders: a sale at the counter (any member). */
export type CounterSaleBody = NonNullable<paths['/api/stores/{storeId}/orders']['post']['requestBody']>['content']['application/json'];
/** How a counter sale was (or will be) paid. */
export type CounterPayment = CounterSaleBody['paymentMethod'];

/**
 * Records a sale made at the counter: stock is taken at once (409 out-of-stock names what is short),
 * and the new order is known before its page opens.
 */
export function useCreateCounterSale(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterSaleBody) =>
      ok(api.POST('/api/stores/{storeId}/orders', { params: { path: { storeId } }, body })),
    onSuccess: (data) => {
      // A new sale has no refunds (its answer does not list them).
      client.setQueryData<OrderDetail>(orderKeys.one(storeId, data.order.orderId), { refunds: [], ...data.order });
      void client.invalidateQueries({ queryKey: orderKeys.all(storeId) });
      for (const area of ['customers', 'overview', 'items', 'reports']) void client.invalidateQueries({ queryKey: ['stores', storeId, area] });
    },
  });
}

/** A change of one order: the answer replaces it, and every list, customer total and overview is refreshed. */
function useOrderChange<T, O extends Order>(storeId: string, orderId: string, call: (body: T) => Promise<{ order: O }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      // Only the refund's answer lists the refunds; after another change the ones known are kept
      // (the refetch below brings them afresh).
      const withRefunds = (previous: OrderDetail | undefined): OrderDetail => ({ refunds: previous?.refunds ?? [], ...data.order });
      client.setQueryData<OrderDetail>(orderKeys.one(storeId, orderId), withRefunds);
      if (data.order.reference !== orderId) client.setQueryData<OrderDetail>(orderKeys.one(storeId, data.order.reference), withRefunds);
      void client.invalidateQueries({ queryKey: orderKeys.all(storeId) });
      // Paid and refunded orders move the customer's total spent, the sales chart and stock.
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'customers'] });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'overview'] });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'items'] });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'reports'] });
    },
  });
}

export function useMarkPaid(storeId: string, orderId: string) {
  return useOrderChange(storeId, orderId, (body: MarkPaidBody) =>
    ok(api.POST('/api/stores/{storeId}/orders/{orderId}/mark-paid', { params: { path: { storeId, orderId } }, body })),
  );
}

export function useRefund(storeId: string, orderId: string) {
  return useOrderChange(storeId, orderId, (body: RefundBody) =>
    ok(api.POST('/api/stores/{storeId}/orders/{orderId}/refund', { params: { path: { storeId, orderId } }, body })),
  );
}

export function useFulfilment(storeId: string, orderId: string) {
  return useOrderChange(storeId, orderId, (status: FulfilmentStatus) =>
    ok(api.POST('/api/stores/{storeId}/orders/{orderId}/fulfilment', { params: { path: { storeId, orderId } }, body: { status } })),
  );
}

export function useCancelOrder(storeId: string, orderId: string) {
  return useOrderChange(storeId, orderId, () => ok(api.POST('/api/stores/{storeId}/orders/{orderId}/cancel', { params: { path: { storeId, orderId } } })));
}

/**
 * What staff may do with an order now (the API stays the judge); refunds are for owners and admins,
 * of a paid order (or one partly refunded) while something is left to refund.
 */
export function orderActions(order: Pick<Order, 'status' | 'paymentStatus' | 'amountPaidMinor' | 'refundedMinor' | 'refundPendingMinor'>, canRefund: boolean) {
  const inReview = order.paymentStatus === 'manual_review';
  return {
    markPaid: AWAITING_PAYMENT.includes(order.status),
    // Money was received for an order in manual review: it is refunded or marked paid, never cancelled.
    cancel: AWAITING_PAYMENT.includes(order.status) && !inReview,
    refund: canRefund && (PAID.includes(order.status) || order.status === 'partially_refunded' || inReview) && refundLeft(order) > 0,
    toDelivery: order.status === 'paid',
    confirm: order.status === 'paid' || order.status === 'pending_delivery',
  };
}
