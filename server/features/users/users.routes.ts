import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { idParamsSchema, publicUserSchema } from '../../../common/schemas/users.js';
import { notFound } from '../../lib/errors.js';
import { findUserById } from './users.repo.js';
import { presentPublicUser } from './users.present.js';

/** SPEC §7: another parent's public profile. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      preHandler: app.requireUser,
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
};
