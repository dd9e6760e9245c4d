import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  createSavedSearchSchema,
  createWantedPostSchema,
  notificationListSchema,
  notificationSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
  updateWantedPostSchema,
  wantedPostSchema,
} from '../../../common/schemas/alerts.js';
import { idParamsSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import { signedInUser } from '../../plugins/session.js';
import { presentNotification, presentSavedSearch, presentWantedPost } from './alerts.present.js';
import {
  createSavedSearch,
  createWantedPost,
  deleteSavedSearch,
  deleteWantedPost,
  listNotifications,
  listSavedSearches,
  listWantedPosts,
  markAllRead,
  markRead,
  updateSavedSearch,
  updateWantedPost,
  type AlertsContext,
} from './alerts.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const deleted = z.object({ message: z.string() });

/**
 * Alerts (decision 006): Wanted posts for everyone, saved searches for Premium members, and the
 * in-app notifications both produce. Rules live in alerts.service.ts.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ clock: Clock; gazetteer: Gazetteer }> = async (
  app,
  options,
) => {
  const ctx: AlertsContext = { db: app.db, clock: options.clock, gazetteer: options.gazetteer };
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/wishlists',
    { schema: { tags: ['alerts'], response: { 200: z.array(wantedPostSchema), ...errors } } },
    async (request) => (await listWantedPosts(ctx, signedInUser(request))).map(presentWantedPost),
  );

  app.post(
    '/wishlists',
    {
      schema: {
        tags: ['alerts'],
        body: createWantedPostSchema,
        response: { 201: wantedPostSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(presentWantedPost(await createWantedPost(ctx, signedInUser(request), request.body))),
  );

  app.patch(
    '/wishlists/:id',
    {
      schema: {
        tags: ['alerts'],
        params: idParamsSchema,
        body: updateWantedPostSchema,
        response: { 200: wantedPostSchema, ...errors },
      },
    },
    async (request) =>
      presentWantedPost(await updateWantedPost(ctx, signedInUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/wishlists/:id',
    { schema: { tags: ['alerts'], params: idParamsSchema, response: { 200: deleted, ...errors } } },
    async (request) => {
      await deleteWantedPost(ctx, signedInUser(request), request.params.id);
      return { message: 'Wanted post deleted' };
    },
  );

  app.get(
    '/saved-searches',
    { schema: { tags: ['alerts'], response: { 200: z.array(savedSearchSchema), ...errors } } },
    async (request) => (await listSavedSearches(ctx, signedInUser(request))).map(presentSavedSearch),
  );

  app.post(
    '/saved-searches',
    {
      schema: {
        tags: ['alerts'],
        description: 'Premium only.',
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(presentSavedSearch(await createSavedSearch(ctx, signedInUser(request), request.body))),
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        tags: ['alerts'],
        description: 'Premium only.',
        params: idParamsSchema,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) =>
      presentSavedSearch(
        await updateSavedSearch(ctx, signedInUser(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/saved-searches/:id',
    { schema: { tags: ['alerts'], params: idParamsSchema, response: { 200: deleted, ...errors } } },
    async (request) => {
      await deleteSavedSearch(ctx, signedInUser(request), request.params.id);
      return { message: 'Saved search deleted' };
    },
  );

  app.get(
    '/notifications',
    { schema: { tags: ['alerts'], response: { 200: notificationListSchema, ...errors } } },
    async (request) => {
      const { notifications, unreadCount } = await listNotifications(ctx, signedInUser(request));
      return { notifications: notifications.map(presentNotification), unreadCount };
    },
  );

  app.post(
    '/notifications/mark-all-read',
    {
      schema: {
        tags: ['alerts'],
        response: { 200: z.object({ marked: z.number().int(), unreadCount: z.literal(0) }), ...errors },
      },
    },
    async (request) => ({ marked: await markAllRead(ctx, signedInUser(request)), unreadCount: 0 as const }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: { tags: ['alerts'], params: idParamsSchema, response: { 200: notificationSchema, ...errors } },
    },
    async (request) => presentNotification(await markRead(ctx, signedInUser(request), request.params.id)),
  );
};
