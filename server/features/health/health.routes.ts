import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';

/**
 * docs/OPERATIONS.md readiness: 200 once the database is migrated and answers, 503 otherwise. Live
 * events are part of it: while the connection that hears them is down, pages would
 * silently miss messages, so a load balancer should prefer another instance.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        description:
          '200 when the database answers, holds the newest migration and live events are heard; 503 otherwise, with the reason.',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const unavailable = (message: string) =>
        reply.code(503).send({ status: 'unavailable' as const, message });
      let migrated: boolean;
      try {
        migrated = await database.isMigrated();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return unavailable('Database unavailable');
      }
      if (!migrated) return unavailable('Database not migrated');
      if (!database.isListening()) return unavailable('Live events unavailable');
      return { status: 'ok' as const };
    },
  );
};
