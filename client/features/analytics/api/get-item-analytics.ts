import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { ItemAnalytics, OwnerAnalytics } from '../../../../common/schemas/analytics.js';

export const analyticsKeys = {
  item: (itemId: number) => ['analytics', 'item', itemId] as const,
  owner: ['analytics', 'owner'] as const,
};

/** GET /api/items/{id}/analytics: Premium owners only (403 for anyone else). */
export function useItemAnalytics(itemId: number) {
  return useQuery({
    queryKey: analyticsKeys.item(itemId),
    queryFn: ({ signal }) => api.get<ItemAnalytics>(`/api/items/${itemId}/analytics`, { signal }),
  });
}

/** GET /api/analytics: the signed-in Premium owner's listings together (403 for free accounts). */
export function useOwnerAnalytics() {
  return useQuery({
    queryKey: analyticsKeys.owner,
    queryFn: ({ signal }) => api.get<OwnerAnalytics>('/api/analytics', { signal }),
  });
}
