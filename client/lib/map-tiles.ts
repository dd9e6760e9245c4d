import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../common/schemas/config.js';
import { DEFAULT_MAP_TILE_URL, OSM_ATTRIBUTION } from '../../common/map-tiles.js';
import { api } from './api-client.js';

const FALLBACK: ClientConfig = { mapTileUrl: DEFAULT_MAP_TILE_URL, mapAttribution: OSM_ATTRIBUTION };

/**
 * The map tiles the server is configured with (MAP_TILE_URL). Every map uses this one hook;
 * until the answer arrives, and if it fails, maps draw OpenStreetMap's public tiles.
 */
export function useMapTiles(): ClientConfig {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get<ClientConfig>('/api/config', { signal }),
  });
  return config.data ?? FALLBACK;
}
