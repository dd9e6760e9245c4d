import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/users/{id}', () => {
  it('shows another parent’s public profile without e-mail or admin fields', async () => {
    const viewer = await makeUser(t.db);
    const other = await makeUser(t.db, { city: 'Austin', isVerified: true, stripeCustomerId: 'cus_secret' });
    const response = await t.app.inject({
      url: `/api/users/${other.id}`,
      headers: { cookie: await loginAs(t.app, viewer) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: other.id,
      firstName: other.firstName,
      city: 'Austin',
      isVerified: true,
    });
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain('cus_secret');
    expect(response.json()).not.toHaveProperty('isAdmin');
  });

  it('keeps another parent’s subscription to themselves: only whether they are Premium shows', async () => {
    const viewer = await makeUser(t.db);
    const cookie = await loginAs(t.app, viewer);
    const endsAt = new Date(t.clock.now().getTime() + 5 * 24 * 60 * 60 * 1000);
    const subscriber = await makeUser(t.db, { subscriptionStatus: 'active', subscriptionEndsAt: endsAt });
    const referred = await makeUser(t.db, { subscriptionEndsAt: endsAt });
    const free = await makeUser(t.db);
    for (const [user, isPremium] of [
      [subscriber, true],
      [referred, true],
      [free, false],
    ] as const) {
      const response = await t.app.inject({ url: `/api/users/${user.id}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const body = response.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('subscriptionStatus');
      expect(body).not.toHaveProperty('subscriptionEndsAt');
      expect(response.body).not.toContain(endsAt.toISOString());
      expect(body.isPremium).toBe(isPremium);
    }
    // One's own account still carries them.
    const own = await t.app.inject({
      url: '/api/user',
      headers: { cookie: await loginAs(t.app, subscriber) },
    });
    expect(own.json()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndsAt: endsAt.toISOString(),
    });
  });

  it('answers 404 for a missing parent and 401 for visitors', async () => {
    const viewer = await makeUser(t.db);
    const cookie = await loginAs(t.app, viewer);
    const missing = await t.app.inject({ url: '/api/users/999999', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
    expect((await t.app.inject({ url: `/api/users/${viewer.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/users/report', () => {
  it('files a pending report that administrators see', async () => {
    const reporter = await makeUser(t.db);
    const reported = await makeUser(t.db);
    const admin = await makeUser(t.db, { isAdmin: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/report',
      payload: { userId: reported.id, reason: '  Asked for my home address  ' },
      headers: { cookie: await loginAs(t.app, reporter) },
    });
    expect(response.statusCode).toBe(201);
    const reports = await t.app.inject({
      url: '/api/admin/reports',
      headers: { cookie: await loginAs(t.app, admin) },
    });
    expect(reports.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reporterId: reporter.id,
          reportedUserId: reported.id,
          reason: 'Asked for my home address',
          status: 'pending',
        }),
      ]),
    );
  });

  it('needs a reason and refuses reporting oneself', async () => {
    const reporter = await makeUser(t.db);
    const cookie = await loginAs(t.app, reporter);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/users/report',
      payload: { userId: 1, reason: '   ' },
      headers: { cookie },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toEqual({
      path: 'reason',
      message: 'A reason is required to report this user',
    });
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/users/report',
      payload: { userId: reporter.id, reason: 'me' },
      headers: { cookie },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot report yourself');
  });
});
