import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemStatus } from '../../../../common/enums.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { itemKeys } from '../../../lib/query-keys.js';
import type { SavedItem } from '../../../../common/schemas/items.js';

/** The statuses an owner can set by hand; Completed is shown but never set by a client (PRODUCT §4). */
export type OwnerStatus = Exclude<ItemStatus, 'completed'>;

/**
 * PRODUCT §4: Sold, Swapped and Free take the item off the market; 'Mark Available' puts it back.
 */
export function statusChange(status: OwnerStatus): { status: OwnerStatus; isAvailable: boolean } {
  return { status, isAvailable: status === 'available' };
}

/** True for exactly itemKeys.detail(id), not for keys that extend it. */
export function isDetailKey(key: readonly unknown[], id: number): boolean {
  const detail = itemKeys.detail(id);
  return key.length === detail.length && detail.every((part, index) => key[index] === part);
}

/** PATCH /api/items/{id} with a status change. Toasts per PRODUCT §8. */
export function useSetItemStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OwnerStatus }) =>
      api.patch<SavedItem>(`/api/items/${id}`, statusChange(status)),
    onSuccess: async (saved) => {
      const { warning: _warning, ...item } = saved;
      queryClient.setQueryData(itemKeys.detail(item.id), item);
      toast({ title: 'Item updated', variant: 'success' });
      // The detail already holds the server's answer; everything else item-shaped re-reads.
      await queryClient.invalidateQueries({
        queryKey: itemKeys.all,
        predicate: (query) => !isDetailKey(query.queryKey, item.id),
      });
    },
    onError: (error) => handleApiError(error, { title: 'Failed to update item' }),
  });
}
