import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { idParamsSchema, publicUserSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { signedInUser } from '../../plugins/session.js';
import { presentPublicUser } from '../users/users.present.js';
import { blockedUsersOf, blockUser, unblockUser } from './blocks.service.js';
import { NO_RELIABILITY, reliabilityOf } from '../giveaway/giveaway.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const blockStateSchema = z.object({ blocked: z.boolean() });

/** PRODUCT §6, Blocks: a parent blocks and unblocks another, and sees whom they blocked. */
export const blocksRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/users/:id/block',
    {
      schema: { tags: ['blocks'], params: idParamsSchema, response: { 201: blockStateSchema, ...errors } },
    },
    async (request, reply) => {
      await blockUser(app.db, signedInUser(request), request.params.id);
      return reply.code(201).send({ blocked: true });
    },
  );

  app.delete(
    '/users/:id/block',
    {
      schema: { tags: ['blocks'], params: idParamsSchema, response: { 200: blockStateSchema, ...errors } },
    },
    async (request) => {
      await unblockUser(app.db, signedInUser(request), request.params.id);
      return { blocked: false };
    },
  );

  app.get(
    '/blocks',
    { schema: { tags: ['blocks'], response: { 200: z.array(publicUserSchema), ...errors } } },
    async (request) => {
      const now = clock.now();
      const blocked = await blockedUsersOf(app.db, signedInUser(request));
      const reliability = await reliabilityOf(
        app.db,
        blocked.map((user) => user.id),
      );
      return blocked.map((user) => presentPublicUser(user, now, reliability.get(user.id) ?? NO_RELIABILITY));
    },
  );
};
