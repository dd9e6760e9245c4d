import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import {
  createPglite,
  createPgPool,
  wrapNodePg,
  wrapPglite,
  type Database,
  type DatabaseHandle,
} from '../db/client.js';
import { recordStatements } from '../db/record-statements.js';
import type { StripeApi } from '../features/billing/billing.stripe.js';
import type { Clock } from '../lib/clock.js';
import type { RateLimits } from '../lib/rate-limits.js';
import { createMemoryMailer, type MailMessage, type Mailer } from '../lib/mail.js';

export type TestClock = Clock & { set(date: Date): void; advance(ms: number): void };

export function makeTestClock(start = new Date()): TestClock {
  let current = start;
  return {
    now: () => new Date(current.getTime()),
    set: (date) => {
      current = date;
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  /** The database handle, to start a second app instance on the same database. */
  database: DatabaseHandle;
  clock: TestClock;
  config: Config;
  /** E-mails the app sent, when it was given the in-memory mailer (no DATA_DIR override). */
  sentMail: MailMessage[];
  close(): Promise<void>;
};

const TEST_TIMEOUT_MS = 20_000;

/** A new PostgreSQL database cloned from the migrated template; drop() removes it. */
export async function createTestPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (!template || !databaseUrl) throw new Error('PostgreSQL tests need DATABASE_URL');
  const name = `littleloop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database for one test file: a copy of the migrated embedded dump, or, when
 * DATABASE_URL is set, a new PostgreSQL database cloned from the migrated template.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (inject('postgresTemplate') && process.env.DATABASE_URL) {
    const created = await createTestPostgresDatabase();
    // Generous timeouts: a busy test machine must not turn a slow query into a 503.
    const handle = wrapNodePg(
      createPgPool(created.url, { max: 5, timeoutMs: TEST_TIMEOUT_MS }),
      TEST_TIMEOUT_MS,
    );
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await created.drop();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
  const client = await createPglite({ loadDataDir: dump });
  return wrapPglite(client);
}

/** What one request cost on PostgreSQL: its answer and the statements it sent, in order. */
export type CountedRequest = { response: LightMyRequestResponse; statements: string[] };

/**
 * An app on a new PostgreSQL database whose pool writes down every statement it is sent during
 * `countStatements`: how a test holds a request to the round trips it is meant to cost.
 */
export async function makeStatementCountingApp(overrides: Partial<Record<string, string>> = {}): Promise<{
  app: FastifyInstance;
  db: Database;
  countStatements(request: InjectOptions): Promise<CountedRequest>;
  close(): Promise<void>;
}> {
  const created = await createTestPostgresDatabase();
  const pool = createPgPool(created.url, { max: 2 });
  let statements: string[] | undefined;
  recordStatements(pool, ({ text }) => statements?.push(text));
  const database = wrapNodePg(pool);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-test-data',
      LOG_LEVEL: 'silent',
      ...overrides,
    }),
    database,
    sessionSecret: TEST_SESSION_SECRET,
    logger: false,
  });
  return {
    app,
    db: database.db,
    countStatements: async (request) => {
      statements = [];
      try {
        const response = await app.inject(request);
        return { response, statements };
      } finally {
        statements = undefined;
      }
    },
    close: async () => {
      await app.close();
      await database.close();
      await created.drop();
    },
  };
}

/** The cookie secret of test apps: a second app built with it accepts the first one's sessions. */
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export async function makeTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: {
    clock?: TestClock;
    mailer?: Mailer;
    stripe?: StripeApi;
    rateLimits?: Partial<RateLimits>;
    /** A built client to serve, as `npm start` serves dist/client. */
    clientDir?: string;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  // Production limits, except where a test sets its own to prove one.
  const config: Config = { ...loaded, rateLimits: { ...loaded.rateLimits, ...options.rateLimits } };
  const clock = options.clock ?? makeTestClock();
  // Without a DATA_DIR of its own a test keeps mail in memory; with one, mail goes to its outbox.
  const memoryMailer = overrides.DATA_DIR || options.mailer ? undefined : createMemoryMailer();
  const mailer: Mailer | undefined = options.mailer ?? memoryMailer;
  const app = await buildApp({
    ...(mailer ? { mailer } : {}),
    config,
    database,
    clock,
    sessionSecret: TEST_SESSION_SECRET,
    logger: false,
    ...(options.stripe ? { stripe: options.stripe } : {}),
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
  });
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    sentMail: memoryMailer?.sent ?? [],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
