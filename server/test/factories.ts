import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { insertUser, type NewUser } from '../features/users/users.repo.js';
import { hashPassword } from '../lib/passwords.js';

export const TEST_PASSWORD = 'password123';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

/** A user straight in the database; every field can be overridden. Its password is TEST_PASSWORD. */
export async function makeUser(db: Database, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  sequence += 1;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return insertUser(db, {
    email: `parent${sequence}-${Date.now()}@example.com`,
    password: await passwordHash,
    firstName: `Parent${sequence}`,
    lastName: 'Tester',
    ...overrides,
  });
}

/** Signs the user in through the real endpoint and returns the session cookie header value. */
export async function loginAs(app: FastifyInstance, user: Pick<UserRow, 'email'>): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response.headers['set-cookie']);
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const match = /littleloop\.sid=[^;]+/.exec(header);
  if (!match) throw new Error(`no session cookie in ${header}`);
  return match[0];
}
