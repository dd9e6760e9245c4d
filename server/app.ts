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
import { accountRoutes } from './features/account/account.routes.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { startOutboxProcessor } from './features/alerts/alerts.outbox.js';
import { alertsRoutes } from './features/alerts/alerts.routes.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { billingRoutes } from './features/billing/billing.routes.js';
import { createStripeApi, type StripeApi } from './features/billing/billing.stripe.js';
import { blocksRoutes } from './features/blocks/blocks.routes.js';
import { conversationsRoutes } from './features/conversations/conversations.routes.js';
import { eventsRoutes } from './features/events/events.routes.js';
import { ensureAdmin } from './features/auth/auth.service.js';
import { favoritesRoutes } from './features/favorites/favorites.routes.js';
import { giveawayRoutes } from './features/giveaway/giveaway.routes.js';
import { ephemeralVapidKeys, type VapidKeys } from './features/reach/push.js';
import { scheduleNewsDelivery } from './features/reach/reach.jobs.js';
import { reachRoutes } from './features/reach/reach.routes.js';
import { documentAccess } from './plugins/openapi-access.js';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed.js';
import type { ReachContext } from './features/reach/reach.service.js';
import { schedulePromiseLapses } from './features/giveaway/giveaway.jobs.js';
import { configRoutes } from './features/config/config.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { scheduleItemUpkeep } from './features/items/items.jobs.js';
import { itemsRoutes } from './features/items/items.routes.js';
import { createBrowseCache, type BrowseCache } from './features/items/browse-cache.js';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.js';
import { safeLocationsRoutes } from './features/safe-locations/safe-locations.routes.js';
import { placesRoutes } from './features/places/places.routes.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { reviewsRoutes } from './features/reviews/reviews.routes.js';
import {
  documentUploadBodies,
  uploadedFilesPlugin,
  uploadsRoutes,
} from './features/uploads/uploads.routes.js';
import { scheduleRenditionBackfill } from './features/uploads/uploads.backfill.js';
import { scheduleUploadSweep } from './features/uploads/uploads.sweep.js';
import { usersRoutes } from './features/users/users.routes.js';
import { systemClock, type Clock } from './lib/clock.js';
import { serializeError } from './lib/database-errors.js';
import { createEventBus, type EventBus } from './lib/event-bus.js';
import { createGazetteer, type Gazetteer } from './lib/gazetteer.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createStorage, type Storage } from './lib/storage.js';
import { errorsPlugin } from './plugins/errors.js';
import { inFlightPlugin } from './plugins/in-flight.js';
import { securityEventsPlugin } from './plugins/security-events.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { compressionPlugin } from './plugins/compression.js';
import { staticClientPlugin } from './plugins/static-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Live events to signed-in pages, across app instances (LISTEN/NOTIFY). */
    events: EventBus;
    /** Browse pages shared for up to half a minute; told of every change to the listings. */
    listings: BrowseCache;
    config: Config;
    storage: Storage;
    /** Stripe, when card billing is configured (docs/OPERATIONS.md); undefined otherwise. */
    stripe: StripeApi | undefined;
  }
}

const sharedGazetteer = createGazetteer();

/** Browse pages kept at most: a few thousand pages of 24 cards are a few tens of megabytes. */
const BROWSE_CACHE_PAGES = 2_000;

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** The session signing secret (docs/OPERATIONS.md: SESSION_SECRET, else generated and kept). */
  sessionSecret: string;
  clock?: Clock;
  /** Where photos are stored; default: S3 when configured, else DATA_DIR/uploads. */
  storage?: Storage;
  /** The built client to serve; unset in API tests. */
  clientDir?: string | undefined;
  /** Place names to coordinates; one shared instance, its lists load on first use. */
  gazetteer?: Gazetteer;
  /** Outgoing e-mail; default: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Web Push keys; default: VAPID_* when configured, else a pair for this process only. */
  vapidKeys?: VapidKeys;
  /** Stripe's API; default: the real client when STRIPE_* are configured. Tests pass a fake. */
  stripe?: StripeApi;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's trustProxy from TRUSTED_PROXIES. A hop count becomes a function trusting that many
 * hops nearest the server (Fastify itself refuses plain counts); the app must then be reachable
 * only through those proxies (docs/SECURITY.md). Addresses and ranges are checked by Fastify.
 */
function trustProxyOption(proxies: Config['trustedProxies']): boolean | string[] | TrustProxyFunction {
  if (proxies === undefined) return false;
  if (typeof proxies === 'number') return (_address, hop) => hop < proxies;
  return proxies;
}

