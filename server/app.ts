import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { ensureAdmin } from './features/auth/auth.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { systemClock, type Clock } from './lib/clock.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { staticClientPlugin } from './plugins/static-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** The session signing secret (CONTRACT.md: SESSION_SECRET, else generated and kept). */
  sessionSecret: string;
  clock?: Clock;
  /** The built client to serve; unset in API tests. */
  clientDir?: string | undefined;
  logger?: boolean;
};

/**
 * Builds the whole app around the dependencies it is given and returns it ready, without
 * listening: main.ts listens, tests use inject().
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // An https PUBLIC_URL means a TLS-terminating proxy in front. Trust forwarded headers only
    // from proxies on loopback or private networks, so a client on the internet cannot forge
    // its address (rate limits) or the protocol (Secure cookies).
    trustProxy: config.publicUrl.startsWith('https://') ? 'loopback, linklocal, uniquelocal' : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { publicUrl: config.publicUrl, mapTileUrl: config.mapTileUrl });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LittleLoop API',
        version: '0.1.0',
        description: 'Parents give away, swap or sell children’s items to families nearby.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'littleloop.sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin, {
    db: database.db,
    secret: deps.sessionSecret,
    clock,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, { clock });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(adminRoutes, { prefix: '/admin', clock });
    },
    { prefix: '/api' },
  );
  await app.register(staticClientPlugin, { clientDir: deps.clientDir });

  if (config.admin) {
    const admin = await ensureAdmin(database.db, clock, config.admin);
    app.log.info({ userId: admin.id }, 'administrator account ready');
  }

  await app.ready();
  return app;
}
