import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  bulkListingResultSchema,
  bulkListingSchema,
  COUNT_CAP,
  LIST_HEADERS,
  createItemSchema,
  itemSchema,
  listItemsQuerySchema,
  savedItemSchema,
  updateItemSchema,
} from '../../../common/schemas/items.js';
import { idParamsSchema } from '../../../common/schemas/users.js';
import { notFound } from '../../lib/errors.js';
import { sendJsonText } from '../../lib/json-text.js';
import { consumeAttempts } from '../../lib/throttle.js';
import { signedInUser, takeReadWithSession } from '../../plugins/session.js';
import { recordItemView } from '../analytics/analytics.service.js';
import { promisedItemIds } from '../giveaway/giveaway.service.js';
import { findUserById } from '../users/users.service.js';
import type { UserRow } from '../../db/schema.js';
import type { BrowsePage } from './browse-cache.js';
import { canSeeExactPosition, presentItem } from './items.present.js';
import {
  createBulkListing,
  createItem,
  deleteItem,
  discoverItems,
  featuredItems,
  firstPageFromSessionRead,
  firstPageReadWithSession,
  getItem,
  itemFromSessionRead,
  itemWithSession,
  listUserItems,
  updateItem,
  type ItemsContext,
} from './items.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** The public JSON of a browse page, kept as long as the page itself is (browse-cache.ts). */
const publicBodies = new WeakMap<BrowsePage, string>();

