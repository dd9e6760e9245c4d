import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { hasPremium } from '../../../common/premium.js';
import {
  conversationDetailSchema,
  conversationSchema,
  conversationSummarySchema,
  LIST_MESSAGES_CAP,
  listConversationsQuerySchema,
  markAllReadResultSchema,
  messageSchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
} from '../../../common/schemas/conversations.js';
import { idParamsSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { sendJsonText } from '../../lib/json-text.js';
import { consumeAttempts } from '../../lib/throttle.js';
import { signedInUser } from '../../plugins/session.js';
import { presentConversation, presentMessage, presentThread } from './conversations.present.js';
import {
  deleteConversation,
  listConversationsAsJson,
  markAllRead,
  openConversation,
  sendMessage,
  startConversation,
  unreadCount,
  type MessagingContext,
} from './conversations.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** PRODUCT §7 conversation calls. The rules live in conversations.service.ts. */
export const conversationsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const ctx: MessagingContext = { db: app.db, events: app.events, clock };
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/',
    {
      schema: {
        tags: ['conversations'],
        description: 'Opens the conversation about an item with its owner: 201 when new, 200 when it exists.',
        body: startConversationSchema,
        response: { 200: conversationSchema, 201: conversationSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      await consumeAttempts(app.db, clock, [
        [`conversation:user:${actor.id}`, app.config.rateLimits.conversationsPerUser],
      ]);
      const { conversation, created } = await startConversation(ctx, actor, request.body);
      return reply.code(created ? 201 : 200).send(presentConversation(conversation));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['conversations'],
        description: `Each conversation with its latest ${LIST_MESSAGES_CAP} messages at most (oldest first) and hasOlderMessages; the whole thread is GET /api/conversations/{id}.`,
        querystring: listConversationsQuerySchema,
        response: { 200: z.array(conversationSummarySchema), ...errors },
      },
      // The list leaves the database as the answer's text (listConversationsJson): nothing to
      // serialise. The contract and API tests check it against the schema.
    },
    async (request, reply) => {
      const body = await listConversationsAsJson(ctx, signedInUser(request), request.query);
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/unread-count',
    { schema: { tags: ['conversations'], response: { 200: unreadCountSchema, ...errors } } },
    async (request) => ({ count: await unreadCount(app.db, signedInUser(request).id) }),
  );

  app.post(
    '/mark-all-read',
    { schema: { tags: ['conversations'], response: { 200: markAllReadResultSchema, ...errors } } },
    async (request) => ({ marked: await markAllRead(ctx, signedInUser(request)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['conversations'],
        description: 'The thread; opening it marks the messages the caller received as read.',
        params: idParamsSchema,
        response: { 200: conversationDetailSchema, ...errors },
      },
      // A thread of a thousand messages: presentThread's type is the schema's, so it is not
      // checked again on the way out (docs/PERFORMANCE.md), as for GET /api/items.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const viewer = signedInUser(request);
      const thread = await openConversation(ctx, viewer, request.params.id);
      return presentThread(thread, viewer, clock.now());
    },
  );

  app.post(
    '/:id/messages',
    {
      schema: {
        tags: ['conversations'],
        params: idParamsSchema,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const sender = signedInUser(request);
      const limits = app.config.rateLimits;
      await consumeAttempts(app.db, clock, [
        [`message:user:${sender.id}`, limits.messagesPerUser],
        [`message:user-hour:${sender.id}`, limits.messagesPerUserHourly],
        [`message:address:${request.ip}`, limits.messagesPerAddress],
      ]);
      const message = await sendMessage(ctx, sender, request.params.id, request.body);
      return reply
        .code(201)
        .send(presentMessage(message, sender, { id: sender.id, isPremium: hasPremium(sender, clock.now()) }));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['conversations'],
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await deleteConversation(ctx, signedInUser(request), request.params.id);
      return { message: 'Conversation deleted' };
    },
  );
};
