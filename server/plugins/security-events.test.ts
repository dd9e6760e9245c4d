import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { makeUser, sessionCookie, TEST_PASSWORD } from '../test/factories.js';
import { openTestDatabase } from '../test/test-app.js';

// ASVS V16.3: sign-ins, their failures and refused calls leave a line that says what happened,
// to whom and from where, without the e-mail or password that came with them.
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

type SecurityEvent = {
  securityEvent: string;
  outcome: string;
  route: string;
  status: number;
  ip: string;
  userId: number | null;
  reqId: string;
};

function eventsSince(start: number): SecurityEvent[] {
  return lines
    .slice(start)
    .map((line) => JSON.parse(line) as Partial<SecurityEvent>)
    .filter((entry): entry is SecurityEvent => entry.securityEvent !== undefined);
}

describe('security events in the log', () => {
  it('records a failed and a successful sign-in, with the account but not its e-mail or password', async () => {
    const user = await makeUser(database.db, { email: 'logged.parent@example.com' });
    const start = lines.length;
    const failed = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'wrong-password-123' },
    });
    expect(failed.statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);

    const events = eventsSince(start);
    expect(
      events.map(({ securityEvent, outcome, status, userId }) => ({
        securityEvent,
        outcome,
        status,
        userId,
      })),
    ).toEqual([
      { securityEvent: 'sign-in', outcome: 'failure', status: 401, userId: null },
      { securityEvent: 'sign-in', outcome: 'success', status: 200, userId: user.id },
    ]);
    expect(events.every((event) => event.ip === '127.0.0.1' && event.reqId)).toBe(true);
    const written = lines.slice(start).join('');
    expect(written).not.toContain('logged.parent@example.com');
    expect(written).not.toContain('wrong-password-123');
    expect(written).not.toContain(TEST_PASSWORD);
  });

  it('records a refused call with who made it, and says nothing of ordinary answers', async () => {
    const user = await makeUser(database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = sessionCookie(login.headers['set-cookie']);
    const start = lines.length;
    expect((await app.inject({ url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/favorites/ids' })).statusCode).toBe(401);

    expect(
      eventsSince(start).map(({ securityEvent, route, status, userId }) => ({
        securityEvent,
        route,
        status,
        userId,
      })),
    ).toEqual([
      { securityEvent: 'access refused', route: 'GET /api/admin/stats', status: 403, userId: user.id },
      { securityEvent: 'access refused', route: 'GET /api/favorites/ids', status: 401, userId: null },
    ]);
  });
});

describe('caching of API answers', () => {
  it('tells browsers and proxies not to store answers about an account', async () => {
    const user = await makeUser(database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(login.headers['set-cookie']);
    const me = await app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.headers['cache-control']).toBe('no-store');
    // A route that may be cached says so itself, and keeps it.
    const places = await app.inject({ url: '/api/safe-locations', headers: { cookie } });
    expect(places.headers['cache-control']).toBe('public, max-age=300');
  });
});
