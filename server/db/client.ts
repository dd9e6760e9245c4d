import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Either driver: the app only speaks Drizzle's PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** The rows of a raw `db.execute(sql...)`: both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Settings every connection gets. Typo-tolerant search matches words at 0.5 similarity
 * ("dinosour" finds "Dinosaur", 0.56) rather than pg_trgm's default 0.6.
 */
const CONNECTION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.5' } as const;

/** A node-postgres pool whose connections start with CONNECTION_SETTINGS. */
export function createPgPool(connectionString: string, max = 10): pg.Pool {
  const options = Object.entries(CONNECTION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  return new pg.Pool({ connectionString, max, options });
}

/** Opens PGlite (in memory, from a dump, or in a folder) with our extensions and settings. */
export async function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  const client = await PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
  // The embedded database's pages sit in memory, where a random read costs about what a
  // sequential one does; with PostgreSQL's disk-era default (4) the planner collected every
  // text match of a common word instead of walking the position index and stopping.
  const embeddedSettings = { ...CONNECTION_SETTINGS, random_page_cost: '1.1' };
  for (const [name, value] of Object.entries(embeddedSettings)) {
    await client.query(`select set_config($1, $2, false)`, [name, value]);
  }
  return client;
}

export const PGLITE_EXTENSIONS = {
  pg_trgm,
  fuzzystrmatch,
  cube,
  earthdistance,
} satisfies PGliteOptions['extensions'];

/** The migrations sit beside the source; the compiled server finds them there too. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, '..', '..', '..', 'server', 'db', 'migrations')];
  const found = candidates.find((candidate) => existsSync(join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function wrapPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

export function wrapNodePg(pool: pg.Pool): DatabaseHandle {
  // An idle connection the server closes (a restart, a failover) must not crash the process:
  // the pool drops it and opens a new one for the next query.
  pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    listen: (channel, onPayload) => listenWithDedicatedClient(pool.options, channel, onPayload),
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own that stays open; it reconnects after a drop so live
 * events resume by themselves (clients also poll as a fallback).
 */
async function listenWithDedicatedClient(
  options: pg.PoolConfig,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped) return;
      client = undefined;
      setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}

/**
 * PGlite has one connection and no lock of its own on its folder, so a second process on the
 * same DATA_DIR would corrupt it: take a lock file holding our pid, and refuse politely.
 */
function lockDataDir(pgDir: string): () => void {
  const lockPath = join(pgDir, '..', 'littleloop.lock');
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8'));
    if (pid && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `Another LittleLoop process (pid ${pid}) is using ${dirname(lockPath)}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(lockPath, String(process.pid));
  return () => rmSync(lockPath, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Opens the embedded database under DATA_DIR, or a pool on DATABASE_URL when it is set. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return wrapNodePg(createPgPool(options.databaseUrl));
  }
  const pgDir = join(options.dataDir, 'pgdata');
  mkdirSync(pgDir, { recursive: true });
  const unlock = lockDataDir(pgDir);
  try {
    // relaxedDurability: PGlite answers a write before syncing it to disk, not after, which
    // makes each write much cheaper; a crash can lose the very latest writes.
    const client = await createPglite({ dataDir: pgDir, relaxedDurability: true });
    return wrapPglite(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
