import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import type { SafeLocation } from '../../../common/schemas/safe-locations.js';

/** Safe meet-up places (GET /api/safe-locations); anyone may read them. */
export function useSafeLocations() {
  return useQuery({
    queryKey: ['safe-locations'],
    queryFn: ({ signal }) => api.get<SafeLocation[]>('/api/safe-locations', { signal }),
  });
}
