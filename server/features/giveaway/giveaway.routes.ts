import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  arrangePickupSchema,
  choosePromiseSchema,
  createRequestSchema,
  giveawaySchema,
  myRequestSchema,
  promiseSchema,
  setRequestWindowSchema,
} from '../../../common/schemas/giveaway.js';
import { recordExchangeSchema } from '../../../common/schemas/reviews.js';
import { idParamsSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import { signedInUser } from '../../plugins/session.js';
import {
  arrangePickup,
  choosePromise,
  confirmHandover,
  createRequest,
  getGiveaway,
  getPromise,
  listPromises,
  recordHandover,
  releasePromise,
  reportNoShow,
  setRequestWindow,
  withdrawRequest,
  type GiveawayContext,
} from './giveaway.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['giveaway'];

/**
 * Requests, promises and handovers (docs/API.md): families ask, the owner chooses or draws,
 * the pair agree a pickup, and the handover counts once both confirm it.
 */
export const giveawayRoutes: FastifyPluginAsyncZod<{ clock: Clock; gazetteer: Gazetteer }> = async (
  app,
  { clock, gazetteer },
) => {
  const ctx: GiveawayContext = {
    db: app.db,
    clock,
    gazetteer,
    events: app.events,
    listings: app.listings,
  };
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/items/:id/giveaway',
    {
      schema: {
        tags,
        description:
          'The item’s requests and promise as the viewer may see them: the requesters for the owner only, the promise for its two parties only.',
        params: idParamsSchema,
        response: { 200: giveawaySchema, ...errors },
      },
    },
    async (request) => getGiveaway(ctx, signedInUser(request), request.params.id),
  );

  app.post(
    '/items/:id/requests',
    {
      schema: {
        tags,
        description:
          'Asks for a free or swap item with a short note; allowed while it is promised (a backup). A withdrawn request may be renewed.',
        params: idParamsSchema,
        body: createRequestSchema,
        response: { 201: myRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRequest(ctx, signedInUser(request), request.params.id, request.body.note)),
  );

  app.delete(
    '/items/:id/requests/mine',
    {
      schema: {
        tags,
        description: 'Withdraws one’s waiting request (a chosen one is released instead).',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await withdrawRequest(ctx, signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/items/:id/request-window',
    {
      schema: {
        tags,
        description: 'The owner lets requests collect for some hours before choosing; 0 clears the wait.',
        params: idParamsSchema,
        body: setRequestWindowSchema,
        response: { 200: giveawaySchema, ...errors },
      },
    },
    async (request) => setRequestWindow(ctx, signedInUser(request), request.params.id, request.body.hours),
  );

  app.post(
    '/items/:id/promise',
    {
      schema: {
        tags,
        description:
          'The owner promises the item to a family who asked, or to the winner of a fair random draw among those waiting (recorded so anyone can recompute it).',
        params: idParamsSchema,
        body: choosePromiseSchema,
        response: { 201: promiseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await choosePromise(ctx, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/items/:id/exchange',
    {
      schema: {
        tags,
        description:
          'The owner records a handover done outside requests with someone who wrote about the item; it counts once the receiver confirms it.',
        params: idParamsSchema,
        body: recordExchangeSchema,
        response: { 201: promiseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordHandover(ctx, signedInUser(request), request.params.id, request.body.receiverId)),
  );

  app.get(
    '/exchanges',
    {
      schema: {
        tags,
        description: 'The caller’s promises and handovers, newest first.',
        response: { 200: z.array(promiseSchema), ...errors },
      },
    },
    async (request) => listPromises(ctx, signedInUser(request).id),
  );

  app.get(
    '/exchanges/:id',
    {
      schema: {
        tags,
        description: 'One promise, for its two parties only.',
        params: idParamsSchema,
        response: { 200: promiseSchema, ...errors },
      },
    },
    async (request) => getPromise(ctx, signedInUser(request).id, request.params.id),
  );

  app.patch(
    '/exchanges/:id/pickup',
    {
      schema: {
        tags,
        description:
          'Either party sets the pickup time and a safe meeting place; only the owner may offer their own pickup point (safeLocationId null).',
        params: idParamsSchema,
        body: arrangePickupSchema,
        response: { 200: promiseSchema, ...errors },
      },
    },
    async (request) => arrangePickup(ctx, signedInUser(request), request.params.id, request.body),
  );

  const actions = [
    {
      path: '/exchanges/:id/confirm',
      description:
        'The caller’s side of the handover: ‘Handed over’ for the giver, ‘Received’ for the receiver. Completed once both confirmed.',
      run: confirmHandover,
    },
    {
      path: '/exchanges/:id/release',
      description: 'Either party lets a pending promise go; the item is back with the families waiting.',
      run: releasePromise,
    },
    {
      path: '/exchanges/:id/no-show',
      description: 'The giver says the chosen family did not come (once the pickup time has passed).',
      run: reportNoShow,
    },
  ];
  for (const { path, description, run } of actions) {
    app.post(
      path,
      { schema: { tags, description, params: idParamsSchema, response: { 200: promiseSchema, ...errors } } },
      async (request) => run(ctx, signedInUser(request), request.params.id),
    );
  }
};
