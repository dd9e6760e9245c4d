import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"} on a migrated database with live events heard', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 "Database not migrated" when the newest migration is missing', async () => {
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest?.id}`);
    try {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'Database not migrated' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest?.id}, ${newest?.hash}, ${newest?.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 "Database not migrated" on a reachable but empty database', async () => {
    await t.db.execute(sql`alter schema drizzle rename to drizzle_away`);
    try {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'Database not migrated' });
    } finally {
      await t.db.execute(sql`alter schema drizzle_away rename to drizzle`);
    }
  });
});
