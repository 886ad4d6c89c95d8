// The signed-in person's own account: change the password (POST /api/auth/password), and the
// signed-out way back in: ask for a reset link by email, then set a new password with its token;
// and an invitation link: what it offers, then accepting it with a new account or the signed-in one.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import { sessionKey } from './session';

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => ok(api.POST('/api/auth/password', { body })),
    // This session stays; the answer's user no longer must change the password.
    onSuccess: (data) => {
      client.setQueryData(sessionKey, (old: { user: object } | null | undefined) => (old ? { ...old, user: { ...old.user, ...data.user } } : old));
    },
  });
}

/** Always answers the same (202) whether the email has an account or not. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) => ok(api.POST('/api/auth/password-reset', { body })),
  });
}

/** Sets a new password with an emailed link's token; every session of the account ends. */
export function useConfirmPasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => ok(api.POST('/api/auth/password-reset/confirm', { body })),
    onSuccess: () => {
      client.setQueryData(sessionKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}

// Invitations, from the invitee's side: the link's token shows what it offers, then it is accepted
// once, with a new account (which signs in) or by the signed-in account with the invited address.
export const invitationKey = (token: string) => ['invitation', token] as const;

/** What an invitation link offers (store, role, invited address, who invited, until when). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: async () => (await ok(api.POST('/api/auth/invitation', { body: { token } }))).invitation,
    enabled: token !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Everything but the invitation's own preview is read again as the new (or same) person. */
async function refreshAfterJoining(client: QueryClient) {
  await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'invitation' });
}

/** A new account with the invited address, signed in (the service sets the session cookie). */
export function useAcceptInvitationWithNewAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; name: string; password: string }) => ok(api.POST('/api/auth/invitation/signup', { body })),
    onSuccess: () => refreshAfterJoining(client),
  });
}

/** The signed-in account (with the invited address) joins the store. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string }) => ok(api.POST('/api/auth/invitation/accept', { body })),
    onSuccess: () => refreshAfterJoining(client),
  });
}
