import { and, eq, inArray, lt, max, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { items, uploads, users } from '../../db/schema.js';
import { scheduleBackgroundJob } from '../../lib/background-job.js';
import type { Clock } from '../../lib/clock.js';
import type { Storage } from '../../lib/storage.js';
import { photoKeys } from './uploads.service.js';

/** An upload gets a day to be attached to an item or a profile before it is swept away. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 200;

/**
 * Deletes every photo whose newest upload is older than the cut-off and that no item and no
 * profile uses: every rendition from storage, then nothing is left of it in the uploads table.
 * Rows go first, so a failed file deletion leaves an orphan file, never a broken photo.
 * Returns how many photos were removed; throws only if the database fails.
 */
export async function sweepUnusedUploads(
  db: Database,
  storage: Storage,
  clock: Clock,
  olderThanMs = UNUSED_UPLOAD_GRACE_MS,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const cutOff = new Date(clock.now().getTime() - olderThanMs);
  let removed = 0;
  for (;;) {
    const unusedUrls = db
      .select({ url: uploads.url })
      .from(uploads)
      .where(
        and(
          notExists(
            db
              .select({ id: items.id })
              .from(items)
              // Matches the GIN index on image_urls.
              .where(sql`${items.imageUrls} @> array[${uploads.url}::text]`),
          ),
          notExists(db.select({ id: users.id }).from(users).where(eq(users.profileImageUrl, uploads.url))),
        ),
      )
      .groupBy(uploads.url)
      .having(lt(max(uploads.createdAt), cutOff))
      .limit(SWEEP_BATCH);
    const deleted = await db
      .delete(uploads)
      .where(inArray(uploads.url, unusedUrls))
      .returning({ url: uploads.url, storageKey: uploads.storageKey });

    const storageKeys = new Set(deleted.map((row) => row.storageKey));
    for (const storageKey of storageKeys) {
      for (const key of photoKeys(storageKey)) {
        await storage.delete(key).catch((error: unknown) => {
          log?.warn({ err: error, key }, 'could not delete an unused upload');
        });
      }
    }
    const urls = new Set(deleted.map((row) => row.url)).size;
    removed += urls;
    if (urls < SWEEP_BATCH) return removed;
  }
}

/** Sweeps once when the app is ready and then every hour (scheduleBackgroundJob). */
export function scheduleUploadSweep(
  app: FastifyInstance,
  deps: { db: Database; storage: Storage; clock: Clock },
): void {
  scheduleBackgroundJob(app, {
    everyMs: SWEEP_EVERY_MS,
    failure: 'sweep of unused uploads failed',
    run: async () => {
      const removed = await sweepUnusedUploads(
        deps.db,
        deps.storage,
        deps.clock,
        UNUSED_UPLOAD_GRACE_MS,
        app.log,
      );
      app.log[removed > 0 ? 'info' : 'debug']({ removed }, 'swept unused uploads');
    },
  });
}
