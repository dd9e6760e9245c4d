import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPremium, hasPremiumByFlagOrSubscription } from '../../../common/premium.js';
import {
  adminAuditLog,
  conversations,
  exchanges,
  favorites,
  itemViews,
  items,
  messages,
  notifications,
  passwordResetTokens,
  savedSearches,
  sessions,
  uploads,
  userBlocks,
  userReports,
  users,
  wishlists,
} from '../../db/schema.js';
import {
  as,
  asVisitor,
  makeItem,
  makeUser,
  signIn,
  signInConfiguredAdmin,
  type TestSession,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { ensureAdmin } from '../auth/auth.service.js';
import { findUserByEmail } from '../users/users.repo.js';

const ADMIN = { ADMIN_EMAIL: 'Admin@LittleLoop.test', ADMIN_PASSWORD: 'admin-secret' };
let t: TestApp;
let admin: TestSession;
let adminId: number;

beforeAll(async () => {
  t = await makeTestApp(ADMIN);
  admin = await signInConfiguredAdmin(t, ADMIN);
  adminId = admin.user.id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

const setPremium = (id: number, isPremium: unknown, by: TestSession) =>
  as(by).put(`/api/admin/users/${id}/premium`, { isPremium });

async function makeReport(reporterId: number, reportedUserId: number, reason = 'Rude messages') {
  const [row] = await t.db.insert(userReports).values({ reporterId, reportedUserId, reason }).returning();
  if (!row) throw new Error('no report');
  return row;
}

async function auditFor(targetType: string, targetId: number) {
  return t.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .then((rows) => rows.filter((row) => row.targetType === targetType));
}

describe('every /api/admin route is for administrators only', () => {
  // Every route, with ids that exist, ids that do not, and ids that are not ids at all.
  const routes: Array<[Method, string, object?]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users?limit=5&search=x'],
    ['GET', '/api/admin/reports'],
    ['GET', '/api/admin/reports?status=pending'],
    ['GET', '/api/admin/moderation'],
    ['GET', '/api/admin/audit-log'],
    ['PUT', '/api/admin/users/1/premium', { isPremium: true }],
    ['PUT', '/api/admin/users/999999/premium', { isPremium: true }],
    ['PUT', '/api/admin/users/abc/premium', { isPremium: 'x' }],
    ['DELETE', '/api/admin/users/1'],
    ['DELETE', '/api/admin/users/999999'],
    ['DELETE', '/api/admin/users/abc'],
    ['PUT', '/api/admin/reports/1', { status: 'resolved' }],
    ['PUT', '/api/admin/reports/999999', { status: 'nonsense' }],
    ['DELETE', '/api/admin/reports/1'],
    ['DELETE', '/api/admin/reports/-3'],
    ['PUT', '/api/admin/items/1/moderation', { decision: 'approve' }],
    ['DELETE', '/api/admin/items/999999'],
    ['GET', '/api/admin'],
    ['GET', '/api/admin/no-such-thing/42'],
    ['POST', '/api/admin/users/1', {}],
  ];

  it('answers 401 to visitors and 403 to parents, whatever the id', async () => {
    const parent = await makeUser(t.db);
    const victim = await makeUser(t.db, { email: 'victim@example.com' });
    const report = await makeReport(parent.id, victim.id);
    const parentSession = await signIn(t.app, parent);
    for (const [method, template, payload] of routes) {
      const url = template
        .replace('/users/1', `/users/${victim.id}`)
        .replace('/reports/1', `/reports/${report.id}`);
      const visitor = await asVisitor(t.app).send(method, url, payload);
      expect(visitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
      expect(visitor.json()).toHaveProperty('message');
      const denied = await as(parentSession).send(method, url, payload);
      expect(denied.statusCode, `${method} ${url} as a parent`).toBe(403);
      expect(denied.json()).toEqual({ message: 'Administrator access required' });
    }
    // Nothing happened to the victim or the report.
    expect(await findUserByEmail(t.db, victim.email)).toMatchObject({ isPremium: false });
    const [still] = await t.db.select().from(userReports).where(eq(userReports.id, report.id));
    expect(still?.status).toBe('pending');
  });

  it('answers 404 to an administrator on a path that does not exist', async () => {
    expect((await as(admin).get('/api/admin/no-such-thing')).statusCode).toBe(404);
  });
});

describe('administrator at start-up', () => {
  it('creates the ADMIN_EMAIL account as an administrator', async () => {
    const me = await as(admin).get('/api/user');
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
  it('makes a parent premium and free again, seen through a later read, and records both', async () => {
    const parent = await makeUser(t.db);
    const listing = await makeItem(t.db, parent);
    const made = await setPremium(parent.id, true, admin);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: parent.id, isPremium: true });
    const [prioritised] = await t.db.select().from(items).where(eq(items.id, listing.id));
    expect(prioritised?.isPriority).toBe(true);

    const parentSession = await signIn(t.app, parent);
    const seen = await as(parentSession).get('/api/user');
    expect(hasPremium(seen.json())).toBe(true);

    expect((await setPremium(parent.id, false, admin)).statusCode).toBe(200);
    const after = await as(parentSession).get('/api/user');
    expect(hasPremium(after.json())).toBe(false);
    const [unprioritised] = await t.db.select().from(items).where(eq(items.id, listing.id));
    expect(unprioritised?.isPriority).toBe(false);

    const trail = await auditFor('user', parent.id);
    expect(trail.map((row) => row.action)).toEqual(['user.premium.grant', 'user.premium.remove']);
    expect(trail[0]).toMatchObject({ actorId: adminId, actorLabel: 'admin@littleloop.test' });
  });

  it('refuses to change an administrator', async () => {
    const response = await setPremium(adminId, true, admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Administrators cannot be changed' });
  });

  it('answers 404 for a missing user and 400 for a bad body or id', async () => {
    expect((await setPremium(999_999, true, admin)).statusCode).toBe(404);
    const badBody = await setPremium(1, 'yes', admin);
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors[0].path).toBe('isPremium');
    expect((await as(admin).put('/api/admin/users/abc/premium', { isPremium: true })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users', () => {
  it('lists every user as a plain array without password hashes', async () => {
    await makeUser(t.db);
    const response = await as(admin).get('/api/admin/users');
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    expect(response.json().length).toBeGreaterThan(1);
    expect(response.body).not.toContain('argon2');
    expect(response.json()[0]).not.toHaveProperty('password');
    expect(Number(response.headers['x-total-count'])).toBe(response.json().length);
    expect(response.headers['x-next-cursor']).toBeUndefined();
  });

  it('pages through users newest first with a cursor, and searches names and e-mail', async () => {
    const all = (await as(admin).get('/api/admin/users')).json() as Array<{ id: number }>;
    const seen: number[] = [];
    let url = '/api/admin/users?limit=2';
    for (;;) {
      const page = await as(admin).get(url);
      expect(page.statusCode).toBe(200);
      expect(page.json().length).toBeLessThanOrEqual(2);
      seen.push(...page.json().map((user: { id: number }) => user.id));
      const next = page.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/admin/users?limit=2&cursor=${String(next)}`;
    }
    expect(seen).toEqual(all.map((user) => user.id));

    await makeUser(t.db, { firstName: 'Zebulon', lastName: 'Quartz', email: 'zq@example.com' });
    const byName = await as(admin).get('/api/admin/users?search=zebulon%20qua');
    expect(byName.json().map((user: { email: string }) => user.email)).toEqual(['zq@example.com']);
    expect(byName.headers['x-total-count']).toBe('1');
    const byEmail = await as(admin).get('/api/admin/users?search=ZQ@EXAMPLE');
    expect(byEmail.json()).toHaveLength(1);
    expect((await as(admin).get('/api/admin/users?limit=0')).statusCode).toBe(400);
    expect((await as(admin).get('/api/admin/users?limit=2&cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts premium users as PRODUCT §6 says: the premium flag or an active subscription, not a referral week', async () => {
    const before = (await as(admin).get('/api/admin/stats')).json();
    const now = t.clock.now();
    await makeUser(t.db, { isPremium: true });
    await makeUser(t.db, { subscriptionStatus: 'active' });
    await makeUser(t.db, { subscriptionEndsAt: new Date(now.getTime() + 86_400_000) }); // referral week
    await makeUser(t.db, { subscriptionEndsAt: new Date(now.getTime() - 86_400_000) }); // ended
    await makeUser(t.db);
    const reporter = await makeUser(t.db);
    const report = await makeReport(reporter.id, reporter.id === 1 ? 2 : 1);
    await as(admin).put(`/api/admin/reports/${report.id}`, { status: 'resolved' });
    await makeReport(reporter.id, adminId);

    const response = await as(admin).get('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(stats.totalUsers).toBe(before.totalUsers + 6);
    expect(stats.premiumUsers).toBe(before.premiumUsers + 2);
    expect(stats.freeUsers).toBe(before.freeUsers + 4);
    expect(stats.totalReports).toBe(before.totalReports + 2);
    expect(stats.pendingReports).toBe(before.pendingReports + 1);

    const everyone = (await as(admin).get('/api/admin/users')).json();
    expect(stats.totalUsers).toBe(everyone.length);
    expect(stats.premiumUsers).toBe(
      everyone.filter((user: Parameters<typeof hasPremiumByFlagOrSubscription>[0]) =>
        hasPremiumByFlagOrSubscription(user),
      ).length,
    );
  });
});

describe('reports: PUT and DELETE /api/admin/reports/{id}', () => {
  it('names both parents of a report with their e-mails beside the ids', async () => {
    const reporter = await makeUser(t.db, { firstName: 'Rita', lastName: 'Reporter' });
    const reported = await makeUser(t.db, { firstName: 'Rex', lastName: 'Reported' });
    const report = await makeReport(reporter.id, reported.id, 'Never showed up');
    const listed = (await as(admin).get('/api/admin/reports')).json();
    expect(listed.find((row: { id: number }) => row.id === report.id)).toMatchObject({
      reporterId: reporter.id,
      reportedUserId: reported.id,
      reporter: { name: 'Rita Reporter', email: reporter.email },
      reportedUser: { name: 'Rex Reported', email: reported.email },
    });
    const resolved = await as(admin).put(`/api/admin/reports/${report.id}`, {
      status: 'resolved',
    });
    expect(resolved.json().reporter).toEqual({ name: 'Rita Reporter', email: reporter.email });
  });

  it('resolves, dismisses and reopens a report, recording who and when', async () => {
    const [reporter, reported] = [await makeUser(t.db), await makeUser(t.db)];
    const report = await makeReport(reporter.id, reported.id, 'Asked for money up front');

    const resolved = await as(admin).put(`/api/admin/reports/${report.id}`, {
      status: 'resolved',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: report.id, status: 'resolved', reviewedBy: adminId });
    expect(resolved.json().reviewedAt).toBe(t.clock.now().toISOString());

    const listed = (await as(admin).get('/api/admin/reports?status=resolved')).json();
    expect(listed.map((row: { id: number }) => row.id)).toContain(report.id);

    const dismissed = await as(admin).put(`/api/admin/reports/${report.id}`, {
      status: 'dismissed',
    });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', reviewedBy: adminId });
    const reopened = await as(admin).put(`/api/admin/reports/${report.id}`, { status: 'pending' });
    expect(reopened.json()).toMatchObject({ status: 'pending', reviewedBy: null, reviewedAt: null });

    const trail = await auditFor('report', report.id);
    expect(trail.map((row) => row.details)).toEqual([
      { from: 'pending', to: 'resolved' },
      { from: 'resolved', to: 'dismissed' },
      { from: 'dismissed', to: 'pending' },
    ]);
  });

  it('refuses any other status with 400 and leaves the report as it was', async () => {
    const report = await makeReport((await makeUser(t.db)).id, (await makeUser(t.db)).id);
    for (const status of ['closed', '', null, 3]) {
      const response = await as(admin).put(`/api/admin/reports/${report.id}`, { status });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({
        path: 'status',
        message: 'Status must be one of pending, resolved, dismissed',
      });
    }
    const [row] = await t.db.select().from(userReports).where(eq(userReports.id, report.id));
    expect(row?.status).toBe('pending');
    expect((await as(admin).put('/api/admin/reports/999999', { status: 'resolved' })).statusCode).toBe(404);
  });

  it('deletes a report, and a second delete is 404', async () => {
    const report = await makeReport((await makeUser(t.db)).id, (await makeUser(t.db)).id, 'Spam');
    const removed = await as(admin).delete(`/api/admin/reports/${report.id}`);
    expect(removed.statusCode).toBe(204);
    const listed = (await as(admin).get('/api/admin/reports')).json();
    expect(listed.map((row: { id: number }) => row.id)).not.toContain(report.id);
    expect((await as(admin).delete(`/api/admin/reports/${report.id}`)).statusCode).toBe(404);
    expect((await auditFor('report', report.id)).map((row) => [row.action, row.targetLabel])).toEqual([
      ['report.delete', 'Spam'],
    ]);
  });

  it('searches reports by words and by ids, and pages them', async () => {
    const [a, b] = [await makeUser(t.db), await makeUser(t.db)];
    const report = await makeReport(a.id, b.id, 'Sold a broken pushchair');
    const byWords = (await as(admin).get('/api/admin/reports?search=PUSHCHAIR')).json();
    expect(byWords.map((row: { id: number }) => row.id)).toEqual([report.id]);
    const byId = (await as(admin).get(`/api/admin/reports?search=${b.id}`)).json();
    expect(byId.map((row: { id: number }) => row.id)).toContain(report.id);
    const page = await as(admin).get('/api/admin/reports?limit=1');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-next-cursor']).toBeTruthy();
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  /** One parent with a row in every table that can hold their data, and a neighbour who shares some. */
  async function parentWithEverything() {
    const parent = await makeUser(t.db, { email: `doomed-${Date.now()}@example.com` });
    const neighbour = await makeUser(t.db);
    const bystander = await makeUser(t.db);
    const own = await makeItem(t.db, parent, { title: 'Doomed stroller' });
    const theirs = await makeItem(t.db, neighbour, { title: 'Neighbour bike' });
    const unrelated = await makeItem(t.db, bystander, { title: 'Bystander books' });
    const insertConversation = async (values: typeof conversations.$inferInsert) => {
      const [conversation] = await t.db.insert(conversations).values(values).returning();
      if (!conversation) throw new Error('no conversation');
      return conversation;
    };
    const onOwn = await insertConversation({ itemId: own.id, buyerId: neighbour.id, sellerId: parent.id });
    const onTheirs = await insertConversation({
      itemId: theirs.id,
      buyerId: parent.id,
      sellerId: neighbour.id,
    });
    const kept = await insertConversation({
      itemId: unrelated.id,
      buyerId: neighbour.id,
      sellerId: bystander.id,
    });
    await t.db.insert(messages).values([
      { conversationId: onOwn.id, senderId: neighbour.id, content: 'Still there?' },
      { conversationId: onTheirs.id, senderId: parent.id, content: 'I would love it' },
      { conversationId: kept.id, senderId: neighbour.id, content: 'Kept message' },
    ]);
    await t.db.insert(favorites).values([
      { userId: parent.id, itemId: theirs.id },
      { userId: neighbour.id, itemId: own.id },
      { userId: neighbour.id, itemId: unrelated.id },
    ]);
    await t.db.insert(exchanges).values([
      { itemId: own.id, buyerId: neighbour.id, sellerId: parent.id },
      { itemId: unrelated.id, buyerId: neighbour.id, sellerId: bystander.id },
    ]);
    await t.db.insert(savedSearches).values([
      { userId: parent.id, name: 'Bikes' },
      { userId: neighbour.id, name: 'Books' },
    ]);
    await t.db.insert(wishlists).values([
      { userId: parent.id, title: 'Balance bike' },
      { userId: neighbour.id, title: 'Lego' },
    ]);
    await t.db.insert(notifications).values([
      { userId: parent.id, kind: 'alert', title: 'A match' },
      { userId: neighbour.id, kind: 'alert', title: 'Their match' },
    ]);
    await makeReport(parent.id, neighbour.id, 'By the parent');
    await makeReport(neighbour.id, parent.id, 'About the parent');
    const keptReport = await makeReport(neighbour.id, bystander.id, 'Unrelated report');
    await t.db.insert(userBlocks).values({ blockerId: neighbour.id, blockedId: parent.id });
    await t.db
      .update(users)
      .set({ blockCount: 1 })
      .where(inArray(users.id, [neighbour.id, parent.id]));
    await t.db.insert(itemViews).values({ itemId: own.id, viewerId: neighbour.id, day: '2026-01-01' });
    await t.db
      .insert(passwordResetTokens)
      .values({ userId: parent.id, token: `tok-${parent.id}`, expiresAt: new Date(Date.now() + 60_000) });
    await signIn(t.app, parent);
    return { parent, neighbour, bystander, own, theirs, unrelated, kept, keptReport };
  }

  it('removes the account and every kind of its data, and nothing of anyone else', async () => {
    const world = await parentWithEverything();
    const { parent, neighbour } = world;
    const response = await as(admin).delete(`/api/admin/users/${parent.id}`);
    expect(response.statusCode).toBe(204);

    const gone = async (rows: Promise<unknown[]>) => expect(await rows).toEqual([]);
    await gone(t.db.select().from(users).where(eq(users.id, parent.id)));
    await gone(t.db.select().from(items).where(eq(items.userId, parent.id)));
    await gone(
      t.db
        .select()
        .from(conversations)
        .where(or(eq(conversations.buyerId, parent.id), eq(conversations.sellerId, parent.id))),
    );
    await gone(t.db.select().from(messages).where(eq(messages.senderId, parent.id)));
    await gone(t.db.select().from(favorites).where(eq(favorites.userId, parent.id)));
    await gone(t.db.select().from(favorites).where(eq(favorites.itemId, world.own.id)));
    await gone(t.db.select().from(exchanges).where(eq(exchanges.sellerId, parent.id)));
    await gone(t.db.select().from(savedSearches).where(eq(savedSearches.userId, parent.id)));
    await gone(t.db.select().from(wishlists).where(eq(wishlists.userId, parent.id)));
    await gone(t.db.select().from(notifications).where(eq(notifications.userId, parent.id)));
    await gone(
      t.db
        .select()
        .from(userReports)
        .where(or(eq(userReports.reporterId, parent.id), eq(userReports.reportedUserId, parent.id))),
    );
    await gone(t.db.select().from(sessions).where(eq(sessions.userId, parent.id)));
    await gone(t.db.select().from(uploads).where(eq(uploads.userId, parent.id)));
    await gone(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, parent.id)));
    await gone(t.db.select().from(userBlocks).where(eq(userBlocks.blockedId, parent.id)));

    // Everyone else's things are all still there.
    const [stillNeighbour] = await t.db.select().from(users).where(eq(users.id, neighbour.id));
    expect(stillNeighbour?.blockCount).toBe(0);
    const survivingItems = await t.db
      .select({ id: items.id })
      .from(items)
      .where(inArray(items.id, [world.theirs.id, world.unrelated.id]));
    expect(survivingItems).toHaveLength(2);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, world.kept.id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, world.kept.id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, neighbour.id))).toHaveLength(1);
    expect(
      await t.db.select().from(exchanges).where(eq(exchanges.sellerId, world.bystander.id)),
    ).toHaveLength(1);
    expect(
      await t.db.select().from(savedSearches).where(eq(savedSearches.userId, neighbour.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(wishlists).where(eq(wishlists.userId, neighbour.id))).toHaveLength(1);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, neighbour.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(userReports).where(eq(userReports.id, world.keptReport.id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, neighbour.id))).not.toHaveLength(0);

    // The parent's session no longer works, and the neighbour's item still shows.
    const neighbourSession = await signIn(t.app, neighbour);
    expect((await as(neighbourSession).get(`/api/items/${world.theirs.id}`)).statusCode).toBe(200);
    expect((await as(neighbourSession).get(`/api/items/${world.own.id}`)).statusCode).toBe(404);

    // The audit record outlives its target.
    const trail = await auditFor('user', parent.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'user.delete', actorId: adminId });
    expect(trail[0]?.targetLabel).toContain(parent.email);
  });

  it('is not for administrators, and 404 for a user who does not exist', async () => {
    const refused = await as(admin).delete(`/api/admin/users/${adminId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Administrators cannot be deleted' });
    expect(await findUserByEmail(t.db, ADMIN.ADMIN_EMAIL)).toBeDefined();
    expect((await as(admin).delete('/api/admin/users/999999')).statusCode).toBe(404);
    expect((await as(admin).delete('/api/admin/users/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('shows every administrator action newest first, and keeps it when the administrator goes', async () => {
    const second = await makeUser(t.db, { isAdmin: true, email: 'second-admin@example.com' });
    const secondSession = await signIn(t.app, second);
    const parent = await makeUser(t.db);
    expect((await setPremium(parent.id, true, secondSession)).statusCode).toBe(200);

    const log = await as(admin).get('/api/admin/audit-log?limit=1');
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual([
      expect.objectContaining({
        action: 'user.premium.grant',
        actorId: second.id,
        actorLabel: 'second-admin@example.com',
        targetType: 'user',
        targetId: parent.id,
      }),
    ]);
    expect(log.headers['x-next-cursor']).toBeTruthy();

    // Administrators cannot delete each other through the API; the operator can remove the row.
    await t.db.delete(users).where(eq(users.id, second.id));
    const kept = (await as(admin).get('/api/admin/audit-log?limit=1')).json();
    expect(kept[0]).toMatchObject({
      actorId: null,
      actorLabel: 'second-admin@example.com',
      targetId: parent.id,
    });
  });
});
