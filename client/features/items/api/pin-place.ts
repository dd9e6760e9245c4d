import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyPlace } from '../../../../common/schemas/places.js';
import { api } from '../../../lib/api-client.js';

/** GET /api/places/nearest: the town a pin is in or near, to say it in words. */
export function usePinPlace(position: { latitude: number; longitude: number } | null) {
  // Two decimals (about 1 km) is plenty for a town's name, and spares a request per nudge.
  const lat = position ? Math.round(position.latitude * 100) / 100 : 0;
  const lng = position ? Math.round(position.longitude * 100) / 100 : 0;
  return useQuery({
    queryKey: ['places', 'nearest', lat, lng],
    queryFn: ({ signal }) => api.get<MyPlace>('/api/places/nearest', { query: { lat, lng }, signal }),
    enabled: position !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
