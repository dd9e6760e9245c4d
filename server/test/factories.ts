import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client.js';
import { uploads, type UserRow } from '../db/schema.js';
import { insertItems, type NewItem } from '../features/items/items.repo.js';
import { RENDITIONS_VERSION } from '../features/uploads/uploads.service.js';
import { findUserByEmail, insertUser, type NewUser } from '../features/users/users.repo.js';
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

/** A signed-in user: the row, the session cookie, and the app that issued it (which `as` calls). */
export type TestSession = { user: UserRow; cookie: string; app: FastifyInstance };
export type UserOverrides = Partial<NewUser>;

/** A new user, signed in: the user row and the session cookie to send. */
export async function makeSignedInUser(
  t: { app: FastifyInstance; db: Database },
  overrides: Partial<NewUser> = {},
): Promise<TestSession> {
  return signIn(t.app, await makeUser(t.db, overrides));
}

/** Signs an existing user in through the real endpoint; their password is TEST_PASSWORD unless given. */
export async function signIn(
  app: FastifyInstance,
  user: UserRow,
  password = TEST_PASSWORD,
): Promise<TestSession> {
  return { user, app, cookie: await loginAs(app, user, password) };
}

/** Signs in the administrator an app started with ADMIN_EMAIL and ADMIN_PASSWORD creates. */
export async function signInConfiguredAdmin(
  t: { app: FastifyInstance; db: Database },
  env: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<TestSession> {
  const admin = await findUserByEmail(t.db, env.ADMIN_EMAIL);
  if (!admin) throw new Error(`no administrator ${env.ADMIN_EMAIL}: was the app made with ADMIN_EMAIL?`);
  return signIn(t.app, admin, env.ADMIN_PASSWORD);
}

/** Signs the user in through the real endpoint and returns the session cookie header value. */
export async function loginAs(
  app: FastifyInstance,
  user: Pick<UserRow, 'email'>,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password },
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Payload = InjectOptions['payload'];
/** Whatever else a call needs: extra headers (If-None-Match, a remote address, a query object). */
type CallOptions = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'>;
type Answer = Promise<LightMyRequestResponse>;

/** The API as one caller sees it: each call goes through app.inject with that caller's cookie. */
export type ApiClient = {
  get(url: string, options?: CallOptions): Answer;
  post(url: string, payload?: Payload, options?: CallOptions): Answer;
  put(url: string, payload?: Payload, options?: CallOptions): Answer;
  patch(url: string, payload?: Payload, options?: CallOptions): Answer;
  /** A body is allowed: deleting the account carries the password. */
  delete(url: string, payload?: Payload, options?: CallOptions): Answer;
  /** For a test that picks the method as data (a table of routes). */
  send(method: Method, url: string, payload?: Payload, options?: CallOptions): Answer;
};

function clientFor(app: FastifyInstance, cookie: string | undefined): ApiClient {
  // No Origin header: the origin check lets a request without one through, so a write needs only the cookie.
  const send = (method: Method, url: string, payload?: Payload, options: CallOptions = {}) =>
    app.inject({
      ...options,
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...options.headers, ...(cookie === undefined ? {} : { cookie }) },
    });
  return {
    get: (url, options) => send('GET', url, undefined, options),
    post: (url, payload, options) => send('POST', url, payload, options),
    put: (url, payload, options) => send('PUT', url, payload, options),
    patch: (url, payload, options) => send('PATCH', url, payload, options),
    delete: (url, payload, options) => send('DELETE', url, payload, options),
    send,
  };
}

/**
 * Calls the API as a signed-in user: `as(parent).post('/api/items', body)`. Another app that shares
 * the session secret (a restarted server) can be named to carry the same session there.
 */
export function as(session: TestSession, app = session.app): ApiClient {
  return clientFor(app, session.cookie);
}

/** Calls the API with no session, as a visitor who has not signed in. */
export function asVisitor(app: FastifyInstance): ApiClient {
  return clientFor(app, undefined);
}

let uploadSequence = 0;

/** A photo as if uploaded by the user (an uploads row; no file is needed for item rules). */
export async function makeUpload(db: Database, user: Pick<UserRow, 'id'>): Promise<string> {
  uploadSequence += 1;
  const key = `${Date.now().toString(16)}${uploadSequence.toString(16).padStart(8, '0')}`;
  const url = `/uploads/${key}.webp`;
  // Current, as an upload made now would be: the backfill has nothing to make for it.
  await db.insert(uploads).values({
    url,
    storageKey: key,
    kind: 'item',
    userId: user.id,
    bytes: 1000,
    renditions: RENDITIONS_VERSION,
  });
  return url;
}

export async function makeUploads(db: Database, user: Pick<UserRow, 'id'>, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i += 1) urls.push(await makeUpload(db, user));
  return urls;
}

/** An item straight in the database, past its early-access hour unless told otherwise. */
export async function makeItem(db: Database, owner: Pick<UserRow, 'id'>, overrides: Partial<NewItem> = {}) {
  const [item] = await insertItems(db, [
    {
      title: 'Picture book bundle',
      description: 'Ten picture books in good shape.',
      category: 'books',
      condition: 'good',
      exchangeType: 'free',
      imageUrls: [await makeUpload(db, owner)],
      userId: owner.id,
      earlyAccessUntil: new Date(Date.now() - 60_000),
      ...overrides,
    },
  ]);
  if (!item) throw new Error('makeItem inserted nothing');
  return item;
}
