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
import { signedInUser } from '../../plugins/session.js';
import { recordItemView } from '../analytics/analytics.service.js';
import { findUserById } from '../users/users.repo.js';
import { presentItem } from './items.present.js';
import {
  createBulkListing,
  createItem,
  deleteItem,
  discoverItems,
  featuredItems,
  getItem,
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

/** SPEC §7 item calls. Every rule lives in items.service.ts; routes parse and present. */
export const itemsRoutes: FastifyPluginAsyncZod<{ context: Omit<ItemsContext, 'db'> }> = async (
  app,
  options,
) => {
  const ctx: ItemsContext = { db: app.db, ...options.context };
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/items',
    {
      schema: {
        tags: ['items'],
        description: `Browse and search. The next page's cursor is in the ${LIST_HEADERS.nextCursor} header, the number of matches (counted up to ${COUNT_CAP + 1}) in ${LIST_HEADERS.totalCount}.`,
        querystring: listItemsQuerySchema,
        response: { 200: z.array(itemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = signedInUser(request);
      const page = await discoverItems(ctx, viewer, request.query);
      if (page.nextCursor) reply.header(LIST_HEADERS.nextCursor, page.nextCursor);
      if (page.totalCount !== undefined) reply.header(LIST_HEADERS.totalCount, String(page.totalCount));
      const now = ctx.clock.now();
      return page.items.map(({ item, owner }) =>
        presentItem(item, owner, viewer, now, { distanceKm: page.distances.get(item.id) ?? null }),
      );
    },
  );

  app.get(
    '/items/featured',
    { schema: { tags: ['items'], response: { 200: z.array(itemSchema), ...errors } } },
    async (request) => {
      const viewer = signedInUser(request);
      const now = ctx.clock.now();
      return (await featuredItems(ctx, viewer)).map(({ item, owner }) =>
        presentItem(item, owner, viewer, now),
      );
    },
  );

  app.post(
    '/items',
    { schema: { tags: ['items'], body: createItemSchema, response: { 201: savedItemSchema, ...errors } } },
    async (request, reply) => {
      const actor = signedInUser(request);
      const { item, owner, warning } = await createItem(ctx, actor, request.body);
      return reply.code(201).send({ ...presentItem(item, owner, actor, ctx.clock.now()), warning });
    },
  );

  app.get(
    '/items/:id',
    { schema: { tags: ['items'], params: idParamsSchema, response: { 200: itemSchema, ...errors } } },
    async (request) => {
      const viewer = signedInUser(request);
      const { item, owner } = await getItem(ctx, viewer, request.params.id);
      // Premium analytics (issue 7): one view per parent and day, never the owner's own.
      const isNewView = await recordItemView(ctx, viewer, item);
      const seen = isNewView ? { ...item, viewCount: item.viewCount + 1 } : item;
      return presentItem(seen, owner, viewer, ctx.clock.now());
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
      const { item, owner, warning } = await updateItem(ctx, actor, request.params.id, request.body);
      return { ...presentItem(item, owner, actor, ctx.clock.now()), warning };
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
    },
    async (request) => {
      const viewer = signedInUser(request);
      const owner = await findUserById(app.db, request.params.id);
      if (!owner) throw notFound('User');
      const now = ctx.clock.now();
      const rows = await listUserItems(ctx, viewer, owner);
      return rows.map((item) => presentItem(item, owner, viewer, now));
    },
  );

  app.post(
    '/bulk-listings',
    {
      schema: {
        tags: ['items'],
        body: bulkListingSchema,
        response: { 201: bulkListingResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      const { items, warning } = await createBulkListing(ctx, actor, request.body);
      const now = ctx.clock.now();
      return reply
        .code(201)
        .send({ items: items.map((item) => presentItem(item, actor, actor, now)), warning });
    },
  );
};
