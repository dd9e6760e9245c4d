import { useQuery } from '@tanstack/react-query';
import {
  clientConfigSchema,
  DEFAULT_MAP_TILE_URL,
  OSM_ATTRIBUTION,
  type ClientConfig,
} from '../../common/schemas/config.js';
import { api } from './api-client.js';

const FALLBACK: ClientConfig = { mapTileUrl: DEFAULT_MAP_TILE_URL, mapAttribution: OSM_ATTRIBUTION };

/**
 * The map tiles the server is configured with (MAP_TILE_URL). Every map uses this one hook;
 * until the answer arrives, and if it fails, maps draw OpenStreetMap's public tiles.
 */
export function useMapTiles(): ClientConfig {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get('/api/config', { schema: clientConfigSchema, signal }),
  });
  return config.data ?? FALLBACK;
}
