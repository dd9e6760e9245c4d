import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { clearLapsedPriority } from './items.repo.js';

const EVERY_MS = 60 * 60 * 1000;

/** Hourly upkeep: a Premium period that ended takes its owner's items off the priority list. */
export function scheduleItemUpkeep(app: FastifyInstance, clock: Clock): void {
  const run = () =>
    clearLapsedPriority(app.db, clock.now())
      .then(async (count) => {
        if (count === 0) return;
        app.log.info({ count }, 'cleared priority of lapsed Premium items');
        await app.listings.changed();
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'priority upkeep failed'));
  app.addHook('onReady', async () => {
    void run();
  });
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
