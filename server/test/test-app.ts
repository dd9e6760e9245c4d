import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
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

/**
 * A fresh database for one test file: a copy of the migrated embedded dump, or, when
 * DATABASE_URL is set, a new PostgreSQL database cloned from the migrated template.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (template && databaseUrl) {
    const name = `littleloop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = wrapNodePg(createPgPool(url.toString(), 5));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
  const client = await createPglite({ loadDataDir: dump });
  return wrapPglite(client);
}

/** The cookie secret of test apps: a second app built with it accepts the first one's sessions. */
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export async function makeTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: { clock?: TestClock; rateLimits?: Partial<RateLimits> } = {},
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
  const memoryMailer = overrides.DATA_DIR ? undefined : createMemoryMailer();
  const mailer: Mailer | undefined = memoryMailer;
  const app = await buildApp({
    ...(mailer ? { mailer } : {}),
    config,
    database,
    clock,
    sessionSecret: TEST_SESSION_SECRET,
    logger: false,
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
