// The current store's settings (name, currency, time zone, fees, notifications) and its profile
// (contact, country, locale, opening hours, booking rules).
import { onlineManager, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { components, paths } from './schema';

export type Store = components['schemas']['Store'];
export type StoreContact = Store['contact'];
export type OpeningHours = Store['hours'][number];
export type StoreSettingsPatch = NonNullable<paths['/api/stores/{storeId}']['patch']['requestBody']>['content']['application/json'];

export const storeKeys = {
  store: (storeId: string) => ['stores', storeId, 'settings'] as const,
};

export const storeSettingsQuery = (storeId: string) =>
  queryOptions({
    queryKey: storeKeys.store(storeId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}', { params: { path: { storeId } } }))).store,
    staleTime: 5 * 60_000,
  });

export function useStoreSettings(storeId: string, options: { forEditing?: boolean } = {}) {
  return useQuery({
    ...storeSettingsQuery(storeId),
    // A form that edits the settings reads them afresh: the copy kept on the device for offline use
    // may predate the last save (a reload right after saving would show the old values).
    ...(options.forEditing ? { refetchOnMount: 'always' as const } : {}),
  });
}

/**
 * True while a form that edits the settings must wait: online and not yet fetched since it opened
 * (offline, the kept copy is shown; a save then says it was not sent).
 */
export function awaitingFreshSettings(query: { isFetchedAfterMount: boolean; isError: boolean }): boolean {
  return !query.isFetchedAfterMount && !query.isError && onlineManager.isOnline();
}

export function useUpdateStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSettingsPatch) => ok(api.PATCH('/api/stores/{storeId}', { params: { path: { storeId } }, body })),
    onSuccess: (data) => {
      client.setQueryData(storeKeys.store(storeId), data.store);
      void client.invalidateQueries({ queryKey: ['session'] });
      // Messages speak with the store's name, contact, locale and rules: previews change with them.
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'messages'] });
    },
  });
}
