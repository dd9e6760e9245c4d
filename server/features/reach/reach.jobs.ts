import type { FastifyInstance } from 'fastify';
import { deliverDueNews, type ReachContext, type ReachRunReport } from './reach.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** News for parents who are away: run() sends what is due now (tests, tools). */
    reach: { run(): Promise<ReachRunReport> };
  }
}

/** News is checked this often: an unread message is pushed about a minute after it arrives. */
const EVERY_MS = 20_000;

/**
 * Sends due news every 20 s, one run at a time in this process; across instances each row is
 * leased by the runner that took it (reach.service.ts).
 */
export function scheduleNewsDelivery(app: FastifyInstance, ctx: ReachContext): void {
  let chain: Promise<unknown> = Promise.resolve();
  let busy = false;
  let closing = false;
  const run = (): Promise<ReachRunReport> => {
    const next = chain.then(async () => {
      busy = true;
      try {
        return await deliverDueNews(ctx);
      } finally {
        busy = false;
      }
    });
    chain = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    if (closing || busy) return;
    run().catch((error: unknown) => app.log.warn({ err: error }, 'sending news failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.decorate('reach', { run });
  app.addHook('onReady', async () => {
    timer = setInterval(tick, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await chain;
  });
}
