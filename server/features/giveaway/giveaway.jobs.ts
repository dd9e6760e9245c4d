import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { scheduleBackgroundJob } from '../../lib/background-job.js';
import { lapseOverduePromises } from './giveaway.service.js';

/** Lapsing is checked this often: a promise ends at most this late after its time. */
const EVERY_MS = 5 * 60 * 1000;

/** Promises with no handover by their time plus the grace period lapse (giveaway.service.ts). */
export function schedulePromiseLapses(app: FastifyInstance, clock: Clock): void {
  scheduleBackgroundJob(app, {
    everyMs: EVERY_MS,
    failure: 'lapsing overdue promises failed',
    run: async () => {
      const lapsed = await lapseOverduePromises(app.db, clock.now(), app.events);
      if (lapsed === 0) return;
      app.log.info({ count: lapsed }, 'lapsed overdue promises');
      await app.listings.changed();
    },
  });
}
