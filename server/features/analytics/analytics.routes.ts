import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { itemAnalyticsSchema, ownerAnalyticsSchema } from '../../../common/schemas/analytics.js';
import { idParamsSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { signedInUser } from '../../plugins/session.js';
import { getItemAnalytics, getOwnerAnalytics, type AnalyticsContext } from './analytics.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Premium item analytics (PRODUCT §1): per item for the item page, and per owner for the profile. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const ctx: AnalyticsContext = { db: app.db, clock: options.clock };
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/items/:id/analytics',
    {
      schema: {
        tags: ['analytics'],
        params: idParamsSchema,
        response: { 200: itemAnalyticsSchema, ...errors },
      },
    },
    async (request) => getItemAnalytics(ctx, signedInUser(request), request.params.id),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags: ['analytics'],
        description: 'The signed-in owner’s totals over all their items, and views per day.',
        response: { 200: ownerAnalyticsSchema, ...errors },
      },
    },
    async (request) => getOwnerAnalytics(ctx, signedInUser(request)),
  );
};
