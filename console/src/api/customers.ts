// Customers: query keys and hooks (search with "Load more", one customer, their bookings and
// orders, their visits, add, edit, delete).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

type ListQuery = NonNullable<paths['/api/stores/{storeId}/customers']['get']['parameters']['query']>;
export type CustomerFilters = Omit<ListQuery, 'cursor'>;
export type Customer = Awaited<ReturnType<typeof listCustomers>>['customers'][number];
export type NewCustomer = NonNullable<paths['/api/stores/{storeId}/customers']['post']['requestBody']>['content']['application/json'];
export type CustomerPatch = NonNullable<paths['/api/stores/{storeId}/customers/{customerId}']['patch']['requestBody']>['content']['application/json'];

export const customerKeys = {
  all: (storeId: string) => ['stores', storeId, 'customers'] as const,
  pages: (storeId: string, filters: CustomerFilters) => [...customerKeys.all(storeId), 'pages', filters] as const,
  one: (storeId: string, customerId: string) => [...customerKeys.all(storeId), 'one', customerId] as const,
  bookings: (storeId: string, customerId: string) => [...customerKeys.all(storeId), 'one', customerId, 'bookings'] as const,
  orders: (storeId: string, customerId: string) => [...customerKeys.all(storeId), 'one', customerId, 'orders'] as const,
  visits: (storeId: string, customerId: string) => [...customerKeys.all(storeId), 'one', customerId, 'visits'] as const,
};

function listCustomers(storeId: string, query: ListQuery) {
  return ok(api.GET('/api/stores/{storeId}/customers', { params: { path: { storeId }, query } }));
}

/** Newest first; `q` matches name, email or phone (digits alone too). */
export function useCustomerPages(storeId: string, filters: CustomerFilters) {
  return useInfiniteQuery({
    queryKey: customerKeys.pages(storeId, filters),
    queryFn: ({ pageParam }) => listCustomers(storeId, { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A few customers matching what was typed (name, email, tag or any phone format); nothing is asked for under 2 characters. */
export function useCustomerSearch(storeId: string, q: string) {
  return useQuery({
    queryKey: [...customerKeys.all(storeId), 'search', q] as const,
    queryFn: async () => (await listCustomers(storeId, { q, limit: 6 })).customers,
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(storeId: string, customerId: string) {
  return useQuery({
    queryKey: customerKeys.one(storeId, customerId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/customers/{customerId}', { params: { path: { storeId, customerId } } }))).customer,
  });
}

/** The customer's bookings, newest first, a page at a time. */
export function useCustomerBookings(storeId: string, customerId: string) {
  return useInfiniteQuery({
    queryKey: customerKeys.bookings(storeId, customerId),
    queryFn: ({ pageParam }) =>
      ok(api.GET('/api/stores/{storeId}/bookings', { params: { path: { storeId }, query: { customerId, limit: 10, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The customer's orders, newest first, a page at a time. */
export function useCustomerOrders(storeId: string, customerId: string) {
  return useInfiniteQuery({
    queryKey: customerKeys.orders(storeId, customerId),
    queryFn: ({ pageParam }) =>
      ok(api.GET('/api/stores/{storeId}/orders', { params: { path: { storeId }, query: { customerId, limit: 10, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

// The customer record counts bookings and no-shows but not visits: those are read from the
// bookings themselves, up to this many pages of 100 (a salon's regular stays far below it).
const VISIT_PAGES = 5;

/** Bookings the customer came to (attendance "attended"; a completed booking counts as attended). */
export function useCustomerVisits(storeId: string, customerId: string) {
  return useQuery({
    queryKey: customerKeys.visits(storeId, customerId),
    queryFn: async () => {
      let visits = 0;
      let cursor = '';
      for (let page = 0; page < VISIT_PAGES; page++) {
        const result = await ok(api.GET('/api/stores/{storeId}/bookings', { params: { path: { storeId }, query: { customerId, limit: 100, ...(cursor ? { cursor } : {}) } } }));
        visits += result.bookings.filter((b) => b.attendance === 'attended').length;
        if (!result.nextCursor) return { visits, capped: false };
        cursor = result.nextCursor;
      }
      return { visits, capped: true };
    },
  });
}

/** Any member; 409 conflict when the phone (any format of the store's country) or email is another customer's. */
export function useCreateCustomer(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCustomer) => ok(api.POST('/api/stores/{storeId}/customers', { params: { path: { storeId } }, body })),
    onSuccess: (data) => {
      client.setQueryData(customerKeys.one(storeId, data.customer.id), data.customer);
      void client.invalidateQueries({ queryKey: customerKeys.all(storeId), predicate: (q) => q.queryKey[3] === 'pages' });
    },
  });
}

/** The customer a 409 conflict names ("Esi Mensah (cus_…) already has this phone number."), or null. */
export function conflictingCustomerId(message: string): string | null {
  return /\b(cus_[A-Za-z0-9_-]+)/.exec(message)?.[1] ?? null;
}

export function useUpdateCustomer(storeId: string, customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerPatch) => ok(api.PATCH('/api/stores/{storeId}/customers/{customerId}', { params: { path: { storeId, customerId } }, body })),
    onSuccess: (data) => {
      client.setQueryData(customerKeys.one(storeId, customerId), data.customer);
      void client.invalidateQueries({ queryKey: customerKeys.all(storeId), predicate: (q) => q.queryKey[3] === 'pages' });
    },
  });
}

/** Owners and admins; 409 conflict while bookings or orders still refer to the customer. */
export function useDeleteCustomer(storeId: string, customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.DELETE('/api/stores/{storeId}/customers/{customerId}', { params: { path: { storeId, customerId } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: customerKeys.one(storeId, customerId) });
      void client.invalidateQueries({ queryKey: customerKeys.all(storeId) });
    },
  });
}
