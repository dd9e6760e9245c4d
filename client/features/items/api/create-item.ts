import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { savedItemSchema, type createItemSchema } from '../../../../common/schemas/items.js';
import { api } from '../../../lib/api-client.js';
import { itemKeys } from './item-keys.js';

export type CreateItemPayload = z.input<typeof createItemSchema>;

/** POST /api/items: the saved item, with a `warning` when the server has something to say. */
export function createItem(payload: CreateItemPayload) {
  return api.post('/api/items', payload, { schema: savedItemSchema });
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
