import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { purgeExpiredSessions } from '../../plugins/session.js';
import { loginAs, makeUser, sessionCookie, TEST_PASSWORD } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { DEFAULT_RATE_LIMITS } from '../../lib/rate-limits.js';
import { SIGN_IN_RULE } from '../../lib/throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, headers });

let emailCounter = 0;
const freshEmail = () => `family${++emailCounter}.${Date.now()}@example.com`;

describe('POST /api/register', () => {
  it('creates the account, signs the parent in and never returns the password', async () => {
    const email = freshEmail();
    const response = await register({ email, password: 'secret1', firstName: 'Maya', lastName: 'Rossi' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      firstName: 'Maya',
      lastName: 'Rossi',
      isPremium: false,
      isAdmin: false,
    });
    expect(body).not.toHaveProperty('password');
    expect(response.body).not.toContain('argon2');

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(setCookie) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: 'Maya' });
  });

  it('refuses an e-mail already registered in another case with 409', async () => {
    const email = freshEmail();
    await register({ email, password: 'secret1', firstName: 'Ann', lastName: 'Lee' });
    const again = await register({
      email: email.toUpperCase(),
      password: 'secret1',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('answers 400 naming each field with PRODUCT texts', async () => {
    const response = await register({ email: 'not-an-email', password: '123', firstName: ' ', lastName: '' });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json() as { errors: { path: string; message: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 6 characters long' },
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
      ]),
    );
  });

  it('refuses names longer than PRODUCT allows', async () => {
    const response = await register({
      email: freshEmail(),
      password: 'secret1',
      firstName: 'x'.repeat(101),
      lastName: 'Lee',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({
      path: 'firstName',
      message: 'First name must be at most 100 characters',
    });
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and gives a new session id', async () => {
    const user = await makeUser(t.db);
    const firstCookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
      headers: { cookie: firstCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, firstName: user.firstName });
    const secondCookie = sessionCookie(response.headers['set-cookie']);
    expect(secondCookie).not.toBe(firstCookie);

    const withOld = await t.app.inject({ url: '/api/user', headers: { cookie: firstCookie } });
    expect(withOld.statusCode).toBe(401);
    const withNew = await t.app.inject({ url: '/api/user', headers: { cookie: secondCookie } });
    expect(withNew.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await makeUser(t.db);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'not-it' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'whatever' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 with PRODUCT texts for a bad e-mail and an empty password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'x', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('refuses with 429 and Retry-After after 10 failures for one account, from any address, until the window ends', async () => {
    const user = await makeUser(t.db);
    const attempt = (password: string, remoteAddress = '10.0.0.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
        remoteAddress,
      });
    for (let i = 0; i < SIGN_IN_RULE.max; i += 1) {
      expect((await attempt('wrong-password')).statusCode).toBe(401);
    }
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many failed attempts\. Please wait 15 minutes and try again\.$/,
    );
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));

    // One password guessed from many addresses: the lock is the account's, not one address's.
    expect((await attempt(TEST_PASSWORD, '10.0.0.8')).statusCode).toBe(429);

    t.clock.advance(SIGN_IN_RULE.windowMs + 1000);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('registration throttling', () => {
  it('refuses with 429 past the sign-ups allowed from one address, taken e-mails included', async () => {
    const taken = freshEmail();
    await register({ email: taken, password: 'secret1', firstName: 'A', lastName: 'B' });
    const remoteAddress = '10.9.9.9';
    const attempt = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email, password: 'secret1', firstName: 'A', lastName: 'B' },
        remoteAddress,
      });
    const rule = DEFAULT_RATE_LIMITS.signUpPerAddress;
    for (let i = 0; i < rule.max; i += 1) {
      expect((await attempt(i % 2 === 0 ? taken : freshEmail())).statusCode).toBe(i % 2 === 0 ? 409 : 201);
    }
    const refused = await attempt(freshEmail());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many sign-ups from this network. Please wait 60 minutes and try again.',
    );
    expect(refused.headers['retry-after']).toBe('3600');
  });
});

describe('POST /api/logout and the current user', () => {
  it('answers 401 on /api/user and /api/auth/user when signed out', async () => {
    for (const url of ['/api/user', '/api/auth/user']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('ends the session so the old cookie no longer works', async () => {
    const user = await makeUser(t.db);
    const cookie = await loginAs(t.app, user);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('sends GET /api/login to the sign-in screen', async () => {
    const response = await t.app.inject({ url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
  });
});

describe('PUT /api/auth/user', () => {
  it('updates the profile, seen through a later read', async () => {
    const user = await makeUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { cookie },
      payload: {
        firstName: 'Jo',
        lastName: 'Park',
        city: 'Austin',
        zipCode: '78701',
        state: 'TX',
        country: 'United States',
      },
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Jo', lastName: 'Park', city: 'Austin', zipCode: '78701' });
  });

  it('refuses a missing first name with PRODUCT text and changes nothing', async () => {
    const user = await makeUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { cookie },
      payload: { firstName: '', lastName: 'Park' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'firstName', message: 'First name is required' }]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe(user.firstName);
  });

  it('refuses visitors with 401', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      payload: { firstName: 'a', lastName: 'b' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sessions table', () => {
  it('stores sessions by sid and purges expired ones, which no longer sign anyone in', async () => {
    const user = await makeUser(t.db);
    const cookie = await loginAs(t.app, user);
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);

    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect(await purgeExpiredSessions(t.db, t.clock)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
