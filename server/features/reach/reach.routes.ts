import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  notificationSettingsSchema,
  oneClickUnsubscribeQuerySchema,
  pushKeySchema,
  pushSubscriptionSchema,
  removePushSubscriptionSchema,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribeResultSchema,
  unsubscribeSchema,
  updateNotificationSettingsSchema,
} from '../../../common/schemas/reach.js';
import { badRequest } from '../../lib/errors.js';
import { signedInUser } from '../../plugins/session.js';
import {
  applyUnsubscribeLink,
  getNotificationSettings,
  subscribePush,
  unsubscribePush,
  updateNotificationSettings,
  type ReachContext,
} from './reach.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const tags = ['notifications'];

/**
 * Hearing back when away (docs/API.md): what to hear about and when, this browser's push
 * subscription, and the e-mails' unsubscribe links, which work without signing in.
 */
export const reachRoutes: FastifyPluginAsyncZod<{ context: ReachContext }> = async (
  app,
  { context: ctx },
) => {
  // Mail programs post the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/notifications/settings',
    {
      onRequest: app.requireUser,
      schema: { tags, response: { 200: notificationSettingsSchema, ...errors } },
    },
    async (request) => getNotificationSettings(ctx, signedInUser(request).id),
  );

  app.patch(
    '/notifications/settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => updateNotificationSettings(ctx, signedInUser(request).id, request.body),
  );

  app.get(
    '/push/key',
    { onRequest: app.requireUser, schema: { tags, response: { 200: pushKeySchema, ...errors } } },
    async () => ({ publicKey: ctx.vapid.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        body: pushSubscriptionSchema,
        response: { 201: z.object({ pushDevices: z.number().int() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await subscribePush(ctx, signedInUser(request).id, request.body)),
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: { tags, body: removePushSubscriptionSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await unsubscribePush(ctx, signedInUser(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        description:
          'Turns off one kind of e-mail (or every e-mail, from a digest) without signing in. The token comes from the link in an e-mail: in the JSON body from the page, or in the query from a mail program’s one-click List-Unsubscribe-Post.',
        querystring: oneClickUnsubscribeQuerySchema,
        body: z.union([unsubscribeSchema, z.record(z.string(), z.string())]).optional(),
        response: { 200: unsubscribeResultSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const fromBody = request.body && 'token' in request.body ? request.body.token : undefined;
      const token = typeof fromBody === 'string' ? fromBody : request.query.token;
      if (!token) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
      return applyUnsubscribeLink(ctx, token, false);
    },
  );

  app.post(
    '/notifications/resubscribe',
    {
      schema: {
        tags,
        description: 'Undoes an unsubscribe link, without signing in.',
        body: unsubscribeSchema,
        response: { 200: unsubscribeResultSchema, 400: apiErrorSchema },
      },
    },
    async (request) => applyUnsubscribeLink(ctx, request.body.token, true),
  );
};
