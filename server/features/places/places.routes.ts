import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { myPlaceSchema, placeSchema } from '../../../common/schemas/places.js';
import { text } from '../../../common/schemas/primitives.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import { signedInUser } from '../../plugins/session.js';

/** City or ZIP code to coordinates from the bundled gazetteer: no API key, no network. */
export const placesRoutes: FastifyPluginAsyncZod<{ gazetteer: Gazetteer }> = async (app, { gazetteer }) => {
  app.get(
    '/geocode',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['places'],
        querystring: z.object({
          q: text({ message: 'Type a city or ZIP code' })
            .trim()
            .min(1, 'Type a city or ZIP code')
            .max(120, 'Search must be at most 120 characters'),
        }),
        response: { 200: z.array(placeSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => gazetteer.search(request.query.q),
  );

  // Where home and browse start (PRODUCT §2 'Recent Items Near You'): the profile's ZIP code, else
  // its city, as a gazetteer place. A town centre or ZIP centroid, never the parent's home.
  app.get(
    '/places/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['places'],
        response: { 200: myPlaceSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ place: gazetteer.locate(signedInUser(request)) ?? null }),
  );

  // A pin's place in words (the listing form's 'Pin placed near …'): the nearest town.
  app.get(
    '/places/nearest',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['places'],
        querystring: z.object({
          lat: z.coerce
            .number()
            .min(-90, 'Latitude must be between -90 and 90')
            .max(90, 'Latitude must be between -90 and 90'),
          lng: z.coerce
            .number()
            .min(-180, 'Longitude must be between -180 and 180')
            .max(180, 'Longitude must be between -180 and 180'),
        }),
        response: { 200: myPlaceSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ place: gazetteer.nearest(request.query.lat, request.query.lng) ?? null }),
  );
};
