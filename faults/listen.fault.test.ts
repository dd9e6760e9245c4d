import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../server/db/client.js';
import { makeItem, makeUser } from '../server/test/factories.js';
import { startTcpProxy, type TcpProxy } from '../server/test/tcp-proxy.js';
import {
  eventually,
  isPostgresUp,
  openEventStream,
  postgresStore,
  signIn,
  startServer,
  type EventStream,
  type RunningServer,
  type Store,
} from './support.js';

// The real server's LISTEN connection killed three times, then PostgreSQL unreachable
// for 6 s: the seller's open event stream hears of every later message exactly once, is told
// to resync after each loss, and the server keeps one LISTEN connection. The server reaches
// PostgreSQL through a TCP proxy the test can cut.
const postgresUp = await isPostgresUp();

let store: Store;
let proxy: TcpProxy;
let server: RunningServer;
let admin: pg.Client;
let stream: EventStream;
let buyerCookie: string;
let conversationId: number;
let sent = 0;

beforeAll(async () => {
  if (!postgresUp) return;
  store = await postgresStore();
  const seeded = await store.open();
  await seeded.migrate();
  const seller = await makeUser(seeded.db);
  const buyer = await makeUser(seeded.db);
  const item = await makeItem(seeded.db, seller);
  await seeded.close();

  const url = new URL(store.url ?? '');
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  server = await startServer({
    ...store.env,
    DATABASE_URL: proxy.urlFor(url.toString()),
    DATABASE_TIMEOUT_SECONDS: '2',
  });
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();

  stream = await openEventStream(server.base, await signIn(server.base, seller.email));
  buyerCookie = await signIn(server.base, buyer.email);
  const response = await fetch(`${server.base}/api/conversations`, {
    method: 'POST',
    headers: { cookie: buyerCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ itemId: item.id, sellerId: seller.id }),
  });
  conversationId = ((await response.json()) as { id: number }).id;
}, 120_000);

afterAll(async () => {
  if (!postgresUp) return;
  stream?.close();
  server?.child.kill('SIGKILL');
  await server?.exited;
  await admin?.end();
  await proxy?.close();
  await store?.remove();
});

const listenerPids = async () =>
  (
    await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTEN_APPLICATION_NAME],
    )
  ).rows.map((row) => row.pid);

const isHealthy = async () => (await fetch(`${server.base}/api/health`)).status === 200;

/** Sends a message and returns its id once the seller's stream has heard of it. */
async function sendAndHear(): Promise<number> {
  sent += 1;
  const response = await fetch(`${server.base}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { cookie: buyerCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content: `message ${sent}` }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await stream.waitFor((event) => event.event === 'message' && JSON.parse(event.data).messageId === id);
  return id;
}

const copiesOf = (messageId: number) =>
  stream.events.filter((event) => event.event === 'message' && JSON.parse(event.data).messageId === messageId)
    .length;

describe.skipIf(!postgresUp)('live events through database faults', () => {
  it('delivers each message once after the LISTEN connection is killed three times', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [pid] = await listenerPids();
      expect(pid).toBeDefined();
      const resyncs = stream.events.filter((event) => event.event === 'resync').length;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await stream.waitFor(() => stream.events.filter((event) => event.event === 'resync').length > resyncs);
      const id = await sendAndHear();
      // A later message heard means every copy of the earlier one has arrived too.
      await sendAndHear();
      expect(copiesOf(id)).toBe(1);
    }
    expect(await listenerPids()).toHaveLength(1);
  });

  it('answers 503 while PostgreSQL is unreachable for 6 s, then delivers each message once again', async () => {
    const resyncs = stream.events.filter((event) => event.event === 'resync').length;
    proxy.cut();
    const cutAt = Date.now();
    await eventually(async () => !(await isHealthy()), 10_000, '/api/health 503');
    expect(Date.now() - cutAt).toBeLessThan(10_000);
    const during = await fetch(`${server.base}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { cookie: buyerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'during the outage' }),
    });
    expect(during.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 6_000 - (Date.now() - cutAt)));
    proxy.restore();
    await eventually(isHealthy, 30_000, '/api/health 200 after the outage');
    await stream.waitFor(() => stream.events.filter((event) => event.event === 'resync').length > resyncs);
    const id = await sendAndHear();
    await sendAndHear();
    expect(copiesOf(id)).toBe(1);
    expect(await listenerPids()).toHaveLength(1);
  });
});
