import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { z } from 'zod';
import { idParamsSchema, publicUserSchema, reportUserSchema } from '../../../common/schemas/users.js';
import { userReports } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { signedInUser } from '../../plugins/session.js';
import { findUserById } from './users.repo.js';
import { presentPublicUser } from './users.present.js';

/** SPEC §7: another parent's public profile, and reporting a parent to the administrators. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return presentPublicUser(user);
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
        },
      },
    },
    async (request, reply) => {
      const reporter = signedInUser(request);
      const { userId, reason, description } = request.body;
      // SPEC §6: parents report other users, not themselves.
      if (userId === reporter.id)
        throw badRequest('You cannot report yourself', [
          { path: 'userId', message: 'You cannot report yourself' },
        ]);
      if (!(await findUserById(app.db, userId))) throw notFound('User');
      const [report] = await app.db
        .insert(userReports)
        .values({ reporterId: reporter.id, reportedUserId: userId, reason, description })
        .returning();
      if (!report) throw new Error('insert into user_reports returned no row');
      return reply.code(201).send({ id: report.id, status: report.status, message: 'User reported' });
    },
  );
};
