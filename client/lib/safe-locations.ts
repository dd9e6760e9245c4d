import { useQuery } from '@tanstack/react-query';
import { safeLocationKeys } from './query-keys.js';
import { api } from './api-client.js';
import type { SafeLocation } from '../../common/schemas/safe-locations.js';

/** Safe meet-up places (GET /api/safe-locations); anyone may read them. */
export function useSafeLocations() {
  return useQuery({
    queryKey: safeLocationKeys.all,
    queryFn: ({ signal }) => api.get<SafeLocation[]>('/api/safe-locations', { signal }),
  });
}
