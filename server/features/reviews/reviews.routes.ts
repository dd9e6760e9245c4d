import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { createReviewSchema, respondToReviewSchema, reviewSchema } from '../../../common/schemas/reviews.js';
import { promiseSchema } from '../../../common/schemas/giveaway.js';
import { idParamsSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { signedInUser } from '../../plugins/session.js';
import { findUserById } from '../users/users.service.js';
import { createReview, listExchangePartners, listReviews, respondToReview } from './reviews.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const personSchema = promiseSchema.shape.otherUser;

/** Reviews after real exchanges (decisions 008 and 014): who received an item, then each side rates the other. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const ctx = { db: app.db, clock };
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/items/:id/exchange-partners',
    {
      schema: {
        tags: ['reviews'],
        description:
          'For the owner: the parents who wrote about this item, any of whom may have received it.',
        params: idParamsSchema,
        response: { 200: z.array(personSchema), ...errors },
      },
    },
    async (request) => listExchangePartners(app.db, signedInUser(request).id, request.params.id),
  );

  app.post(
    '/exchanges/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        description:
          'Rates the other side of a completed exchange (both confirmed the handover) 1 to 5, once, within 30 days of its completion.',
        params: idParamsSchema,
        body: createReviewSchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createReview(ctx, signedInUser(request).id, request.params.id, request.body)),
  );

  app.get(
    '/users/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        params: idParamsSchema,
        response: { 200: z.array(reviewSchema), ...errors },
      },
    },
    async (request) => {
      if (!(await findUserById(app.db, request.params.id))) throw notFound('User');
      return listReviews(app.db, { reviewedUserId: request.params.id });
    },
  );

  app.post(
    '/reviews/:id/response',
    {
      schema: {
        tags: ['reviews'],
        description: 'The reviewed parent answers the review once, publicly.',
        params: idParamsSchema,
        body: respondToReviewSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) =>
      respondToReview(ctx, signedInUser(request).id, request.params.id, request.body.response),
  );
};
