import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeLocationSchema } from '../../../common/schemas/safe-locations.js';
import { safeLocations } from '../../db/schema.js';

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** Safe meet-up places (PRODUCT §3 safe_locations) for the safety guide; anyone may read them. */
export const safeLocationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/safe-locations',
    { schema: { tags: ['safety'], response: { 200: z.array(safeLocationSchema) } } },
    async (_request, reply) => {
      const rows = await app.db
        .select()
        .from(safeLocations)
        .where(eq(safeLocations.isVerified, true))
        .orderBy(asc(safeLocations.city), asc(safeLocations.name));
      // Public places change rarely: let browsers keep the list for a few minutes.
      reply.header('cache-control', 'public, max-age=300');
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        address: row.address,
        city: row.city,
        zipCode: row.zipCode,
        locationType: row.locationType,
        isVerified: row.isVerified,
        latitude: toNumber(row.latitude),
        longitude: toNumber(row.longitude),
        hours: row.hours,
        specialFeatures: row.specialFeatures ?? [],
      }));
    },
  );
};
