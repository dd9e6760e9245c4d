import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createPgPool, wrapNodePg, type DatabaseHandle } from '../../db/client.js';
import { makeItem, makeSignedInUser } from '../../test/factories.js';
import {
  createTestPostgresDatabase,
  makeTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '../../test/test-app.js';

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
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let statements: string[] | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const created = await createTestPostgresDatabase();
    drop = created.drop;
    const pool = createPgPool(created.url, { max: 2 });
    const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
    (pool as { query: unknown }).query = (config: string | { text: string }, values?: unknown) => {
      statements?.push(typeof config === 'string' ? config : config.text);
      return query(config, values);
    };
    database = wrapNodePg(pool);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', LOG_LEVEL: 'silent' }),
      database,
      sessionSecret: TEST_SESSION_SECRET,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });

  it('costs a signed-in parent two statements: the session with the item, and the view', async () => {
    const t = { app, db: database.db };
    const owner = await makeSignedInUser(t);
    const reader = await makeSignedInUser(t);
    const item = await makeItem(database.db, owner.user);
    statements = [];
    const answer = await app.inject({ url: `/api/items/${item.id}`, headers: { cookie: reader.cookie } });
    const ran = statements;
    statements = undefined;
    expect(answer.statusCode).toBe(200);
    expect(ran).toHaveLength(2);
    expect(ran[0]).toMatch(/from "sessions".*"items"/s);
    expect(ran[1]).toMatch(/insert into "item_views"/);
  });
});
