// The signed-in member's own alerts: which store events they are emailed about, per store
// (GET/PATCH /api/me/notifications). Owners get every alert until they choose; others none.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

type Answer = paths['/api/me/notifications']['get']['responses'][200]['content']['application/json'];
export type StoreAlerts = Answer['stores'][number];
export type AlertChoice = keyof StoreAlerts['notifications'];

export const notificationKeys = {
  mine: ['me', 'notifications'] as const,
};

export function useMyAlerts() {
  return useQuery({
    queryKey: notificationKeys.mine,
    queryFn: async () => (await ok(api.GET('/api/me/notifications'))).stores,
  });
}

/** Turns one alert of one store on or off; the answer replaces that store's choices. */
export function useSetAlert(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ choice, on }: { choice: AlertChoice; on: boolean }) => ok(api.PATCH('/api/me/notifications', { body: { storeId, [choice]: on } })),
    onSuccess: ({ store }) => {
      client.setQueryData<StoreAlerts[]>(notificationKeys.mine, (stores) => stores?.map((s) => (s.storeId === store.storeId ? store : s)));
    },
  });
}
