import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests the app is still working on. */
    requestsInFlight(): number;
    /** Resolves once no request is in flight; app.ts awaits it while closing. */
    requestsDrained(): Promise<void>;
  }
}

/**
 * Counts the requests the app is still working on, so that shutdown can let them finish before
 * it closes the database.
 *
 * app.close() only waits for open connections. A client that hangs up takes its connection
 * away, but Fastify carries on with that request: its remaining hooks and its handler still run
 * (an abort stops nothing) and would then query a closed database. Neither onResponse nor
 * onRequestAbort marks the end of that work: an aborted request never reaches onResponse, and
 * onRequestAbort fires while its hooks or handler are still running. So a request counts from
 * onRequest until Fastify is done with it:
 * - its route handler has settled (resolved, rejected or thrown), or
 * - a reply went out while no handler was running: a hook refused the request, an error or a
 *   404 answered it (onSend), or the response finished (onResponse).
 * A request that never gets there holds shutdown until main.ts's deadline, hence the preParsing
 * hook below (and the check in uploads.routes.ts before multipart reads the body).
 * Register it before any other hook or route: its onRequest must come before hooks that query,
 * and its onRoute hook only sees the routes added after it.
 */
export const inFlightPlugin = fp(async (app: FastifyInstance) => {
  const inFlight = new Set<FastifyRequest>();
  const inHandler = new WeakSet<FastifyRequest>();
  let waiting: (() => void)[] = [];

  /** Set.delete makes this count each request down exactly once, whichever signal comes first. */
  const finish = (request: FastifyRequest) => {
    if (!inFlight.delete(request) || inFlight.size > 0) return;
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  };
  const replied = async (request: FastifyRequest) => {
    if (!inHandler.has(request)) finish(request);
  };

  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('onSend', replied);
  app.addHook('onResponse', replied);
  // Fastify reads a body by waiting for the request stream's end or error; a stream destroyed
  // before that (the client hung up while onRequest hooks ran) sends neither, and the request
  // would stop there for good, never answered nor finished. A body that fails when read makes
  // Fastify answer it like any broken upload (400); requests without a body never read it.
  app.addHook('preParsing', async (request, _reply, payload) =>
    request.raw.destroyed ? bodyOfAGoneClient() : payload,
  );
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      inHandler.add(request);
      const settled = () => {
        inHandler.delete(request);
        finish(request);
      };
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        settled();
        throw error;
      }
      // Sync handlers stay sync (some reply later by themselves, like static files); Fastify gets
      // the handler's own promise back, so it waits for and answers exactly as before.
      if (isThenable(result)) void result.then(settled, settled);
      else settled();
      return result;
    };
  });

  app.decorate('requestsInFlight', () => inFlight.size);
  app.decorate('requestsDrained', async () => {
    if (inFlight.size === 0) return;
    app.log.info({ requests: inFlight.size }, 'waiting for requests in flight to finish');
    await new Promise<void>((resolve) => waiting.push(resolve));
  });
});

function bodyOfAGoneClient(): Readable {
  return new Readable({
    read() {
      this.destroy(new Error('The client closed the connection before its request body was read'));
    },
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
