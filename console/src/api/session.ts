// Who is signed in, and into which stores. The session itself is the service's HttpOnly cookie.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, ok } from './client';

export type Role = 'owner' | 'admin' | 'staff';

export interface StoreMembership {
  id: string;
  slug: string;
  name: string;
  role: Role;
}

export const sessionKey = ['session'] as const;

/** The signed-in user and their stores; `null` when nobody is signed in. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async () => {
    try {
      const me = await ok(api.GET('/api/auth/me'));
      return me as typeof me & { user: { mustChangePassword?: boolean } };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => ok(api.POST('/api/auth/login', { body })),
    // The session is the sign-in's own answer at once. Read again instead, a read of /api/auth/me sent
    // before the cookie existed (the sign-in page's, on a busy machine) could answer "nobody" after it,
    // and the next page would send the user back to sign in. Everything else is read again.
    onSuccess: async (answer) => {
      await client.cancelQueries({ queryKey: sessionKey });
      client.setQueryData(sessionKey, { ok: answer.ok, user: answer.user, stores: answer.stores });
      await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/api/auth/logout')),
    onSettled: () => {
      client.setQueryData(sessionKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}

/** Owners and admins manage members, keys, webhooks and settings; staff run the day. */
export function canManage(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin';
}
