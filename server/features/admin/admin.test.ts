import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPremium } from '../../../common/premium.js';
import { loginAs, makeUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { ensureAdmin } from '../auth/auth.service.js';
import { findUserByEmail } from '../users/users.repo.js';

const ADMIN = { ADMIN_EMAIL: 'Admin@LittleLoop.test', ADMIN_PASSWORD: 'admin-secret' };
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await makeTestApp(ADMIN);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  adminCookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
});
afterAll(async () => {
  await t.close();
});

const setPremium = (id: number, isPremium: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/premium`,
    payload: { isPremium },
    headers: cookie ? { cookie } : {},
  });

describe('administrator at start-up', () => {
  it('creates the ADMIN_EMAIL account as an administrator', async () => {
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: adminCookie } });
    expect(me.json()).toMatchObject({ email: 'admin@littleloop.test', isAdmin: true });
  });

  it('promotes an existing account and resets its password', async () => {
    const existing = await makeUser(t.db, { email: 'grown-up@example.com' });
    expect(existing.isAdmin).toBe(false);
    await ensureAdmin(t.db, t.clock, { email: 'Grown-Up@example.com', password: 'brand-new-pass' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: existing.email, password: 'brand-new-pass' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: existing.id, isAdmin: true });
  });
});

describe('PUT /api/admin/users/{id}/premium', () => {
  it('makes a parent premium and free again, seen through a later read', async () => {
    const parent = await makeUser(t.db);
    const made = await setPremium(parent.id, true, adminCookie);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: parent.id, isPremium: true });

    const parentCookie = await loginAs(t.app, parent);
    const seen = await t.app.inject({ url: '/api/user', headers: { cookie: parentCookie } });
    expect(hasPremium(seen.json())).toBe(true);

    expect((await setPremium(parent.id, false, adminCookie)).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/user', headers: { cookie: parentCookie } });
    expect(hasPremium(after.json())).toBe(false);
  });

  it('refuses everyone but administrators and leaves the user unchanged', async () => {
    const parent = await makeUser(t.db);
    const intruder = await makeUser(t.db);
    expect((await setPremium(parent.id, true)).statusCode).toBe(401);
    const forbidden = await setPremium(parent.id, true, await loginAs(t.app, intruder));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Administrator access required' });
    expect((await findUserByEmail(t.db, parent.email))?.isPremium).toBe(false);
  });

  it('refuses to change an administrator', async () => {
    const admin = await findUserByEmail(t.db, ADMIN.ADMIN_EMAIL);
    const response = await setPremium(admin?.id ?? 0, true, adminCookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Administrators cannot be changed' });
  });

  it('answers 404 for a missing user and 400 for a bad body or id', async () => {
    expect((await setPremium(999_999, true, adminCookie)).statusCode).toBe(404);
    const badBody = await setPremium(1, 'yes', adminCookie);
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors[0].path).toBe('isPremium');
    const badId = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/abc/premium',
      payload: { isPremium: true },
      headers: { cookie: adminCookie },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('GET /api/admin/users and /api/admin/reports', () => {
  it('lists users for administrators without password hashes', async () => {
    await makeUser(t.db);
    const response = await t.app.inject({ url: '/api/admin/users', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().length).toBeGreaterThan(1);
    expect(response.body).not.toContain('argon2');
    expect(response.json()[0]).not.toHaveProperty('password');
  });

  it('is closed to parents', async () => {
    const parent = await makeUser(t.db);
    const cookie = await loginAs(t.app, parent);
    for (const url of ['/api/admin/users', '/api/admin/reports']) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(403);
    }
  });
});
