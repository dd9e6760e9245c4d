import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { DATABASE_UNAVAILABLE } from '../plugins/errors.js';
import { as, makeUser, signIn, type TestSession } from '../test/factories.js';
import { createTestPostgresDatabase } from '../test/test-app.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createPgPool, openDatabase, wrapNodePg, type DatabaseHandle } from './client.js';

// With PostgreSQL silent (a partition) or gone, a request answers 503 within a few
// seconds instead of hanging, and start-up says why it cannot connect. Only PostgreSQL has a
// network between the app and its data.
const TIMEOUT_MS = 1_000;
const onPostgres = Boolean(process.env.DATABASE_URL);

let created: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
let proxy: TcpProxy;
let database: DatabaseHandle;
let app: FastifyInstance;
let parent: TestSession;
beforeAll(async () => {
  if (!onPostgres) return;
  created = await createTestPostgresDatabase();
  const url = new URL(created.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  database = wrapNodePg(
    createPgPool(proxy.urlFor(created.url), { max: 5, timeoutMs: TIMEOUT_MS }),
    TIMEOUT_MS,
  );
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', LOG_LEVEL: 'silent' }),
    database,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    logger: false,
  });
  parent = await signIn(app, await makeUser(database.db));
});
afterAll(async () => {
  if (!onPostgres) return;
  proxy.restore();
  await app.close();
  await database.close();
  await proxy.close();
  await created.drop();
});

/** The answer and how long it took. */
async function timed(
  request: () => Promise<{ statusCode: number; json(): unknown; headers: Record<string, unknown> }>,
) {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

const waitUntilHealthy = () =>
  vi.waitFor(async () => expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200), {
    timeout: 15_000,
    interval: 100,
  });

describe.skipIf(!onPostgres)('the app while PostgreSQL cannot be reached', () => {
  it('answers 503 within a few seconds while the connection is held silent, then recovers', async () => {
    proxy.hold();
    try {
      const health = await timed(() => app.inject({ url: '/api/health' }));
      expect(health.response.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(3 * TIMEOUT_MS + 1_000);

      const favourites = await timed(() => as(parent).get('/api/favorites/ids'));
      expect(favourites.response.statusCode).toBe(503);
      expect(favourites.response.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(favourites.response.headers['retry-after']).toBe('5');
      expect(favourites.ms).toBeLessThan(3 * TIMEOUT_MS + 1_000);
    } finally {
      proxy.restore();
    }
    await waitUntilHealthy();
    const after = await as(parent).get('/api/favorites/ids');
    expect(after.statusCode).toBe(200);
  });

  it('answers 503 at once while PostgreSQL refuses connections, then recovers', async () => {
    proxy.cut();
    try {
      const registration = await timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { email: 'outage@example.com', password: 'secret1', firstName: 'O', lastName: 'U' },
        }),
      );
      expect(registration.response.statusCode).toBe(503);
      expect(registration.response.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(registration.ms).toBeLessThan(3 * TIMEOUT_MS + 1_000);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
      // A signed-in page's probe carries its cookie: still a 503 saying why, never a 500.
      const probed = await as(parent).get('/api/health');
      expect(probed.statusCode).toBe(503);
      expect(probed.json()).toMatchObject({ status: 'unavailable', message: DATABASE_UNAVAILABLE });
    } finally {
      proxy.restore();
    }
    await waitUntilHealthy();
    const favourites = await as(parent).get('/api/favorites/ids');
    expect(favourites.statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('a transaction cut off by a partition', () => {
  it('is rolled back, and its connection never serves another request mid-transaction', async () => {
    // One connection, so the next statement gets the very connection the transaction used.
    const pool = createPgPool(proxy.urlFor(created.url), { max: 1, timeoutMs: TIMEOUT_MS });
    const handle = wrapNodePg(pool, TIMEOUT_MS);
    const direct = new pg.Client({ connectionString: created.url });
    await direct.connect();
    try {
      await handle.db.execute(sql`create table partition_writes (step int)`);
      const transaction = handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into partition_writes values (1)`);
        proxy.hold();
        await tx.execute(sql`insert into partition_writes values (2)`);
      });
      // The statement and the rollback behind it both time out: the request fails (a 503).
      await expect(transaction).rejects.toThrow();
      proxy.restore();

      // The next write, once the network is back, is its own: committed, and alone.
      await vi.waitFor(() => handle.db.execute(sql`insert into partition_writes values (3)`), {
        timeout: 10_000,
        interval: 200,
      });
      const seen = await direct.query<{ step: number }>('select step from partition_writes order by step');
      expect(seen.rows.map((row) => row.step)).toEqual([3]);
    } finally {
      proxy.restore();
      await direct.end();
      await handle.close();
    }
  });
});

describe.skipIf(!onPostgres)('start-up towards PostgreSQL', () => {
  const open = (databaseUrl: string) =>
    openDatabase({ databaseUrl, dataDir: '/nonexistent-test-data', databaseTimeoutMs: TIMEOUT_MS });

  it('fails within the timeout, saying so, when PostgreSQL is silent', async () => {
    proxy.hold();
    try {
      const started = performance.now();
      await expect(open(proxy.urlFor(created.url))).rejects.toThrow(
        /Cannot connect to PostgreSQL as .*@127\.0\.0\.1:\d+\/littleloop_test_\w+: no answer within 1 s/,
      );
      expect(performance.now() - started).toBeLessThan(3 * TIMEOUT_MS);
    } finally {
      proxy.restore();
    }
  });

  it('names a refused port, a missing database and an unknown user', async () => {
    const url = new URL(created.url);
    const wrongPort = new URL(url);
    wrongPort.port = '1';
    await expect(open(wrongPort.toString())).rejects.toThrow(
      /:1\/.*connection refused.*Is PostgreSQL running there/,
    );
    const missing = new URL(url);
    missing.pathname = '/littleloop_no_such_database';
    await expect(open(missing.toString())).rejects.toThrow(
      /database "littleloop_no_such_database" does not exist\. Create it/,
    );
    const stranger = new URL(url);
    stranger.username = 'littleloop_no_such_user';
    await expect(open(stranger.toString())).rejects.toThrow(
      /littleloop_no_such_user@.*role "littleloop_no_such_user" does not exist\. Check the user/,
    );
  });
});
