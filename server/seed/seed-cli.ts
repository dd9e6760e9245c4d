import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import { createStorage } from '../lib/storage.js';
import { seedMarketplace } from './seed.js';

/**
 * `npm run seed -- --items N [--families F] [--seed S]`: adds demo families and items to the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR; stop the app first,
 * the embedded database allows one process).
 */
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '200' },
    families: { type: 'string' },
    seed: { type: 'string' },
  },
});
const itemCount = Number(values.items);
const familyCount = values.families ? Number(values.families) : Math.max(24, Math.ceil(itemCount / 50));
if (!Number.isInteger(itemCount) || itemCount < 0 || !Number.isInteger(familyCount) || familyCount < 1) {
  console.error('Usage: npm run seed -- --items N [--families F] [--seed S] (whole numbers)');
  process.exit(2);
}

const config = loadConfig();
// Seeding many items writes large batches: no statement timeout (the app's is for requests).
const database = await openDatabase({ ...config, statementTimeoutMs: 0 });
try {
  await database.migrate();
  const started = Date.now();
  const result = await seedMarketplace(
    { db: database.db, storage: await createStorage(config), clock: systemClock },
    {
      families: familyCount,
      items: itemCount,
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      log: (message) => console.warn(`  ${message}`),
    },
  );
  console.warn(
    `Seeded ${result.families} families and ${result.items} items in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
