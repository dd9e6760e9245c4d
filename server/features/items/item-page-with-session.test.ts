import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeSignedInUser } from '../../test/factories.js';
import { makeStatementCountingApp, makeTestApp, type TestApp } from '../../test/test-app.js';

// The item page reads the item and its owner in the session's own statement (plugins/session.ts
// ReadWithSession): what a parent sees must not depend on which way it was read.

describe('the item page read with the session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers as before: the item, 404 for none, 400 for an id out of range', async () => {
    const owner = await makeSignedInUser(t);
    const reader = await makeSignedInUser(t);
    const item = await makeItem(t.db, owner.user, { title: 'Wooden puzzle' });
    const page = (cookie: string, id: number | string) =>
      t.app.inject({ url: `/api/items/${id}`, headers: { cookie } });

    const first = await page(reader.cookie, item.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: item.id, title: 'Wooden puzzle', viewCount: 1 });
    expect(first.json().user).toMatchObject({ id: owner.user.id });
    // Counted once a day per parent; read again (from the session's memory where it is kept).
    const again = await page(reader.cookie, item.id);
    expect(again.json()).toEqual(first.json());

    const missing = await page(reader.cookie, item.id + 1000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Item not found');
    expect((await page(reader.cookie, '99999999999')).statusCode).toBe(400);
    expect((await page(reader.cookie, 'abc')).statusCode).toBe(400);
    // A visitor is refused before anything is read.
    expect((await t.app.inject({ url: `/api/items/${item.id}` })).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the item page on PostgreSQL', () => {
  let counting: Awaited<ReturnType<typeof makeStatementCountingApp>>;
  beforeAll(async () => {
    counting = await makeStatementCountingApp();
  });
  afterAll(async () => {
    await counting.close();
  });

  it('costs a signed-in parent two statements: the session with the item, and the view', async () => {
    const owner = await makeSignedInUser(counting);
    const reader = await makeSignedInUser(counting);
    const item = await makeItem(counting.db, owner.user);
    const { response, statements } = await counting.countStatements({
      url: `/api/items/${item.id}`,
      headers: { cookie: reader.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/from "sessions".*"items"/s);
    expect(statements[1]).toMatch(/insert into "item_views"/);
  });
});
