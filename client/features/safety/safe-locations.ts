import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { safeLocationSchema } from '../../../common/schemas/safe-locations.js';
import { api } from '../../lib/api-client.js';

/** Safe meet-up places (GET /api/safe-locations); anyone may read them. */
export function useSafeLocations() {
  return useQuery({
    queryKey: ['safe-locations'],
    queryFn: ({ signal }) => api.get('/api/safe-locations', { schema: z.array(safeLocationSchema), signal }),
  });
}
