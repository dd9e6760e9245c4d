import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema, OSM_ATTRIBUTION } from '../../../common/schemas/config.js';

/** What the browser needs of the configuration (no secrets): the map tiles to draw. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { tags: ['config'], response: { 200: clientConfigSchema } } }, async () => ({
    mapTileUrl: app.config.mapTileUrl,
    mapAttribution: OSM_ATTRIBUTION,
  }));
};
