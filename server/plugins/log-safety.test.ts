import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { openTestDatabase } from '../test/test-app.js';

// A failed registration would write the e-mail and the full password hash into the error
// log, as the failed statement's parameters. The app's own logger must never carry them.
let database: DatabaseHandle;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', LOG_LEVEL: 'info' }),
    database,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('log lines of a failed write', () => {
  it('keep the e-mail, the password and its hash out of the log when registration fails', async () => {
    // Any failure of the insert will do: here the database refuses every new user.
    await database.db.execute(sql`
      create function refuse_users() returns trigger language plpgsql as $$
      begin raise exception 'no new users today'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_users before insert on users for each row execute function refuse_users()`,
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: 'secret.parent@example.com',
        password: 'hunter2-secret',
        firstName: 'Sam',
        lastName: 'Lee',
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });

    const log = lines.join('');
    expect(log).toContain('no new users today');
    expect(log).not.toContain('secret.parent@example.com');
    expect(log).not.toContain('hunter2-secret');
    expect(log).not.toMatch(/\$argon2/);
  });
});
