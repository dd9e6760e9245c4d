import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  savedSearchSchema,
  type CreateSavedSearchInput,
  type SavedSearch,
  type UpdateSavedSearchInput,
} from '../../../../common/schemas/alerts.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { savedSearchKeys } from './alert-keys.js';

/** GET /api/saved-searches (Premium; others get 403 'Premium subscription required'). */
export function useSavedSearches({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => api.get('/api/saved-searches', { schema: z.array(savedSearchSchema), signal }),
    enabled,
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) =>
      api.post('/api/saved-searches', input, { schema: savedSearchSchema }),
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
      api.patch(`/api/saved-searches/${id}`, input, { schema: savedSearchSchema }),
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
