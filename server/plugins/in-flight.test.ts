import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { favorites, type UserRow } from '../db/schema.js';
import { loginAs, makeItem, makeUser } from '../test/factories.js';
import { makeTestApp, type TestApp } from '../test/test-app.js';

type Hold = { release(): Promise<void> };

/**
 * Holds the users table until release(): a signed-in request then waits in its session lookup,
 * its first query, so it is mid-query for as long as the test wants.
 */
async function holdUsersTable(db: Database): Promise<Hold> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let transaction: Promise<void> = Promise.resolve();
  await new Promise<void>((held, failed) => {
    transaction = db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      held();
      await released;
    });
    transaction.catch(failed);
  });
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

let t: TestApp;
let closed: boolean;
let parent: UserRow;
let cookie: string;
let itemId: number;
let usersTable: Hold | undefined;

beforeEach(async () => {
  t = await makeTestApp();
  closed = false;
  itemId = (await makeItem(t.db, await makeUser(t.db))).id;
  parent = await makeUser(t.db);
  cookie = await loginAs(t.app, parent);
});
afterEach(async () => {
  await usersTable?.release();
  usersTable = undefined;
  if (!closed) await t.close();
});

/**
 * Shuts down as server/main.ts does, app.close() and then the database, and lets the held
 * request go once nothing else holds the shutdown back: when the close starts waiting for the
 * requests in flight or, if it does not wait for them, once the app is closed.
 */
async function shutDownWhileHeld(): Promise<void> {
  closed = true;
  let onDraining = () => {};
  const draining = new Promise<void>((resolve) => (onDraining = resolve));
  const drain = t.app.requestsDrained;
  vi.spyOn(t.app, 'requestsDrained').mockImplementation(() => {
    onDraining();
    return drain.call(t.app);
  });
  const appClosed = t.app.close();
  // t.close() closes the app again (a no-op by now), then the database.
  const shutDown = appClosed.then(() => t.close());
  await Promise.race([draining, appClosed]);
  await usersTable?.release();
  await shutDown;
}

/** Sends a request on a real connection and hangs up while it waits in its session lookup. */
async function sendThenHangUp(request: {
  method: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string;
}) {
  const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  usersTable = await holdUsersTable(t.db);
  const client = httpRequest({ host: '127.0.0.1', port, method: request.method, path: request.path });
  client.setHeader('cookie', cookie);
  for (const [name, value] of Object.entries(request.headers ?? {})) client.setHeader(name, value ?? '');
  client.on('error', () => {}); // the reset below is the point
  client.end(request.body);
  await vi.waitFor(() => expect(t.app.requestsInFlight()).toBe(1));
  // Like a load generator giving up: the connection goes, so the server's close waits for nothing.
  client.destroy();
  await vi.waitFor(async () => {
    const connections = await new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    expect(connections).toBe(0);
  });
}

describe('graceful shutdown', () => {
  it('lets a request that is mid-query when closing begins finish before the database closes', async () => {
    usersTable = await holdUsersTable(t.db);
    const response = t.app.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: { cookie },
      payload: { itemId },
    });
    await vi.waitFor(() => expect(t.app.requestsInFlight()).toBe(1));

    await shutDownWhileHeld();

    const answer = await response;
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ itemId, favoriteCount: 1 });
  });

  it('waits for the handler of a request whose client hung up', async () => {
    // With logging off every request logs through app.log; a failed one logs 'request failed'.
    const loggedErrors = vi.spyOn(t.app.log, 'error');
    await t.db.insert(favorites).values({ userId: parent.id, itemId });
    await sendThenHangUp({ method: 'DELETE', path: `/api/favorites/${itemId}` });
    // Its client is gone, but its hooks and handler are still to run.
    expect(t.app.requestsInFlight()).toBe(1);

    await shutDownWhileHeld();

    // The handler (a read, then a write) ran to its end without an error before the database closed.
    expect(t.app.requestsInFlight()).toBe(0);
    expect(loggedErrors).not.toHaveBeenCalled();
  });

  it.each([
    ['JSON', '/api/favorites', 'application/json', '{"itemId":1}'],
    [
      'multipart',
      '/api/upload',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nx\r\n--b--\r\n',
    ],
  ])(
    'is not held back by a %s body never read because its client hung up',
    async (_kind, path, type, body) => {
      // Neither Fastify nor @fastify/multipart hears the end of a body whose client hung up before
      // they began reading it: unless the request ends there, the close would wait for ever.
      await sendThenHangUp({ method: 'POST', path, headers: { 'content-type': type }, body });

      await shutDownWhileHeld();

      expect(t.app.requestsInFlight()).toBe(0);
    },
  );
});
