import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../server/test/factories.js';
import {
  embeddedStore,
  isPostgresUp,
  postgresStore,
  signIn,
  startServer,
  type RunningServer,
  type Store,
} from './support.js';

// Every write the app acknowledged survives a SIGKILL in the middle of a write load,
// on both databases. Each writer renames its own Wanted post v1, v2, v3… one request at a time,
// so after the restart each post must carry at least the last version that was answered 200.
const WRITERS = 4;
const LOAD_MS = 2_000;
const postgresUp = await isPostgresUp();

let store: Store | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await store?.remove();
  server = undefined;
  store = undefined;
});

async function killUnderLoadThenRestart(makeStore: () => Promise<Store>) {
  store = await makeStore();
  const seeded = await store.open();
  await seeded.migrate();
  const owner = await makeUser(seeded.db);
  await seeded.close();

  server = await startServer(store.env);
  const cookie = await signIn(server.base, owner.email);
  const headers = { cookie, 'content-type': 'application/json' };
  const posts: number[] = [];
  for (let i = 0; i < WRITERS; i += 1) {
    const response = await fetch(`${server.base}/api/wishlists`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'v0' }),
    });
    expect(response.status).toBe(201);
    posts.push(((await response.json()) as { id: number }).id);
  }

  const acknowledged = new Map<number, number>(posts.map((id) => [id, 0]));
  let killed = false;
  const base = server.base;
  const writer = async (id: number) => {
    for (let version = 1; !killed; version += 1) {
      const response = await fetch(`${base}/api/wishlists/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title: `v${version}` }),
      }).catch(() => undefined);
      if (response?.status !== 200) return;
      acknowledged.set(id, version);
    }
  };
  const writers = posts.map(writer);
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  killed = true;
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(writers);
  const writes = [...acknowledged.values()].reduce((sum, version) => sum + version, 0);
  expect(writes).toBeGreaterThan(20);

  server = await startServer(store.env);
  const restarted = await signIn(server.base, owner.email);
  const response = await fetch(`${server.base}/api/wishlists`, { headers: { cookie: restarted } });
  const stored = new Map(
    ((await response.json()) as { id: number; title: string }[]).map((post) => [
      post.id,
      Number(post.title.slice(1)),
    ]),
  );
  for (const [id, version] of acknowledged) expect(stored.get(id)).toBeGreaterThanOrEqual(version);
  return writes;
}

describe('SIGKILL under a write load', () => {
  it('keeps every acknowledged write on the embedded database', async () => {
    await killUnderLoadThenRestart(async () => embeddedStore());
  });

  it.skipIf(!postgresUp)('keeps every acknowledged write on PostgreSQL', async () => {
    await killUnderLoadThenRestart(postgresStore);
  });
});
