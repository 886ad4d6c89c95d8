// The signed-in person's own account: change the password (POST /api/auth/password), and the
// signed-out way back in: ask for a reset link by email, then set a new password with its token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
