import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { TIMINGS } from '../../../../common/limits.js';
import { ApiError, api } from '../../../lib/api-client.js';

export const authKeys = {
  /** PRODUCT §7: the current user lives under the path it is read from. */
  currentUser: ['/api/user'] as const,
};

/** The signed-in user, or null for a visitor (PRODUCT §6: a 401 is 'no user', not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: getCurrentUser,
    staleTime: TIMINGS.currentUserCacheMs,
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/**
 * PRODUCT §4: signing in or registering stores the returned user as the current user, then
 * re-reads it about 50 ms later so the cache holds the server's view.
 */
export function storeSignedInUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(authKeys.currentUser, user);
  window.setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
  }, TIMINGS.postLoginRefetchMs);
}

/** PRODUCT §4: signing out forgets the current user and every other cached answer. */
export function clearSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.currentUser[0] });
  queryClient.setQueryData(authKeys.currentUser, null);
}
