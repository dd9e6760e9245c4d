import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearchInput,
  SavedSearch,
  UpdateSavedSearchInput,
} from '../../../../common/schemas/alerts.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { savedSearchKeys } from '../../../lib/query-keys.js';

/** GET /api/saved-searches (Premium; others get 403 'Premium subscription required'). */
export function useSavedSearches({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => api.get<SavedSearch[]>('/api/saved-searches', { signal }),
    enabled,
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) => api.post<SavedSearch>('/api/saved-searches', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      toast({ title: 'Saved search created', variant: 'success' });
    },
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateSavedSearchInput }) =>
      api.patch<SavedSearch>(`/api/saved-searches/${id}`, input),
    onSuccess: (search) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.all, (list) =>
        list?.map((entry) => (entry.id === search.id ? search : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
    },
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/saved-searches/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      toast({ title: 'Saved search deleted', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Failed to delete saved search' }),
  });
}
