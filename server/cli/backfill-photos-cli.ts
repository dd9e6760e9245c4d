import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { backfillRenditions } from '../features/uploads/uploads.backfill.js';
import { createStorage } from '../lib/storage.js';

/**
 * `npm run photos:backfill`: makes the smaller renditions of every item photo stored before
 * them, to completion, on the configured database and storage (DATABASE_URL, else the embedded
 * one in DATA_DIR; stop the app first, the embedded database allows one process). The app does
 * the same in the background after start-up; this is for doing it before a release takes
 * traffic, or to see what fails. Exits 1 when a photo could not be done.
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const started = Date.now();
  const { made, failed } = await backfillRenditions(database.db, await createStorage(config), {
    log: {
      warn: ({ err, storageKey }, message) =>
        console.warn(`  ${storageKey}: ${message}: ${err instanceof Error ? err.message : String(err)}`),
    },
  });
  console.warn(
    `Made the smaller renditions of ${made} photos in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failed} failed.`,
  );
  if (failed > 0) process.exitCode = 1;
} finally {
  await database.close();
}
