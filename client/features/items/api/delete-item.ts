import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { itemKeys } from '../../../lib/query-keys.js';
import { isDetailKey } from './item-status.js';

/** PRODUCT §7: asked before DELETE /api/items/{id}, word for word. */
export const DELETE_ITEM_CONFIRMATION =
  'Are you sure you want to delete this item? This action cannot be undone.';

/** DELETE /api/items/{id}. Toasts per PRODUCT §8; every item list refreshes. */
export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/items/${id}`),
    onSuccess: (_data, id) => {
      toast({ title: 'Item deleted', variant: 'success' });
      // The item is gone: its detail is only marked stale, so a detail view still on screen
      // doesn't re-read it into a 404 while the caller leaves; every other item list refreshes.
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(id), exact: true, refetchType: 'none' });
      void queryClient.invalidateQueries({
        queryKey: itemKeys.all,
        predicate: (query) => !isDetailKey(query.queryKey, id),
      });
    },
    onError: (error) => handleApiError(error, { title: 'Failed to delete item' }),
  });
}
