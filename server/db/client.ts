import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { createPgListener } from './listener.js';
import { CONNECTION_SETTINGS } from './pglite.js';
import { PgliteThread, type EmbeddedClient } from './pglite-thread.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Either driver: the app only speaks Drizzle's PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel; the returned function stops listening. onGap runs when notifications
   * may have been missed (the LISTEN connection was lost and is back).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /** False while notifications cannot be heard (the LISTEN connection is down). */
  isListening(): boolean;
  /** Whether the newest migration this code knows is applied: false on an empty database. */
  isMigrated(): Promise<boolean>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** The rows of a raw `db.execute(sql...)`: both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * No JIT compilation: the app's statements are short, and a few (the conversations list, with
 * a count per conversation) are estimated costly enough that PostgreSQL spent 30 ms compiling
 * a statement that runs in 10 (docs/PERFORMANCE.md). The embedded database has no JIT.
 */
const SERVER_ONLY_SETTINGS = { jit: 'off' } as const;

/**
 * How long the app waits for PostgreSQL to accept a connection or answer a statement before it
 * gives up (503 to the request, docs/OPERATIONS.md), rather than hang for as long as a partition lasts.
 */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5_000;

export type PoolOptions = {
  max?: number;
  /** Connection, statement and read timeout; 0 waits for ever. */
  timeoutMs?: number;
  /** Statement and read timeout, when it differs: 0 for migrations, which may build large indexes. */
  statementTimeoutMs?: number;
};

/**
 * A node-postgres pool whose connections start with CONNECTION_SETTINGS and give up after
 * timeoutMs: connecting, waiting for a free connection, and each statement, on both sides (the
 * server cancels a statement the client no longer waits for). TCP keepalive notices a peer
 * that vanished while a connection sits idle.
 */
export function createPgPool(
  connectionString: string,
  { max = 10, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS, statementTimeoutMs = timeoutMs }: PoolOptions = {},
): pg.Pool {
  const options = Object.entries({ ...CONNECTION_SETTINGS, ...SERVER_ONLY_SETTINGS })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const connecting = timeoutMs > 0 ? { connectionTimeoutMillis: timeoutMs } : {};
  const statements =
    statementTimeoutMs > 0
      ? {
          query_timeout: statementTimeoutMs,
          statement_timeout: statementTimeoutMs,
          // A transaction left open by a client that vanished must not hold its locks for long.
          idle_in_transaction_session_timeout: Math.max(statementTimeoutMs * 6, 30_000),
        }
      : {};
  const pool = new pg.Pool({ connectionString, max, options, keepAlive: true, ...connecting, ...statements });
  pool.on('connect', discardIfReleasedMidTransaction);
  return pool;
}

/**
 * A connection must go back to the pool only when it is idle outside a transaction. Drizzle's
 * transaction() releases its connection without an error even when its rollback timed out
 * (a partition: node-postgres drops a statement it has not sent yet when its timeout fires), so
 * after the network came back the next request would run inside that half-done transaction and
 * its writes would be committed or lost with it. Such a connection is closed instead.
 * The pool sets `release` anew each time it lends the connection; this wraps each one.
 */
function discardIfReleasedMidTransaction(client: pg.PoolClient): void {
  let release: pg.PoolClient['release'] = () => undefined;
  Object.defineProperty(client, 'release', {
    configurable: true,
    get: () => release,
    set: (poolRelease: pg.PoolClient['release']) => {
      release = (error) =>
        poolRelease(
          error ??
            (client.getTransactionStatus() === 'I'
              ? undefined
              : new Error('connection released inside a transaction: closed')),
        );
    },
  });
}

export { createPglite, PGLITE_EXTENSIONS, WORD_SIMILARITY_THRESHOLD } from './pglite.js';

/** The migrations sit beside the source; the compiled server finds them there too. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, '..', '..', '..', 'server', 'db', 'migrations')];
  const found = candidates.find((candidate) => existsSync(join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The embedded database, on this thread (tests open it from a dump) or in its worker thread
 * (openDatabase). Drizzle's pglite session calls only what EmbeddedClient has.
 */
