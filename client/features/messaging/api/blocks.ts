import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { blockKeys, conversationKeys } from '../../../lib/query-keys.js';
import type { PublicUser } from '../../../../common/schemas/users.js';

type BlockState = { blocked: boolean };

/** GET /api/blocks: the parents the signed-in user has blocked. */
export function useBlockedUsers() {
  return useQuery({
    queryKey: blockKeys.all,
    queryFn: ({ signal }) => api.get<PublicUser[]>('/api/blocks', { signal }),
  });
}

/** Whether the signed-in user blocked this person, and whether the list is still loading. */
export function useIsBlocked(userId: number): { isBlocked: boolean; isLoading: boolean } {
  const blocked = useBlockedUsers();
  return {
    isBlocked: blocked.data?.some((person) => person.id === userId) ?? false,
    isLoading: blocked.isPending,
  };
}

/**
 * POST or DELETE /api/users/{id}/block. Blocked parents cannot message each other, so the
 * conversations are refreshed too.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: number; block: boolean; name: string }) =>
      block
        ? api.post<BlockState>(`/api/users/${userId}/block`, undefined)
        : api.delete<BlockState>(`/api/users/${userId}/block`),
    onSuccess: (_state, { block, name }) => {
      void queryClient.invalidateQueries({ queryKey: blockKeys.all });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      toast({ title: block ? `${name} is blocked` : `${name} is unblocked`, variant: 'success' });
    },
    onError: (error, { block }) =>
      handleApiError(error, { title: block ? 'Error blocking user' : 'Error unblocking user' }),
  });
}
