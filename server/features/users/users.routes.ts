import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { z } from 'zod';
import { idParamsSchema, publicUserSchema, reportUserSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { fileReport, limitReports } from '../reports/reports.service.js';
import { signedInUser } from '../../plugins/session.js';
import { findUserById } from './users.service.js';
import { presentPublicUser } from './users.present.js';
import { reliabilityOfOne } from '../giveaway/giveaway.service.js';

/** PRODUCT §7: another parent's public profile, and reporting a parent to the administrators. */
export const usersRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: publicUserSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound('User');
      return presentPublicUser(user, clock.now(), await reliabilityOfOne(app.db, user.id));
    },
  );

  app.post(
    '/report',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        body: reportUserSchema,
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
      const { userId, reason, description } = request.body;
      await limitReports(app, clock, request, signedInUser(request).id);
      const report = await fileReport(app.db, signedInUser(request).id, { userId }, { reason, description });
      return reply.code(201).send({ ...report, message: 'User reported' });
    },
  );
};
