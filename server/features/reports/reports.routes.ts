import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { idParamsSchema, reportItemSchema } from '../../../common/schemas/users.js';
import { signedInUser } from '../../plugins/session.js';
import type { Clock } from '../../lib/clock.js';
import { getItem } from '../items/items.service.js';
import { fileReport, limitReports } from './reports.service.js';

/** Reporting a listing (decision 008); reporting a parent is POST /api/users/report (users.routes.ts). */
export const reportsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.post(
    '/items/:id/report',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        description:
          'Reports a listing to the administrators; one pending report per parent and listing (409); 404 for a listing the parent may not see (hidden, or in its early-access hour).',
        params: idParamsSchema,
        body: reportItemSchema,
        response: {
          201: z.object({ id: z.number().int(), status: z.string(), message: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await limitReports(app, clock, request, signedInUser(request).id);
      // A listing the parent may not see (hidden, or in its early-access hour) is 404 here as on
      // every other call, rather than a report that tells them it exists.
      await getItem({ db: app.db, clock }, signedInUser(request), request.params.id);
      const report = await fileReport(
        app.db,
        signedInUser(request).id,
        { itemId: request.params.id },
        request.body,
      );
      return reply.code(201).send({ ...report, message: 'Listing reported' });
    },
  );
};
