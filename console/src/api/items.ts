// Catalog items: query keys and hooks (the whole catalog, one item, create, edit, publish/unpublish,
// stock adjustments, delete). A store's catalog is read whole (the API has no paging for it): search and the type
// filter run in the browser on the list already loaded.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import { overviewKeys } from './overview';
import type { components, paths } from './schema';

export type Item = Awaited<ReturnType<typeof listItems>>['items'][number];
export type ItemType = Item['itemType'];
export type Schedule = components['schemas']['Schedule'];
export type Weekday = Schedule['weeklyHours'][number]['day'];
export type NewItem = NonNullable<paths['/api/stores/{storeId}/items']['post']['requestBody']>['content']['application/json'];
export type ItemPatch = NonNullable<paths['/api/stores/{storeId}/items/{itemId}']['patch']['requestBody']>['content']['application/json'];

export const ITEM_TYPES: ItemType[] = ['product', 'service', 'course'];
export const WEEKDAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export const itemKeys = {
  all: (storeId: string) => ['stores', storeId, 'items'] as const,
  list: (storeId: string) => [...itemKeys.all(storeId), 'list'] as const,
  one: (storeId: string, itemId: string) => [...itemKeys.all(storeId), 'one', itemId] as const,
};

function listItems(storeId: string) {
  return ok(api.GET('/api/stores/{storeId}/items', { params: { path: { storeId } } }));
}

/** Every item of the store, unpublished included. */
export function useItems(storeId: string) {
  return useQuery({ queryKey: itemKeys.list(storeId), queryFn: async () => (await listItems(storeId)).items });
}

export function useItem(storeId: string, itemId: string) {
  return useQuery({
    queryKey: itemKeys.one(storeId, itemId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/items/{itemId}', { params: { path: { storeId, itemId } } }))).item,
  });
}

/** After a change: the item itself is known; the list is read again, and Today's overview (its next steps count a service). */
function useSaved(storeId: string) {
  const client = useQueryClient();
  return (item: Item) => {
    client.setQueryData(itemKeys.one(storeId, item.id), item);
    void client.invalidateQueries({ queryKey: itemKeys.list(storeId) });
    void client.invalidateQueries({ queryKey: overviewKeys.overview(storeId) });
  };
}

export function useCreateItem(storeId: string) {
  const saved = useSaved(storeId);
  return useMutation({
    mutationFn: async (body: NewItem) => (await ok(api.POST('/api/stores/{storeId}/items', { params: { path: { storeId } }, body }))).item,
    onSuccess: saved,
  });
}

/** Sends only the fields given (PATCH): stock taken by orders meanwhile is not overwritten. */
export function useUpdateItem(storeId: string) {
  const saved = useSaved(storeId);
  return useMutation({
    mutationFn: async ({ itemId, patch }: { itemId: string; patch: ItemPatch }) =>
      (await ok(api.PATCH('/api/stores/{storeId}/items/{itemId}', { params: { path: { storeId, itemId } }, body: patch }))).item,
    onSuccess: saved,
  });
}

/** PATCH …/items/{itemId}/stock: `add` (negative removes) or a new `stockCount`. */
export type StockChange = NonNullable<paths['/api/stores/{storeId}/items/{itemId}/stock']['patch']['requestBody']>['content']['application/json'];

/**
 * Every member, staff included: stock received or removed is added to what the service holds now
 * (orders taken meanwhile are kept); a count sets it.
 */
export function useAdjustStock(storeId: string) {
  const saved = useSaved(storeId);
  return useMutation({
    mutationFn: async ({ itemId, change }: { itemId: string; change: StockChange }) =>
      (await ok(api.PATCH('/api/stores/{storeId}/items/{itemId}/stock', { params: { path: { storeId, itemId } }, body: change }))).item,
    onSuccess: saved,
  });
}

export function useDeleteItem(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => ok(api.DELETE('/api/stores/{storeId}/items/{itemId}', { params: { path: { storeId, itemId } } })),
    onSuccess: (_data, itemId) => {
      client.removeQueries({ queryKey: itemKeys.one(storeId, itemId) });
      void client.invalidateQueries({ queryKey: itemKeys.list(storeId) });
      void client.invalidateQueries({ queryKey: overviewKeys.overview(storeId) });
    },
  });
}

export type SchedulePreviewBody = NonNullable<paths['/api/stores/{storeId}/schedule-preview']['post']['requestBody']>['content']['application/json'];
export type PreviewSlot = Awaited<ReturnType<typeof previewSchedule>>['slots'][number];

function previewSchedule(storeId: string, body: SchedulePreviewBody) {
  return ok(api.POST('/api/stores/{storeId}/schedule-preview', { params: { path: { storeId } }, body }));
}

/**
 * The next open times of a schedule not saved yet; with `itemId`, that item's bookings take their
 * seats. `body` is the request as JSON, so equal schedules share a cache entry.
 */
export function useSchedulePreview(storeId: string, body: string) {
  return useQuery({
    queryKey: [...itemKeys.all(storeId), 'schedule-preview', body] as const,
    queryFn: () => previewSchedule(storeId, JSON.parse(body) as SchedulePreviewBody),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refusal is about the schedule as typed: the answer is shown, not retried.
    retry: false,
  });
}
