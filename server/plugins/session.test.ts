import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.js';
import { makeSignedInUser } from '../test/factories.js';
import { makeTestApp, type TestApp } from '../test/test-app.js';

// On the embedded database the signed-in session and user are kept in memory between requests
// (session.ts); on PostgreSQL they are read each time. Either way, a change made anywhere, even
// straight in the database, must count from the very next request.

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
const premiumFilter = (cookie: string) => t.app.inject({ url: '/api/items?brand=Brio', headers: { cookie } });

describe('the signed-in user of a request', () => {
  it('follows changes to the user made anywhere, from the next request on', async () => {
    const parent = await makeSignedInUser(t);
    expect((await premiumFilter(parent.cookie)).statusCode).toBe(403);

    await t.db.update(users).set({ isPremium: true }).where(eq(users.id, parent.user.id));
    expect((await premiumFilter(parent.cookie)).statusCode).toBe(200);

    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, parent.user.id));
    expect((await me(parent.cookie)).json()).toMatchObject({ firstName: 'Renamed' });

    await t.db.update(users).set({ isPremium: false }).where(eq(users.id, parent.user.id));
    expect((await premiumFilter(parent.cookie)).statusCode).toBe(403);
  });

  it('signs a parent out everywhere once their sessions are deleted', async () => {
    const parent = await makeSignedInUser(t);
    expect((await me(parent.cookie)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, parent.user.id));
    expect((await me(parent.cookie)).statusCode).toBe(401);
  });

  it('refuses a session after sign-out, and a deleted account at once', async () => {
    const leaving = await makeSignedInUser(t);
    expect((await me(leaving.cookie)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: leaving.cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await me(leaving.cookie)).statusCode).toBe(401);

    const deleted = await makeSignedInUser(t);
    expect((await me(deleted.cookie)).statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.id, deleted.user.id));
    expect((await me(deleted.cookie)).statusCode).toBe(401);
  });
});
