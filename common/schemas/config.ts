import { z } from 'zod';

/** GET /api/config: the little the browser needs from the server's configuration. */
export const clientConfigSchema = z.object({
  /** Raster tile URL template for maps (CONTRACT.md MAP_TILE_URL). */
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
