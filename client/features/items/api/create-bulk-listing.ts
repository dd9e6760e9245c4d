import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bulkListingSchema } from '../../../../common/schemas/items.js';
import { api } from '../../../lib/api-client.js';
import { itemKeys } from '../../../lib/query-keys.js';
import type { BulkListingResult } from '../../../../common/schemas/items.js';

export type BulkListingPayload = z.input<typeof bulkListingSchema>;

/** POST /api/bulk-listings (Premium): every item is created, or none. */
export function createBulkListing(payload: BulkListingPayload) {
  return api.post<BulkListingResult>('/api/bulk-listings', payload);
}

/** PRODUCT §7: on success the item lists refresh. Toasts are the form's business. */
export function useCreateBulkListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-bulk-listing'],
    mutationFn: createBulkListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}
