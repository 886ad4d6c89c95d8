// Who is signed in, and into which stores. The session itself is the service's HttpOnly cookie.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
export function useSession() {
  return useQuery({
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
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => ok(api.POST('/api/auth/login', { body })),
    // The session is read again before the sign-in counts as done, watched or not: on the sign-in
    // page nothing watches it, and the page signing in goes to would otherwise read the cached
    // "nobody signed in" and send the user back to sign in (seen on a busy machine).
    onSuccess: () => Promise.all([client.invalidateQueries(), client.refetchQueries({ queryKey: sessionKey, type: 'inactive' })]),
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
