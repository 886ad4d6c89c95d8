// Staff calendars: the store's bookable people (query keys and hooks). Any member reads them; owners
// and admins add, change and remove them. Time off over bookings to come, and removing a person with
// bookings to come, are refused with 409 `conflict` listing those bookings (ApiError.details).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { operations } from './schema';
import { bookingKeys } from './bookings';

export type StaffMember = operations['listStaff']['responses'][200]['content']['application/json']['staff'][number];
export type NewStaff = operations['createStaff']['requestBody']['content']['application/json'];
export type StaffPatch = operations['updateStaff']['requestBody']['content']['application/json'];
export type TimeOffInput = NonNullable<NewStaff['timeOff']>[number];

export const staffKeys = {
  all: (storeId: string) => ['stores', storeId, 'staff'] as const,
};

/** Every person of the store, oldest first. */
export const staffQuery = (storeId: string) =>
  queryOptions({
    queryKey: staffKeys.all(storeId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/staff', { params: { path: { storeId } } }))).staff,
    staleTime: 60_000,
  });

export function useStaff(storeId: string) {
  return useQuery(staffQuery(storeId));
}

/** The people who perform a service or course (none: it is booked by its capacity). */
export const performersOf = (staff: StaffMember[] | undefined, serviceId: string | null | undefined) =>
  serviceId ? (staff ?? []).filter((s) => s.serviceIds.includes(serviceId)) : [];

function useChanged(storeId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: staffKeys.all(storeId) });
    // Who is free changes with hours, time off and services.
    void client.invalidateQueries({ queryKey: bookingKeys.all(storeId) });
  };
}

export function useCreateStaff(storeId: string) {
  const changed = useChanged(storeId);
  return useMutation({
    mutationFn: async (body: NewStaff) => (await ok(api.POST('/api/stores/{storeId}/staff', { params: { path: { storeId } }, body }))).staff,
    onSuccess: changed,
  });
}

export function useUpdateStaff(storeId: string, staffId: string) {
  const changed = useChanged(storeId);
  return useMutation({
    mutationFn: async (body: StaffPatch) => (await ok(api.PATCH('/api/stores/{storeId}/staff/{staffId}', { params: { path: { storeId, staffId } }, body }))).staff,
    onSuccess: changed,
  });
}

export function useDeleteStaff(storeId: string) {
  const changed = useChanged(storeId);
  return useMutation({
    mutationFn: (staffId: string) => ok(api.DELETE('/api/stores/{storeId}/staff/{staffId}', { params: { path: { storeId, staffId } } })),
    onSuccess: changed,
  });
}
