import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWantedPostInput,
  UpdateWantedPostInput,
  WantedPost,
} from '../../../../common/schemas/alerts.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { wantedPostKeys } from '../../../lib/query-keys.js';

/** GET /api/wishlists: the signed-in parent's Wanted posts. */
export function useWantedPosts() {
  return useQuery({
    queryKey: wantedPostKeys.all,
    queryFn: ({ signal }) => api.get<WantedPost[]>('/api/wishlists', { signal }),
  });
}

/** POST /api/wishlists. */
export function useCreateWantedPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWantedPostInput) => api.post<WantedPost>('/api/wishlists', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: wantedPostKeys.all });
      toast({ title: 'Wanted post saved', variant: 'success' });
    },
  });
}

/** PATCH /api/wishlists/{id}: an edit, or switching the alert on or off. */
export function useUpdateWantedPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWantedPostInput }) =>
      api.patch<WantedPost>(`/api/wishlists/${id}`, input),
    onSuccess: (post) => {
      queryClient.setQueryData<WantedPost[]>(wantedPostKeys.all, (list) =>
        list?.map((entry) => (entry.id === post.id ? post : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: wantedPostKeys.all });
    },
  });
}

/** DELETE /api/wishlists/{id}. */
export function useDeleteWantedPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/wishlists/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: wantedPostKeys.all });
      toast({ title: 'Wanted post deleted', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Failed to delete Wanted post' }),
  });
}
