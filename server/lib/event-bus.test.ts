import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTEN_APPLICATION_NAME, rowsOf } from '../db/client.js';
import { makeTestApp, type TestApp } from '../test/test-app.js';
import type { LiveEvent } from './event-bus.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const nextEvent = (userId: number) =>
  new Promise<LiveEvent>((resolve) => {
    const stop = t.app.events.subscribe(userId, (event) => {
      stop();
      resolve(event);
    });
  });

describe('event bus', () => {
  it('delivers a published event to that user’s listeners through NOTIFY', async () => {
    const received = nextEvent(7);
    await t.app.events.publish(t.db, 7, { type: 'unread', count: 3 });
    expect(await received).toEqual({ type: 'unread', count: 3 });
  });

  it('delivers nothing from a transaction that rolls back, and on commit only after it', async () => {
    const seen: LiveEvent[] = [];
    const stop = t.app.events.subscribe(8, (event) => seen.push(event));
    await t.db
      .transaction(async (tx) => {
        await t.app.events.publish(tx, 8, { type: 'unread', count: 1 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = nextEvent(8);
    await t.db.transaction(async (tx) => t.app.events.publish(tx, 8, { type: 'unread', count: 2 }));
    expect(await committed).toEqual({ type: 'unread', count: 2 });
    expect(seen).toEqual([{ type: 'unread', count: 2 }]);
    stop();
  });
});

/**
 * The LISTEN connection, cut by the server (pg_terminate_backend) or kept away, comes
 * back alone, stays one, and tells listeners that they may have missed events. Meaningless on
 * the embedded database, where notifications never leave the process.
 */
describe.skipIf(!process.env.DATABASE_URL)('event bus on PostgreSQL', () => {
  const listenerPids = async () =>
    rowsOf<{ pid: number }>(
      await t.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
      ),
    ).map((row) => row.pid);

  /** Publishes `event`, then a marker; once the marker is in, every copy of `event` is too. */
  const deliveredCopies = async (userId: number, count: number) => {
    const seen: LiveEvent[] = [];
    const stop = t.app.events.subscribe(userId, (event) => seen.push(event));
    const marker = nextEvent(userId);
    await t.app.events.publish(t.db, userId, { type: 'unread', count });
    await t.app.events.publish(t.db, userId, { type: 'read', conversationId: 1, readAt: 'marker' });
    await marker;
    await vi.waitFor(() => expect(seen.some((event) => event.type === 'read')).toBe(true));
    stop();
    return seen.filter((event) => event.type === 'unread' && event.count === count).length;
  };

  it('keeps exactly one LISTEN connection through three terminations, delivering each event once', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const [pid] = await listenerPids();
      expect(pid).toBeDefined();
      await t.db.execute(sql`select pg_terminate_backend(${pid})`);
      await vi.waitFor(
        async () => {
          const pids = await listenerPids();
          expect(pids).toHaveLength(1);
          expect(pids[0]).not.toBe(pid);
          expect(t.database.isListening()).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(await deliveredCopies(20 + round, round)).toBe(1);
    }
    expect(await listenerPids()).toHaveLength(1);
  });

  it('answers /api/health 503 while events cannot be heard, then tells listeners to resync', async () => {
    const [name] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    const seen: LiveEvent[] = [];
    const stop = t.app.events.subscribe(30, (event) => seen.push(event));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const database = pg.escapeIdentifier(name?.name ?? '');
    try {
      // Nobody may connect to the database, so the LISTEN connection cannot come back for now.
      await admin.query(`alter database ${database} allow_connections false`);
      const [pid] = await listenerPids();
      await t.db.execute(sql`select pg_terminate_backend(${pid})`);
      await vi.waitFor(() => expect(t.database.isListening()).toBe(false), { timeout: 5_000, interval: 20 });
      const down = await t.app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', message: 'Live events unavailable' });
    } finally {
      await admin.query(`alter database ${database} allow_connections true`);
      await admin.end();
    }
    await vi.waitFor(async () => expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });
    expect(seen).toEqual([{ type: 'resync' }]);
    stop();
    expect(await deliveredCopies(31, 7)).toBe(1);
  });
});
