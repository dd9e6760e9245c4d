import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/database-errors.js';
import { rowsOf, wrapPglite, type DatabaseHandle } from './client.js';
import { PgliteThread } from './pglite-thread.js';

// The server's embedded database runs in a worker thread: these are the guarantees the app
// relied on when PGlite ran on the main thread, plus the one the thread is for.
let thread: PgliteThread;
let handle: DatabaseHandle;

beforeAll(async () => {
  thread = await PgliteThread.open({});
  handle = wrapPglite(thread);
  await handle.db.execute(sql`create table notes (id serial primary key, body text not null unique)`);
});
afterAll(() => handle.close());

const bodies = async () =>
  rowsOf<{ body: string }>(await handle.db.execute(sql`select body from notes order by id`)).map(
    (row) => row.body,
  );

describe('the embedded database in its worker thread', () => {
  it('commits a transaction, and rolls back one whose callback throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('kept')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('undone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await bodies()).toEqual(['kept']);
  });

  it("keeps PostgreSQL's error fields, which the app's answers depend on", async () => {
    const failure = await handle.db
      .execute(sql`insert into notes (body) values ('kept')`)
      .catch((error: unknown) => error);
    const cause = (failure as Error).cause as { code?: string; constraint?: string };
    expect(cause.code).toBe('23505');
    expect(cause.constraint).toBe('notes_body_key');
  });

  it('runs a statement outside a transaction only after it ends, as one connection does', async () => {
    let inserted = () => {};
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('inside')`);
      inserted();
      await held;
    });
    await insertedInside;
    const outside = handle.db.execute(sql`select count(*)::int as count from notes`);
    release();
    await transaction;
    // Had it run while the transaction was open, it would have counted one note, not two.
    expect(rowsOf<{ count: number }>(await outside)[0]?.count).toBe(2);
  });

  it('delivers a notification before the statement that sent it returns', async () => {
    // The session memory forgets a changed session this way before the change is answered.
    const heard: string[] = [];
    const stop = await handle.listen('news', (payload) => heard.push(payload));
    await handle.db.execute(sql`select pg_notify('news', 'hello')`);
    expect(heard).toEqual(['hello']);
    await stop();
    await handle.db.execute(sql`select pg_notify('news', 'unheard')`);
    await handle.db.execute(sql`select 1`);
    expect(heard).toEqual(['hello']);
  });

  it('leaves the main thread free while a heavy statement runs', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    await handle.db.execute(sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 3`);
    const took = performance.now() - started;
    delay.disable();
    // The statement took long enough for a blocked loop to show, yet the loop never stalled.
    expect(took).toBeGreaterThan(150);
    expect(delay.max / 1e6).toBeLessThan(took / 2);
  });

  it('answers 503-style "unavailable" once the database has stopped', async () => {
    const other = wrapPglite(await PgliteThread.open({}));
    await other.close();
    const failure = await other.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(other.isMigrated()).rejects.toThrow();
  });
});
