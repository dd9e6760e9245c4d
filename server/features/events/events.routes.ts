import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { EVENTS_RETRY_MS } from '../../../common/schemas/conversations.js';
import type { LiveEvent } from '../../lib/event-bus.js';
import { signedInUser } from '../../plugins/session.js';
import { unreadCount } from '../conversations/conversations.service.js';

/** Proxies and load balancers drop a connection that stays silent for long; a comment keeps it alive. */
const HEARTBEAT_MS = 25_000;
/**
 * Open streams one parent may hold on this instance: every tab on every device is one. Beyond
 * it a page gets 429 and lives on polling; each stream holds a connection and a subscription.
 */
export const MAX_EVENT_STREAMS_PER_PARENT = 10;
export const TOO_MANY_EVENT_STREAMS = 'Too many open pages receive live updates; close some and reload.';

/**
 * GET /api/events: the signed-in user's live events as server-sent events: new
 * messages, unread totals, read receipts, and whatever else is published for them. Every open
 * page holds one stream; app.events fans events out across instances through LISTEN/NOTIFY.
 * The browser's EventSource reconnects by itself after `retry` milliseconds.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Ends each open stream; graceful shutdown must not wait for pages that never hang up. */
  const openStreams = new Set<() => void>();
  const streamsPerParent = new Map<number, number>();
  // preClose runs before the server stops accepting connections and waits for open ones.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  app.get(
    '/events',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['events'],
        description:
          'A text/event-stream of the signed-in user’s live events (`event: message | unread | read | resync | …`, JSON data). Starts with the current unread total; `resync` means events may have been missed (the server lost its database connection for a while), so refetch.',
        response: { 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const open = streamsPerParent.get(user.id) ?? 0;
      if (open >= MAX_EVENT_STREAMS_PER_PARENT) {
        return reply.code(429).header('retry-after', '60').send({ message: TOO_MANY_EVENT_STREAMS });
      }
      streamsPerParent.set(user.id, open + 1);
      reply.hijack();
      const stream = reply.raw;
      // The headers hooks set so far (security headers, request id) still apply to the stream.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) stream.setHeader(name, value);
      }
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream and deliver events late.
        'x-accel-buffering': 'no',
      });
      stream.write(`retry: ${EVENTS_RETRY_MS}\n\n`);

      let ended = false;
      let unreadSent = false;
      const send = (event: LiveEvent) => {
        if (ended) return;
        if (event.type === 'unread') unreadSent = true;
        stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = app.events.subscribe(user.id, send);
      const heartbeat = setInterval(() => {
        if (!ended) stream.write(': heartbeat\n\n');
      }, HEARTBEAT_MS);
      const end = () => {
        if (ended) return;
        ended = true;
        const left = (streamsPerParent.get(user.id) ?? 1) - 1;
        if (left > 0) streamsPerParent.set(user.id, left);
        else streamsPerParent.delete(user.id);
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
        stream.end();
      };
      openStreams.add(end);
      // The response's close means the page went away (or the connection broke).
      stream.on('close', end);
      stream.on('error', end);
      // A page that went away before this handler ran has already closed: no event will come.
      if (stream.destroyed) end();

      // Subscribed first, so nothing published meanwhile is lost; a live total that arrived
      // during the query is newer than the query's, so it wins.
      const count = await unreadCount(app.db, user.id).catch((error: unknown) => {
        request.log.warn({ err: error }, 'unread count for the event stream failed');
        return undefined;
      });
      if (count !== undefined && !unreadSent) send({ type: 'unread', count });
    },
  );
};
