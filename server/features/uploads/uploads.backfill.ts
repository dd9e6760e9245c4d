import { setTimeout as pause } from 'node:timers/promises';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { deriveRenditions } from '../../lib/images.js';
import { scheduleBackgroundJob } from '../../lib/background-job.js';
import type { Storage } from '../../lib/storage.js';
import {
  cardKey,
  detailKey,
  itemPhotoBytes,
  mediumKey,
  RENDITIONS_VERSION,
  smallCardKey,
} from './uploads.service.js';

const WEBP = 'image/webp';
const BACKFILL_EVERY_MS = 60 * 60 * 1000;
/** Photos read per query; each is made and written before the next, so memory stays small. */
export const BACKFILL_BATCH = 20;
/** Between batches the app's own work goes first: the job takes a share of one core, not all. */
const BACKFILL_PAUSE_MS = 200;

/** Where a failed photo is told (a Fastify logger, or the command line's). */
export type BackfillLog = { warn(details: { err: unknown; storageKey: string }, message: string): void };

export type BackfillOptions = {
  log?: BackfillLog;
  batchSize?: number;
  pauseMs?: number;
  /** Asked before each photo: true stops the run there (the app is closing). */
  shouldStop?: () => boolean;
};

export type BackfillResult = { made: number; failed: number };

/**
 * Makes the renditions that item photos stored before RENDITIONS_VERSION lack (the 800 px
 * detail and the 300×225 card, see deriveRenditions) from their stored detail and card files,
 * and marks every upload of each photo done. Goes once through the uploads left to do, in
 * batches, one photo at a time. A photo that fails (a file missing or unreadable) is logged and
 * left as it was, to be tried again by the next run. Returns how many photos were made and how
 * many failed; throws only if the database fails.
 */
export async function backfillRenditions(
  db: Database,
  storage: Storage,
  { log, batchSize = BACKFILL_BATCH, pauseMs = 0, shouldStop = () => false }: BackfillOptions = {},
): Promise<BackfillResult> {
  const result: BackfillResult = { made: 0, failed: 0 };
  // A cursor, so a photo that failed is not picked again in the same run.
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(
        and(lt(uploads.renditions, RENDITIONS_VERSION), gt(uploads.id, afterId), eq(uploads.kind, 'item')),
      )
      .orderBy(asc(uploads.id))
      .limit(batchSize);
    for (const row of batch) {
      if (shouldStop()) return result;
      afterId = Math.max(afterId, row.id);
      try {
        if (await backfillPhoto(db, storage, row.storageKey)) result.made += 1;
      } catch (error) {
        result.failed += 1;
        log?.warn(
          { err: error, storageKey: row.storageKey },
          'could not make the smaller renditions of a photo',
        );
      }
    }
    if (batch.length < batchSize || shouldStop()) return result;
    if (pauseMs > 0) await pause(pauseMs);
  }
}

/**
 * One photo: reads its detail and card, writes the two new files, then marks its uploads. False
 * when another run had done it already, or the sweep removed the photo meanwhile (then the files
 * just written are removed too, so none is left behind).
 */
async function backfillPhoto(db: Database, storage: Storage, storageKey: string): Promise<boolean> {
  const [detail, card] = await Promise.all([
    storage.get(detailKey(storageKey)),
    storage.get(cardKey(storageKey)),
  ]);
  if (!detail || !card) {
    throw new Error(`The stored ${detail ? 'card' : 'detail'} rendition of ${storageKey} is missing`);
  }
  const photo = { hash: storageKey, detail, card, ...(await deriveRenditions({ detail, card })) };
  await Promise.all([
    storage.put(mediumKey(storageKey), photo.medium, WEBP),
    storage.put(smallCardKey(storageKey), photo.cardSmall, WEBP),
  ]);
  const marked = await db
    .update(uploads)
    .set({
      renditions: RENDITIONS_VERSION,
      bytes: itemPhotoBytes(photo),
    })
    .where(and(eq(uploads.storageKey, storageKey), lt(uploads.renditions, RENDITIONS_VERSION)))
    .returning({ id: uploads.id });
  if (marked.length > 0) return true;
  const [kept] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.storageKey, storageKey))
    .limit(1);
  if (!kept) {
    await Promise.all([storage.delete(mediumKey(storageKey)), storage.delete(smallCardKey(storageKey))]);
  }
  return false;
}

/**
 * Backfills once when the app is ready and then every hour (scheduleBackgroundJob), for photos
 * an older instance may still store during a rolling release: batches with pauses between them,
 * so requests go first; closing the app stops the run after the photo in hand.
 */
export function scheduleRenditionBackfill(
  app: FastifyInstance,
  deps: { db: Database; storage: Storage },
): void {
  scheduleBackgroundJob(app, {
    everyMs: BACKFILL_EVERY_MS,
    failure: 'backfill of photo renditions failed',
    run: async (isClosing) => {
      const { made, failed } = await backfillRenditions(deps.db, deps.storage, {
        log: app.log,
        pauseMs: BACKFILL_PAUSE_MS,
        shouldStop: isClosing,
      });
      app.log[made + failed > 0 ? 'info' : 'debug']({ made, failed }, 'backfilled photo renditions');
    },
  });
}
