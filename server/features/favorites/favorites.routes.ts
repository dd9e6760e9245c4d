import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  addFavoriteSchema,
  FAVORITE_TEXTS,
  favoriteParamsSchema,
  favoriteSchema,
  favoriteStatusSchema,
  favoriteIdsSchema,
  favoriteWithItemSchema,
  removedFavoriteSchema,
} from '../../../common/schemas/favorites.js';
import type { Clock } from '../../lib/clock.js';
import { signedInUser } from '../../plugins/session.js';
import { presentItem } from '../items/items.present.js';
import {
  addFavorite,
  isFavorited,
  listFavoriteIds,
  listFavorites,
  removeFavorite,
  type FavoritesContext,
} from './favorites.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** PRODUCT §7 favourite calls, under /api/favorites. Rules live in favorites.service.ts. */
export const favoritesRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const ctx: FavoritesContext = { db: app.db, clock: options.clock };
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/with-items',
    {
      schema: {
        tags: ['favorites'],
        description: 'The signed-in parent’s favourites, newest first, each with its item.',
        response: { 200: z.array(favoriteWithItemSchema), ...errors },
      },
      // Built here from presentItem, whose type is the schema's: not checked again on the way
      // out (docs/PERFORMANCE.md), as for GET /api/items.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const viewer = signedInUser(request);
      const now = ctx.clock.now();
      return (await listFavorites(ctx, viewer)).map(({ favorite, item, owner, promised }) => ({
        id: favorite.id,
        itemId: favorite.itemId,
        createdAt: favorite.createdAt.toISOString(),
        item: presentItem(item, owner, viewer, now, { promised }),
      }));
    },
  );

  app.get(
    '/ids',
    {
      schema: {
        tags: ['favorites'],
        description:
          'The ids of every item the signed-in parent has favourited: one call lights every heart.',
        response: { 200: favoriteIdsSchema, ...errors },
      },
    },
    async (request) => ({ itemIds: await listFavoriteIds(ctx, signedInUser(request)) }),
  );

  app.get(
    '/:itemId',
    {
      schema: {
        tags: ['favorites'],
        params: favoriteParamsSchema,
        response: { 200: favoriteStatusSchema, ...errors },
      },
    },
    async (request) => ({
      isFavorited: await isFavorited(ctx, signedInUser(request), request.params.itemId),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['favorites'],
        body: addFavoriteSchema,
        response: { 201: favoriteSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { favorite, favoriteCount } = await addFavorite(ctx, signedInUser(request), request.body.itemId);
      return reply.code(201).send({
        id: favorite.id,
        itemId: favorite.itemId,
        createdAt: favorite.createdAt.toISOString(),
        favoriteCount,
      });
    },
  );

  app.delete(
    '/:itemId',
    {
      schema: {
        tags: ['favorites'],
        params: favoriteParamsSchema,
        response: { 200: removedFavoriteSchema, ...errors },
      },
    },
    async (request) => {
      const { itemId } = request.params;
      const { favoriteCount } = await removeFavorite(ctx, signedInUser(request), itemId);
      return { message: FAVORITE_TEXTS.removed, itemId, favoriteCount };
    },
  );
};
