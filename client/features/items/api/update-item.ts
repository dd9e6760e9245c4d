import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateItemSchema } from '../../../../common/schemas/items.js';
import { api } from '../../../lib/api-client.js';
import { itemKeys } from '../../../lib/query-keys.js';
import type { SavedItem } from '../../../../common/schemas/items.js';

export type UpdateItemPayload = z.input<typeof updateItemSchema>;

/** PATCH /api/items/{id} with the full form: the saved item, perhaps with a `warning`. */
export function updateItem({ id, payload }: { id: number; payload: UpdateItemPayload }) {
  return api.patch<SavedItem>(`/api/items/${id}`, payload);
}

/** Saves an edited item; every item view refreshes afterwards. Toasts are the form's business. */
export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-item'],
    mutationFn: updateItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}
