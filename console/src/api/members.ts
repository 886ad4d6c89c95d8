// The people of a store and their roles: list (every member, and the invitations not yet accepted),
// invite, resend and withdraw invitations, and remove members (owners and admins; only owners invite
// or remove owners, and the last owner stays). An invitation is a single-use link valid 7 days: the
// service mails it, or (mail off on the server) answers it as `inviteUrl` for the inviter to pass on.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import { overviewKeys } from './overview';
import type { components, operations } from './schema';

export type Member = components['schemas']['Member'];
/** The answer to an invitation or a resend: `inviteUrl` only when nothing was mailed. */
export type InviteResult = operations['inviteMember']['responses'][201]['content']['application/json'];
export type Invitation = InviteResult['invitation'];
export type InviteBody = { email: string; name?: string; role: Member['role'] };

export const memberKeys = {
  all: (storeId: string) => ['stores', storeId, 'members'] as const,
};

/** The members, and the open invitations (pending, or expired and waiting to be resent). */
export function useMembers(storeId: string) {
  return useQuery({
    queryKey: memberKeys.all(storeId),
    queryFn: async () => {
      const { members, invitations } = await ok(api.GET('/api/stores/{storeId}/members', { params: { path: { storeId } } }));
      return { members, invitations };
    },
  });
}

// An answer's `inviteUrl` is a working link: shown by the dialog that asked, not kept in the mutation cache.
export function useInviteMember(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteBody): Promise<InviteResult> => ok(api.POST('/api/stores/{storeId}/members', { params: { path: { storeId } }, body })),
    onSuccess: () => membersChanged(client, storeId),
    gcTime: 0,
  });
}

/** The members are read again, and Today's overview (its next steps count an invitation or a second member). */
function membersChanged(client: QueryClient, storeId: string) {
  void client.invalidateQueries({ queryKey: overviewKeys.overview(storeId) });
  return client.invalidateQueries({ queryKey: memberKeys.all(storeId) });
}

/** A new link for an invitation; the old one stops working. */
export function useResendInvitation(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string): Promise<InviteResult> =>
      ok(api.POST('/api/stores/{storeId}/invitations/{invitationId}/resend', { params: { path: { storeId, invitationId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all(storeId) }),
    gcTime: 0,
  });
}

/** The invitation's link stops working (404 when it was accepted or withdrawn meanwhile). */
export function useWithdrawInvitation(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => ok(api.DELETE('/api/stores/{storeId}/invitations/{invitationId}', { params: { path: { storeId, invitationId } } })),
    onSettled: () => membersChanged(client, storeId),
  });
}

export function useRemoveMember(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => ok(api.DELETE('/api/stores/{storeId}/members/{userId}', { params: { path: { storeId, userId } } })),
    onSettled: () => membersChanged(client, storeId),
  });
}