/**
 * Builds the whole app around the dependencies it is given and returns it ready, without
 * listening: main.ts listens, tests use inject().
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const gazetteer = deps.gazetteer ?? sharedGazetteer;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // No failed statement's values (e-mails, password hashes) in any log line.
            serializers: { err: serializeError },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // docs/OPERATIONS.md TRUSTED_PROXIES: forwarded headers (the client's address for rate limits, the
    // protocol for Secure cookies) are believed only from the proxies configured as being in
    // front, never from whoever connects; unset, the peer's own address is the client's.
    trustProxy: trustProxyOption(config.trustedProxies),
  }).withTypeProvider<ZodTypeProvider>();

  if (config.publicUrl.startsWith('https://') && config.trustedProxies === undefined) {
    app.log.warn(
      'PUBLIC_URL is https but TRUSTED_PROXIES is unset: forwarded headers are ignored, so every client behind the proxy shares its address and cookies are not marked Secure',
    );
  }
  // First, so it counts every request before any hook queries and wraps every route's handler.
  await app.register(inFlightPlugin);
  // Before any route, so it sees each one added.
  await app.register(methodNotAllowedPlugin);
  // JSON routes take JSON: a text/plain body (which a form or a beacon may send cross-site
  // without a preflight) is refused with 415 instead of being read as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  const events = await createEventBus(database);
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  const listings = await createBrowseCache({
    database,
    clock,
    ttlMs: config.browseCacheSeconds * 1000,
    maxEntries: BROWSE_CACHE_PAGES,
    log: app.log,
  });
  app.decorate('listings', listings);
  app.addHook('onClose', async () => listings.close());
  app.decorate('config', config);
  const storage = deps.storage ?? (await createStorage(config));
  app.decorate('storage', storage);
  app.decorate(
    'stripe',
    config.stripe ? (deps.stripe ?? createStripeApi(config.stripe.secretKey)) : undefined,
  );
  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  startOutboxProcessor(app, {
    db: database.db,
    events,
    mailer,
    clock,
    gazetteer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const reach: ReachContext = {
    db: database.db,
    clock,
    mailer,
    vapid:
      deps.vapidKeys ??
      (config.vapid
        ? { ...config.vapid, subject: config.vapidSubject }
        : ephemeralVapidKeys(config.vapidSubject)),
    secret: deps.sessionSecret,
    publicUrl: config.publicUrl,
    log: app.log,
  };
  scheduleNewsDelivery(app, reach);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  // Before any route, so every answer above the threshold leaves compressed.
  await app.register(compressionPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    mapTileUrl: config.mapTileUrl,
    photoUrl: storage.localDir ? undefined : storage.urlFor('photo.webp'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LittleLoop API',
        version: '0.1.0',
        description: 'Parents give away, swap or sell children’s items to families nearby.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'littleloop.sid' } } },
    },
    transform: documentAccess(documentUploadBodies(jsonSchemaTransform)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin, {
    db: database.db,
    secret: deps.sessionSecret,
    clock,
    // The embedded database hears of a change before the changing statement returns, so in its
    // one process signed-in users can be kept in memory; instances sharing PostgreSQL read them.
    remember: database.kind === 'pglite' ? { listen: database.listen } : undefined,
  });
  await app.register(securityEventsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(configRoutes);
      await api.register(authRoutes, { clock, mailer });
      await api.register(passwordResetRoutes, { clock, mailer });
      await api.register(accountRoutes, { clock, mailer });
      await api.register(reachRoutes, { context: reach });
      await api.register(reviewsRoutes, { clock });
      await api.register(giveawayRoutes, { clock, gazetteer });
      await api.register(reportsRoutes, { clock });
      await api.register(usersRoutes, { prefix: '/users', clock });
      await api.register(itemsRoutes, {
        context: {
          clock,
          gazetteer,
          earlyAccessMs: config.earlyAccessHours * 60 * 60 * 1000,
          onItemsListed: () => app.outbox.kick(),
          listings,
        },
      });
      await api.register(favoritesRoutes, { prefix: '/favorites', clock });
      await api.register(alertsRoutes, { clock, gazetteer });
      await api.register(analyticsRoutes, { clock });
      await api.register(placesRoutes, { gazetteer });
      await api.register(safeLocationsRoutes);
      await api.register(uploadsRoutes, { clock });
      await api.register(adminRoutes, { prefix: '/admin', clock });
      await api.register(conversationsRoutes, { prefix: '/conversations', clock });
      await api.register(eventsRoutes);
      await api.register(blocksRoutes, { clock });
      await api.register(billingRoutes, {
        clock,
        stripe: app.stripe,
        onPremiumChanged: () => listings.changed(),
      });
    },
    { prefix: '/api' },
  );
  if (storage.localDir) {
    await app.register(uploadedFilesPlugin, { prefix: '/uploads', directory: storage.localDir });
  }
  await app.register(staticClientPlugin, { clientDir: deps.clientDir });
  scheduleItemUpkeep(app, clock);
  schedulePromiseLapses(app, clock);

  if (config.admin) {
    const admin = await ensureAdmin(database.db, clock, config.admin);
    app.log.info({ userId: admin.id }, 'administrator account ready');
  }

  scheduleUploadSweep(app, { db: database.db, storage, clock });
  scheduleRenditionBackfill(app, { db: database.db, storage });

  // Closing waits for the requests still running for clients that hung up (their connections
  // are gone, so the server's close does not wait for them), before what they use is closed: the
  // event bus, mailer and outbox here, the database by whoever closes the app. Added last because
  // onClose hooks run in reverse order, so this one runs right after the server has stopped.
  app.addHook('onClose', async () => app.requestsDrained());

  await app.ready();
  return app;
}
