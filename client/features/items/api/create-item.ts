import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createItemSchema } from '../../../../common/schemas/items.js';
import { api } from '../../../lib/api-client.js';
import { itemKeys } from '../../../lib/query-keys.js';
import type { SavedItem } from '../../../../common/schemas/items.js';

export type CreateItemPayload = z.input<typeof createItemSchema>;

/** POST /api/items: the saved item, with a `warning` when the server has something to say. */
export function createItem(payload: CreateItemPayload) {
  return api.post<SavedItem>('/api/items', payload);
}

/** Lists an item; every item view refreshes afterwards. Toasts are the form's business. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-item'],
    mutationFn: createItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}
