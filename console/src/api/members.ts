// The people of a store and their roles: list (every member), invite and remove (owners and admins;
// only owners add or remove owners, and the last owner stays).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { components } from './schema';

export type Member = components['schemas']['Member'];
export type InviteBody = { email: string; name?: string; role: Member['role'] };

export const memberKeys = {
  all: (storeId: string) => ['stores', storeId, 'members'] as const,
};

export function useMembers(storeId: string) {
  return useQuery({
    queryKey: memberKeys.all(storeId),
    queryFn: async () => (await ok(api.GET('/api/stores/{storeId}/members', { params: { path: { storeId } } }))).members,
  });
}

/** A new account's `temporaryPassword` is in this answer only: show it once, never cache it. */
export function useInviteMember(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => ok(api.POST('/api/stores/{storeId}/members', { params: { path: { storeId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.all(storeId) }),
  });
}

export function useRemoveMember(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => ok(api.DELETE('/api/stores/{storeId}/members/{userId}', { params: { path: { storeId, userId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all(storeId) }),
  });
}
