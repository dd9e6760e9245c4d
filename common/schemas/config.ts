import { z } from 'zod';

/** GET /api/config: the little the browser needs from the server's configuration. */
export const clientConfigSchema = z.object({
  /** Raster tile URL template for maps (docs/OPERATIONS.md MAP_TILE_URL). */
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export { DEFAULT_MAP_TILE_URL, OSM_ATTRIBUTION } from '../map-tiles.js';
