import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { describeError } from './lib/database-errors.js';
import { resolveSessionSecret } from './lib/secrets.js';
import { resolveVapidKeys } from './features/reach/push.js';
import { closeGracefully, SHUTDOWN_DEADLINE_MS } from './lib/shutdown.js';
import { createStorage } from './lib/storage.js';
import { DEMO_PASSWORD, isEmptyMarketplace, seedMarketplace } from './seed/seed.js';

const DEMO_SIZE = { families: 16, items: 64 };

/** The built client sits in dist/client, whether this file runs from server/ or dist/server/. */
function findClientDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, '..', 'client'), join(here, '..', 'dist', 'client')].find((dir) =>
    existsSync(join(dir, 'index.html')),
  );
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await database.migrate();
  const storage = await createStorage(config);
  if (config.demoData && (await isEmptyMarketplace(database.db))) {
    // A newcomer's first start shows a living marketplace (DEMO_DATA=0 turns this off).
    const seeded = await seedMarketplace({ db: database.db, storage, clock: systemClock }, DEMO_SIZE);
    console.warn(
      `Added demo data: ${seeded.families} families and ${seeded.items} items (password "${DEMO_PASSWORD}").`,
    );
  }
  const app = await buildApp({
    config,
    database,
    storage,
    sessionSecret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    vapidKeys: resolveVapidKeys(config.vapid, config.vapidSubject, config.dataDir),
    clientDir: findClientDir(),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ requestsInFlight: app.requestsInFlight() }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // app.close() also waits for requests still running for clients that hung up
    // (plugins/in-flight.ts), so none of them meets a closed database; a client that stalls
    // mid-request is cut off after a grace period (lib/shutdown.ts).
    closeGracefully(app, database).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, client: findClientDir() ? 'served' : 'not built' },
    'LittleLoop is ready',
  );
}

main().catch((error: unknown) => {
  // The causes too: a failed migration's own message is only the SQL it ran.
  console.error(`LittleLoop could not start: ${describeError(error)}`);
  process.exit(1);
});