/** PRODUCT §7 item calls. Every rule lives in items.service.ts; routes parse and present. */
export const itemsRoutes: FastifyPluginAsyncZod<{ context: Omit<ItemsContext, 'db'> }> = async (
  app,
  options,
) => {
  const ctx: ItemsContext = { db: app.db, ...options.context };
  // Counted before the listing is checked or saved, so listings sent at once cannot pass it.
  const consumeListingTurn = (userId: number) =>
    consumeAttempts(app.db, ctx.clock, [
      [`listing:user:${userId}`, app.config.rateLimits.listingsPerUser],
      [`listing:user-day:${userId}`, app.config.rateLimits.listingsPerUserDaily],
    ]);
  app.addHook('onRequest', app.requireUser);
  const firstPageRead = firstPageReadWithSession(ctx);

  app.get(
    '/items',
    {
      schema: {
        tags: ['items'],
        description: `Browse and search. The next page's cursor is in the ${LIST_HEADERS.nextCursor} header, the number of matches (counted up to ${COUNT_CAP + 1}) in ${LIST_HEADERS.totalCount}; ${LIST_HEADERS.totalAtLeast}: true says that count is a lower bound (a search nearest first counts the matches among the nearest items it read, docs/PERFORMANCE.md). Without sort: nearest first with lat, lng and maxDistance (PRODUCT §9), search term or not; best match for a search without a radius; nearest first for a position alone. Items without a position come after the placed ones.`,
        querystring: listItemsQuerySchema,
        response: { 200: z.array(itemSchema), ...errors },
      },
      // The busiest call: its cards come from presentItem, whose type is the schema's, so
      // checking them again on the way out only spent a quarter of the request's time.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The plain first page is read in the session's own statement when pages are not shared.
      config: { readWithSession: firstPageRead },
    },
    async (request, reply) => {
      const viewer = signedInUser(request);
      const alreadyRead = firstPageFromSessionRead(
        request.query,
        takeReadWithSession(request, firstPageRead),
      );
      const page = await discoverItems(ctx, viewer, request.query, alreadyRead);
      if (page.nextCursor) reply.header(LIST_HEADERS.nextCursor, page.nextCursor);
      if (page.totalCount !== undefined) reply.header(LIST_HEADERS.totalCount, String(page.totalCount));
      if (page.totalAtLeast) reply.header(LIST_HEADERS.totalAtLeast, 'true');
      const now = ctx.clock.now();
      const present = (as: UserRow | null) =>
        page.items.map(({ item, owner, promised }) =>
          presentItem(item, owner, as, now, { distanceKm: page.distances.get(item.id) ?? null, promised }),
        );
      // Only an administrator or the owner of a card sees it differently (its exact position);
      // everyone else gets the page's one public rendering, written once per shared page.
      const seesExactPositions = page.items.some(({ item }) => canSeeExactPosition(item, viewer));
      if (seesExactPositions) return present(viewer);
      let body = publicBodies.get(page);
      if (body === undefined) {
        body = JSON.stringify(present(null));
        publicBodies.set(page, body);
      }
      // The same cards, already written: sent as they are.
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/items/featured',
    { schema: { tags: ['items'], response: { 200: z.array(itemSchema), ...errors } } },
    async (request) => {
      const viewer = signedInUser(request);
      const now = ctx.clock.now();
      return (await featuredItems(ctx, viewer)).map(({ item, owner, promised }) =>
        presentItem(item, owner, viewer, now, { promised }),
      );
    },
  );

  app.post(
    '/items',
    {
      schema: {
        tags: ['items'],
        body: createItemSchema,
        response: { 201: savedItemSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      await consumeListingTurn(actor.id);
      const { item, owner, warning } = await createItem(ctx, actor, request.body);
      const now = ctx.clock.now();
      const inEarlyAccess = item.earlyAccessUntil !== null && item.earlyAccessUntil > now;
      return reply.code(201).send({
        ...presentItem(item, owner, actor, now),
        warning,
        ...(inEarlyAccess ? { earlyAccessUntil: item.earlyAccessUntil?.toISOString() } : {}),
      });
    },
  );

  app.get(
    '/items/:id',
    {
      schema: { tags: ['items'], params: idParamsSchema, response: { 200: itemSchema, ...errors } },
      // The item page is the busiest single-item call, and its answer is presentItem's, typed as
      // the schema, as for GET /api/items: checking it again cost more than writing it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The item and its owner are read in the session's own statement: one round trip.
      config: { readWithSession: itemWithSession },
    },
    async (request) => {
      const viewer = signedInUser(request);
      const { item, owner, promised } = await getItem(ctx, viewer, request.params.id, {
        explainEarlyAccess: true,
        readWithSession: itemFromSessionRead(takeReadWithSession(request, itemWithSession)?.[0]),
      });
      // Premium analytics (PRODUCT §1): one view per parent and day, never the owner's own.
      const isNewView = await recordItemView(ctx, viewer, item);
      const seen = isNewView ? { ...item, viewCount: item.viewCount + 1 } : item;
      return presentItem(seen, owner, viewer, ctx.clock.now(), { promised });
    },
  );

  app.patch(
    '/items/:id',
    {
      schema: {
        tags: ['items'],
        params: idParamsSchema,
        body: updateItemSchema,
        response: { 200: savedItemSchema, ...errors },
      },
    },
    async (request) => {
      const actor = signedInUser(request);
      const { item, owner, promised, warning } = await updateItem(
        ctx,
        actor,
        request.params.id,
        request.body,
      );
      return { ...presentItem(item, owner, actor, ctx.clock.now(), { promised }), warning };
    },
  );

  app.delete(
    '/items/:id',
    {
      schema: {
        tags: ['items'],
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await deleteItem(ctx, signedInUser(request), request.params.id);
      return { message: 'Item deleted' };
    },
  );

  app.get(
    '/users/:id/items',
    {
      schema: { tags: ['items'], params: idParamsSchema, response: { 200: z.array(itemSchema), ...errors } },
      // presentItem's type is the schema's: checking every card again on the way out cost more
      // than reading them (docs/PERFORMANCE.md), as for GET /api/items.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const viewer = signedInUser(request);
      const owner = await findUserById(app.db, request.params.id);
      if (!owner) throw notFound('User');
      const now = ctx.clock.now();
      const rows = await listUserItems(ctx, viewer, owner);
      const promised = await promisedItemIds(
        app.db,
        rows.map((item) => item.id),
      );
      return rows.map((item) => presentItem(item, owner, viewer, now, { promised: promised.has(item.id) }));
    },
  );

  app.post(
    '/bulk-listings',
    {
      schema: {
        tags: ['items'],
        body: bulkListingSchema,
        response: { 201: bulkListingResultSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      await consumeListingTurn(actor.id);
      const { items, warning } = await createBulkListing(ctx, actor, request.body);
      const now = ctx.clock.now();
      return reply
        .code(201)
        .send({ items: items.map((item) => presentItem(item, actor, actor, now)), warning });
    },
  );
};
