import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { userKeys } from '../../../lib/query-keys.js';
import type { PublicUser } from '../../../../common/schemas/users.js';

/** GET /api/users/{id}: another parent's public profile; 404 'User not found'. */
export const userQuery = (userId: number) =>
  queryOptions({
    queryKey: userKeys.profile(userId),
    queryFn: ({ signal }) => api.get<PublicUser>(`/api/users/${userId}`, { signal }),
  });

/** `userId` undefined means there is nobody to read yet. */
export function useUser(userId: number | undefined) {
  return useQuery({ ...userQuery(userId ?? 0), enabled: userId !== undefined });
}
