import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, asVisitor, makeSignedInUser, makeUser, signIn } from '../../test/factories.js';
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
    const viewer = await makeSignedInUser(t);
    const other = await makeUser(t.db, { city: 'Austin', isVerified: true, stripeCustomerId: 'cus_secret' });
    const response = await as(viewer).get(`/api/users/${other.id}`);
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
    const viewer = await makeSignedInUser(t);
    const endsAt = new Date(t.clock.now().getTime() + 5 * 24 * 60 * 60 * 1000);
    const subscriber = await makeUser(t.db, { subscriptionStatus: 'active', subscriptionEndsAt: endsAt });
    const referred = await makeUser(t.db, { subscriptionEndsAt: endsAt });
    const free = await makeUser(t.db);
    for (const [user, isPremium] of [
      [subscriber, true],
      [referred, true],
      [free, false],
    ] as const) {
      const response = await as(viewer).get(`/api/users/${user.id}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('subscriptionStatus');
      expect(body).not.toHaveProperty('subscriptionEndsAt');
      expect(response.body).not.toContain(endsAt.toISOString());
      expect(body.isPremium).toBe(isPremium);
    }
    // One's own account still carries them.
    const own = await as(await signIn(t.app, subscriber)).get('/api/user');
    expect(own.json()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndsAt: endsAt.toISOString(),
    });
  });

  it('answers 404 for a missing parent and 401 for visitors', async () => {
    const viewer = await makeSignedInUser(t);
    const missing = await as(viewer).get('/api/users/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
    expect((await asVisitor(t.app).get(`/api/users/${viewer.user.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/users/report', () => {
  it('files a pending report that administrators see', async () => {
    const reporter = await makeSignedInUser(t);
    const reported = await makeUser(t.db);
    const admin = await makeSignedInUser(t, { isAdmin: true });
    const response = await as(reporter).post('/api/users/report', {
      userId: reported.id,
      reason: '  Asked for my home address  ',
    });
    expect(response.statusCode).toBe(201);
    const reports = await as(admin).get('/api/admin/reports');
    expect(reports.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reporterId: reporter.user.id,
          reportedUserId: reported.id,
          reason: 'Asked for my home address',
          status: 'pending',
        }),
      ]),
    );
  });

  it('needs a reason and refuses reporting oneself', async () => {
    const reporter = await makeSignedInUser(t);
    const blank = await as(reporter).post('/api/users/report', { userId: 1, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toEqual({
      path: 'reason',
      message: 'A reason is required to report this user',
    });
    const self = await as(reporter).post('/api/users/report', { userId: reporter.user.id, reason: 'me' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot report yourself');
  });
});