export function wrapPglite(
  client: EmbeddedClient,
  onClose: () => void = () => {},
  { ownsDataDir = false }: { ownsDataDir?: boolean } = {},
): DatabaseHandle {
  const drizzleOn = () => drizzlePglite(client as unknown as PGlite, { schema });
  const db = drizzleOn() as unknown as Database;
  // A data folder this process holds the lock of cannot be un-migrated behind its back, so once
  // migrated it stays migrated: health checks then need no statement, and never wait behind
  // other parents' statements for the database's one connection (decision 018).
  let migrated = false;
  return {
    db,
    kind: 'pglite',
    // Notifications never leave the process, so none is ever missed.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    isListening: () => !client.closed,
    isMigrated: async () => {
      if (client.closed) throw new Error('The embedded database is closed');
      if (migrated && ownsDataDir) return true;
      migrated = await isMigrated(db);
      return migrated;
    },
    migrate: () => migratePglite(drizzleOn(), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

export function wrapNodePg(pool: pg.Pool, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS): DatabaseHandle {
  // An idle connection the server closes (a restart, a failover) must not crash the process:
  // the pool drops it and opens a new one for the next query.
  pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  const connectionString = pool.options.connectionString;
  const listener = createPgListener(
    // Named, so an operator (or a test) can find it in pg_stat_activity.
    { connectionString, application_name: LISTEN_APPLICATION_NAME },
    {
      heartbeatMs: LISTEN_HEARTBEAT_MS,
      timeoutMs: timeoutMs > 0 ? timeoutMs : DEFAULT_DATABASE_TIMEOUT_MS,
      retry: LISTEN_RETRY,
      log: (message) => console.warn(message),
    },
  );
  return {
    db,
    kind: 'postgres',
    listen: (channel, onPayload, onGap) => listener.listen(channel, onPayload, onGap),
    isListening: () => listener.isListening(),
    isMigrated: () => isMigrated(db),
    migrate: async () => {
      // Building an index on a large table may take minutes: no statement timeout here.
      const migrationPool = createPgPool(connectionString ?? '', {
        max: 1,
        timeoutMs: timeoutMs > 0 ? timeoutMs : DEFAULT_DATABASE_TIMEOUT_MS,
        statementTimeoutMs: 0,
      });
      try {
        await migrateNodePg(drizzleNodePg(migrationPool, { schema }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await migrationPool.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

export const LISTEN_APPLICATION_NAME = 'littleloop-listen';
/** The LISTEN connection runs a query this often, to notice a partition that keeps it silent. */
const LISTEN_HEARTBEAT_MS = 5_000;
const LISTEN_RETRY = { firstMs: 250, maxMs: 10_000 };

/** The newest migration's timestamp, which drizzle records as created_at once it is applied. */
let latestMigrationMillis: number | undefined;
function latestMigration(): number {
  if (latestMigrationMillis === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    latestMigrationMillis = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return latestMigrationMillis;
}

/** One indexed lookup; an empty database (no migrations table) counts as not migrated. */
async function isMigrated(db: Database): Promise<boolean> {
  const [exists] = rowsOf<{ migrations: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as migrations`),
  );
  if (!exists?.migrations) return false;
  const [applied] = rowsOf<{ applied: boolean }>(
    await db.execute(
      sql`select exists(select 1 from drizzle.__drizzle_migrations where created_at >= ${latestMigration()}) as applied`,
    ),
  );
  return applied?.applied === true;
}

/**
 * Opens the embedded database under DATA_DIR, or a pool on DATABASE_URL when it is set. A
 * server that cannot be reached, refuses the user or lacks the database stops start-up here,
 * with a DatabaseUnreachableError saying which (never its password).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databaseTimeoutMs?: number;
  /** Statements may take this long; 0: no limit, for bulk work such as seeding. Default: databaseTimeoutMs. */
  statementTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeoutMs = options.databaseTimeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
    const pool = createPgPool(options.databaseUrl, {
      timeoutMs,
      statementTimeoutMs: options.statementTimeoutMs ?? timeoutMs,
    });
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnreachableError(options.databaseUrl, error, timeoutMs);
    }
    return wrapNodePg(pool, timeoutMs);
  }
  const pgDir = join(options.dataDir, 'pgdata');
  mkdirSync(pgDir, { recursive: true });
  const unlock = lockDataDir(pgDir);
  try {
    // PGlite never calls fsync: a write survives the process being killed, not a power loss
    // (docs/decisions/009-embedded-durability.md).
    const client = await PgliteThread.open({ dataDir: pgDir });
    return wrapPglite(client, unlock, { ownsDataDir: true });
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Start-up could not reach PostgreSQL; the message names the server, the user and the cause. */
export class DatabaseUnreachableError extends Error {
  constructor(databaseUrl: string, cause: unknown, timeoutMs: number) {
    const url = new URL(databaseUrl);
    const where = `${decodeURIComponent(url.username) || 'the default user'}@${url.hostname}:${url.port || '5432'}${url.pathname}`;
    super(`Cannot connect to PostgreSQL as ${where}: ${connectionProblem(cause, timeoutMs)}`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

function connectionProblem(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused (${message}). Is PostgreSQL running there, and is the port in DATABASE_URL right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `unknown host (${message}). Check the host name in DATABASE_URL.`;
    case '3D000':
      return `${message}. Create it (createdb) or fix the database name in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `${message}. Check the user and password in DATABASE_URL.`;
    default:
      if (/timeout|timed out/i.test(message)) {
        return `no answer within ${timeoutMs / 1000} s (${message}). Is the server reachable from here (network, firewall)?`;
      }
      return message;
  }
}
