import { useQuery } from '@tanstack/react-query';
import { itemAnalyticsSchema } from '../../../../common/schemas/analytics.js';
import { api } from '../../../lib/api-client.js';

export const analyticsKeys = {
  item: (itemId: number) => ['analytics', 'item', itemId] as const,
};

/** GET /api/items/{id}/analytics: Premium owners only (403 for anyone else). */
export function useItemAnalytics(itemId: number) {
  return useQuery({
    queryKey: analyticsKeys.item(itemId),
    queryFn: ({ signal }) =>
      api.get(`/api/items/${itemId}/analytics`, { schema: itemAnalyticsSchema, signal }),
  });
}
