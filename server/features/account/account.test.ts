import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPremium } from '../../../common/premium.js';
import { PASSWORD_CHANGED, REFERRAL_ALPHABET } from '../../../common/schemas/account.js';
import {
  conversations,
  favorites,
  items,
  messages,
  reviews,
  savedSearches,
  userReports,
  users,
} from '../../db/schema.js';
import {
  as,
  asVisitor,
  makeItem,
  makeSignedInUser,
  makeUpload,
  makeUser,
  loginAs,
  sessionCookie,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { findUserById } from '../users/users.repo.js';
import { grantReferralRewardIfDue } from './referral.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('PATCH /api/user/notifications', () => {
  it('turns the switches off and returns the updated user', async () => {
    const parent = await makeSignedInUser(t);
    const response = await as(parent).patch('/api/user/notifications', {
      emailNotifications: false,
      mobileNotifications: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: parent.user.id,
      emailNotifications: false,
      mobileNotifications: false,
    });
    expect((await as(parent).get('/api/user')).json()).toMatchObject({ emailNotifications: false });
  });

  it('takes booleans only: anything else is a 400, and visitors get 401', async () => {
    const parent = await makeSignedInUser(t);
    for (const body of [
      { emailNotifications: 'no' },
      { emailNotifications: 0 },
      {},
      { isAdmin: true, emailNotifications: true },
    ]) {
      expect((await as(parent).patch('/api/user/notifications', body)).statusCode).toBe(400);
    }
    expect((await as(parent).get('/api/user')).json()).toMatchObject({
      emailNotifications: true,
      isAdmin: false,
    });
    expect(
      (await asVisitor(t.app).patch('/api/user/notifications', { emailNotifications: false })).statusCode,
    ).toBe(401);
  });
});

describe('referral codes', () => {
  /** A parent whose referral week is due at once: a verified e-mail and a listing. */
  const realParent = async () => {
    const parent = await makeSignedInUser(t, { isVerified: true });
    await makeItem(t.db, parent.user);
    return parent;
  };

  it('generates a 6-character code without look-alike characters, the same on a second call', async () => {
    const parent = await realParent();
    const first = await as(parent).post('/api/referral/generate');
    expect(first.statusCode).toBe(200);
    const { referralCode } = first.json<{ referralCode: string }>();
    expect(referralCode).toMatch(new RegExp(`^[${REFERRAL_ALPHABET}]{6}$`));
    expect(referralCode).not.toMatch(/[01OIL]/);
    expect((await as(parent).post('/api/referral/generate')).json()).toEqual({ referralCode });
  });

  it('two generate calls at once agree on one code', async () => {
    const parent = await realParent();
    const [a, b] = await Promise.all([
      as(parent).post('/api/referral/generate'),
      as(parent).post('/api/referral/generate'),
    ]);
    expect(a.json()).toEqual(b.json());
  });

  it('gives both parents a week of Premium and sets referredBy, trimmed and upper-cased', async () => {
    const friend = await makeSignedInUser(t);
    const { referralCode } = (await as(friend).post('/api/referral/generate')).json<{
      referralCode: string;
    }>();
    const parent = await realParent();
    const now = t.clock.now().getTime();
    const response = await as(parent).post('/api/referral/apply', {
      referralCode: `  ${referralCode.toLowerCase()} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ referredBy: referralCode });
    const applicant = await findUserById(t.db, parent.user.id);
    const referrer = await findUserById(t.db, friend.user.id);
    for (const user of [applicant, referrer]) {
      expect(user?.subscriptionEndsAt?.getTime()).toBeGreaterThanOrEqual(now + WEEK_MS - 1000);
      expect(user?.subscriptionEndsAt?.getTime()).toBeLessThanOrEqual(now + WEEK_MS + 5000);
      // The one premium rule counts a period that has not ended (PRODUCT §4 first reading).
      expect(hasPremium(user, t.clock.now())).toBe(true);
    }
  });

  it('adds the week to the end of Premium a parent already has', async () => {
    const later = new Date(t.clock.now().getTime() + 3 * WEEK_MS);
    const friend = await makeSignedInUser(t, { subscriptionEndsAt: later });
    const { referralCode } = (await as(friend).post('/api/referral/generate')).json<{
      referralCode: string;
    }>();
    const parent = await realParent();
    expect((await as(parent).post('/api/referral/apply', { referralCode })).statusCode).toBe(200);
    expect((await findUserById(t.db, friend.user.id))?.subscriptionEndsAt?.getTime()).toBe(
      later.getTime() + WEEK_MS,
    );
  });

  it('lets a parent who earned Premium this way sell', async () => {
    const friend = await makeSignedInUser(t);
    const { referralCode } = (await as(friend).post('/api/referral/generate')).json<{
      referralCode: string;
    }>();
    const parent = await realParent();
    await as(parent).post('/api/referral/apply', { referralCode });
    const [photo] = (await makeItem(t.db, parent.user)).imageUrls ?? [];
    const listing = await as(parent).post('/api/items', {
      title: 'Wooden train set',
      description: 'Complete set',
      category: 'toys',
      condition: 'good',
      exchangeType: 'sell',
      price: '12.00',
      imageUrls: [photo],
    });
    expect(listing.statusCode).toBe(201);
  });

  it('refuses an empty, unknown or own code, and a second code, granting nothing', async () => {
    const parent = await realParent();
    const own = (await as(parent).post('/api/referral/generate')).json<{ referralCode: string }>()
      .referralCode;
    const empty = await as(parent).post('/api/referral/apply', { referralCode: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please enter a referral code');
    const unknown = await as(parent).post('/api/referral/apply', { referralCode: 'ZZZZZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'The referral code is invalid or has already been used.',
    });
    const mine = await as(parent).post('/api/referral/apply', { referralCode: own });
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toMatchObject({ message: 'You cannot use your own referral code' });
    expect((await findUserById(t.db, parent.user.id))?.subscriptionEndsAt).toBeNull();

    const friend = await makeSignedInUser(t);
    const code = (await as(friend).post('/api/referral/generate')).json<{ referralCode: string }>()
      .referralCode;
    const other = await makeSignedInUser(t);
    const otherCode = (await as(other).post('/api/referral/generate')).json<{ referralCode: string }>()
      .referralCode;
    expect((await as(parent).post('/api/referral/apply', { referralCode: code })).statusCode).toBe(200);
    const second = await as(parent).post('/api/referral/apply', { referralCode: otherCode });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'You have already used a referral code' });
    expect((await findUserById(t.db, other.user.id))?.subscriptionEndsAt).toBeNull();
  });

  it('one parent applying twice at once is granted once', async () => {
    const friend = await makeSignedInUser(t);
    const { referralCode } = (await as(friend).post('/api/referral/generate')).json<{
      referralCode: string;
    }>();
    const parent = await realParent();
    const now = t.clock.now().getTime();
    const answers = await Promise.all([
      as(parent).post('/api/referral/apply', { referralCode }),
      as(parent).post('/api/referral/apply', { referralCode }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    for (const id of [parent.user.id, friend.user.id]) {
      expect((await findUserById(t.db, id))?.subscriptionEndsAt?.getTime()).toBeLessThanOrEqual(
        now + WEEK_MS + 5000,
      );
    }
  });

  it('two friends applying each other’s codes at once: one succeeds, nobody gets two weeks', async () => {
    const a = await realParent();
    const b = await realParent();
    const codeA = (await as(a).post('/api/referral/generate')).json<{ referralCode: string }>().referralCode;
    const codeB = (await as(b).post('/api/referral/generate')).json<{ referralCode: string }>().referralCode;
    const now = t.clock.now().getTime();
    const answers = await Promise.all([
      as(a).post('/api/referral/apply', { referralCode: codeB }),
      as(b).post('/api/referral/apply', { referralCode: codeA }),
    ]);
    // Each may be referred once; both calls are allowed to succeed, but every grant is one week
    // added to the end already granted, never lost or doubled by the race.
    const granted = answers.filter((answer) => answer.statusCode === 200).length;
    for (const id of [a.user.id, b.user.id]) {
      const endsAt = (await findUserById(t.db, id))?.subscriptionEndsAt?.getTime() ?? 0;
      expect(endsAt).toBeGreaterThanOrEqual(now + granted * WEEK_MS - 1000);
      expect(endsAt).toBeLessThanOrEqual(now + granted * WEEK_MS + 5000);
    }
  });

  it('grants nothing to a throwaway sign-up: the week waits for a verified e-mail and a listing', async () => {
    const friend = await makeSignedInUser(t);
    const { referralCode } = (await as(friend).post('/api/referral/generate')).json<{
      referralCode: string;
    }>();
    const throwaway = await makeSignedInUser(t);
    const applied = await as(throwaway).post('/api/referral/apply', { referralCode });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ referredBy: referralCode, referralRewarded: false });
    for (const id of [throwaway.user.id, friend.user.id]) {
      expect((await findUserById(t.db, id))?.subscriptionEndsAt).toBeNull();
    }
    // Verified, still nothing real done: nothing yet.
    await t.db.update(users).set({ isVerified: true }).where(eq(users.id, throwaway.user.id));
    expect(await grantReferralRewardIfDue(t.db, throwaway.user.id, t.clock.now())).toBe(false);
    // Her first listing makes it real: both get their week, once.
    const listed = await as(throwaway).post('/api/items', {
      title: 'Board books',
      description: 'Five board books',
      category: 'books',
      condition: 'good',
      exchangeType: 'free',
      imageUrls: [await makeUpload(t.db, throwaway.user)],
    });
    expect(listed.statusCode, listed.body).toBe(201);
    for (const id of [throwaway.user.id, friend.user.id]) {
      expect(hasPremium(await findUserById(t.db, id), t.clock.now())).toBe(true);
    }
    expect(await grantReferralRewardIfDue(t.db, throwaway.user.id, t.clock.now())).toBe(false);
  });

  it('caps what one code earns its owner at 12 weeks a year; the friends still get theirs', async () => {
    const owner = await makeSignedInUser(t);
    const { referralCode } = (await as(owner).post('/api/referral/generate')).json<{
      referralCode: string;
    }>();
    const start = t.clock.now().getTime();
    for (let i = 0; i < 13; i += 1) {
      const friend = await realParent();
      expect((await as(friend).post('/api/referral/apply', { referralCode })).json()).toMatchObject({
        referralRewarded: true,
      });
      expect(hasPremium(await findUserById(t.db, friend.user.id), t.clock.now())).toBe(true);
    }
    const ends = (await findUserById(t.db, owner.user.id))?.subscriptionEndsAt?.getTime() ?? 0;
    expect(ends).toBeGreaterThanOrEqual(start + 12 * WEEK_MS - 1000);
    expect(ends).toBeLessThan(start + 13 * WEEK_MS - 1000);
  });
});

describe('e-mail verification', () => {
  const linkIn = (text: string) => /\/verify-email\?token=([\w-]+)/.exec(text)?.[1];

  it('sends a link after sign-up that verifies the account once', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'secret123', firstName: 'Vera', lastName: 'Fied' },
    });
    expect(signUp.statusCode).toBe(201);
    const mail = t.sentMail.find((message) => message.to === email);
    const token = linkIn(mail?.text ?? '');
    expect(token).toBeDefined();
    const first = await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
    expect(first.statusCode).toBe(200);
    const cookie = String(signUp.headers['set-cookie']).split(';')[0] ?? '';
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).json()).toMatchObject({
      isVerified: true,
    });
    const again = await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'This verification link is invalid or has expired.' });
  });

  it('resends from settings even with e-mails turned off, and refuses expired or forged links', async () => {
    const parent = await makeSignedInUser(t, { emailNotifications: false });
    const resend = await as(parent).post('/api/user/verification-email');
    expect(resend.statusCode).toBe(202);
    const token = linkIn(t.sentMail.filter((message) => message.to === parent.user.email).at(-1)?.text ?? '');
    expect(token).toBeDefined();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: 'forged' } }))
        .statusCode,
    ).toBe(400);
    t.clock.advance(4 * 24 * 60 * 60 * 1000);
    try {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } })).statusCode,
      ).toBe(400);
    } finally {
      t.clock.advance(-4 * 24 * 60 * 60 * 1000);
    }
    expect((await findUserById(t.db, parent.user.id))?.isVerified).toBe(false);
  });
});

describe('GET /api/users/{id} privacy', () => {
  it('never carries e-mail, password hash, payment ids or an exact position', async () => {
    const viewer = await makeSignedInUser(t);
    const other = await makeUser(t.db, {
      stripeCustomerId: 'cus_hidden',
      stripeSubscriptionId: 'sub_hidden',
      city: 'Austin',
    });
    await makeItem(t.db, other, { latitude: '30.26715300', longitude: '-97.74306100' });
    const response = await as(viewer).get(`/api/users/${other.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    for (const secret of [
      other.email,
      other.password,
      'cus_hidden',
      'sub_hidden',
      '30.267153',
      '-97.743061',
    ]) {
      expect(body).not.toContain(secret);
    }
    for (const field of [
      'email',
      'password',
      'stripeCustomerId',
      'stripeSubscriptionId',
      'latitude',
      'longitude',
      'isAdmin',
      'referralCode',
    ]) {
      expect(response.json()).not.toHaveProperty(field);
    }
  });
});

describe('GET /api/user/export', () => {
  it('downloads everything the account holds as one JSON file', async () => {
    const parent = await makeSignedInUser(t);
    const other = await makeSignedInUser(t);
    const mine = await makeItem(t.db, parent.user, { title: 'My stroller' });
    const theirs = await makeItem(t.db, other.user, { title: 'Their crib' });
    await t.db.insert(favorites).values({ userId: parent.user.id, itemId: theirs.id });
    const [thread] = await t.db
      .insert(conversations)
      .values({ itemId: theirs.id, buyerId: parent.user.id, sellerId: other.user.id })
      .returning();
    const threadId = thread?.id ?? 0;
    const readAt = new Date();
    await t.db.insert(messages).values([
      { conversationId: threadId, senderId: parent.user.id, content: 'Still there?', readAt },
      { conversationId: threadId, senderId: other.user.id, content: 'Yes!', readAt },
    ]);
    await t.db.insert(savedSearches).values({ userId: parent.user.id, name: 'Lego' });
    const response = await as(parent).get('/api/user/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="littleloop-data-.*\.json"/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({ id: parent.user.id, email: parent.user.email });
    expect(data.profile).not.toHaveProperty('password');
    expect(data.items).toEqual([
      expect.objectContaining({ id: mine.id, title: 'My stroller', imageUrls: mine.imageUrls }),
    ]);
    // Read receipts are Premium's: a free parent's export says when she read theirs, not when they read hers.
    expect(data.conversations[0].messages).toEqual([
      expect.objectContaining({ content: 'Still there?', readAt: null }),
      expect.objectContaining({ content: 'Yes!', readAt: readAt.toISOString() }),
    ]);
    expect(data.favorites).toEqual([expect.objectContaining({ itemId: theirs.id, itemTitle: 'Their crib' })]);
    expect(data.savedSearches).toEqual([expect.objectContaining({ name: 'Lego' })]);
    expect(data).toHaveProperty('reviewsGiven');
    expect(data).toHaveProperty('reviewsReceived');
    expect(JSON.stringify(data)).not.toContain(other.user.email);
    expect((await asVisitor(t.app).get('/api/user/export')).statusCode).toBe(401);
  });
});

describe('POST /api/user/password', () => {
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  it('changes the password, keeps this device signed in and signs out every other one', async () => {
    const parent = await makeSignedInUser(t);
    const otherDevice = await loginAs(t.app, parent.user);
    const changed = await as(parent).post('/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_CHANGED });
    // This device goes on under a new session id.
    const renewed = sessionCookie(changed.headers['set-cookie']);
    expect(renewed).not.toBe(parent.cookie);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: renewed } });
    expect(me.statusCode).toBe(200);
    // Every other session, the old cookie of this device included, is over.
    for (const cookie of [otherDevice, parent.cookie]) {
      expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await signIn(parent.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(parent.user.email, 'a-new-secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const parent = await makeSignedInUser(t);
    const wrong = await as(parent).post('/api/user/password', {
      currentPassword: 'not-it',
      newPassword: 'a-new-secret',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: 'The password is not correct' });
    const short = await as(parent).post('/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'newPassword', message: 'Password must be at least 6 characters' },
    ]);
    expect((await signIn(parent.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await as(parent).get('/api/user')).statusCode).toBe(200);
    expect(
      (await asVisitor(t.app).post('/api/user/password', { currentPassword: 'x', newPassword: 'yyyyyy' }))
        .statusCode,
    ).toBe(401);
  });

  it('stops guessing the current password after 10 tries with 429 and Retry-After', async () => {
    const parent = await makeSignedInUser(t);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        as(parent).post('/api/user/password', { currentPassword: 'guess', newPassword: 'a-new-secret' }),
      ),
    );
    const statuses = attempts.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const refused = attempts.find((answer) => answer.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('DELETE /api/user', () => {
  it('needs the typed confirmation and the right password', async () => {
    const parent = await makeSignedInUser(t);
    const unconfirmed = await as(parent).delete('/api/user', {
      confirmation: 'delete me',
      password: TEST_PASSWORD,
    });
    expect(unconfirmed.statusCode).toBe(400);
    const wrong = await as(parent).delete('/api/user', { confirmation: 'DELETE', password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: 'The password is not correct' });
    expect(await findUserById(t.db, parent.user.id)).toBeDefined();
  });

  it('removes the account and everything that is theirs, nothing of anyone else; reviews they wrote stay', async () => {
    const leaving = await makeSignedInUser(t);
    const staying = await makeSignedInUser(t);
    const third = await makeUser(t.db);
    const leavingItem = await makeItem(t.db, leaving.user);
    const stayingItem = await makeItem(t.db, staying.user);
    const thirdItem = await makeItem(t.db, third);
    await t.db.insert(favorites).values([
      { userId: leaving.user.id, itemId: stayingItem.id },
      { userId: staying.user.id, itemId: leavingItem.id },
      { userId: staying.user.id, itemId: thirdItem.id },
    ]);
    const [thread] = await t.db
      .insert(conversations)
      .values({ itemId: stayingItem.id, buyerId: leaving.user.id, sellerId: staying.user.id })
      .returning();
    const threadId = thread?.id ?? 0;
    await t.db
      .insert(messages)
      .values({ conversationId: threadId, senderId: leaving.user.id, content: 'Hi' });
    const [otherThread] = await t.db
      .insert(conversations)
      .values({ itemId: thirdItem.id, buyerId: staying.user.id, sellerId: third.id })
      .returning();
    const otherThreadId = otherThread?.id ?? 0;
    await t.db
      .insert(messages)
      .values({ conversationId: otherThreadId, senderId: staying.user.id, content: 'Hello' });
    await t.db
      .insert(userReports)
      .values({ reporterId: leaving.user.id, reportedUserId: third.id, reason: 'spam' });
    await t.db.insert(savedSearches).values({ userId: leaving.user.id, name: 'Books' });
    // A review the leaving parent wrote about the staying one, and one about the leaving parent.
    await t.db.insert(reviews).values([
      {
        reviewerId: leaving.user.id,
        reviewedUserId: staying.user.id,
        itemTitle: 'Crib',
        rating: 5,
        comment: 'Lovely',
      },
      { reviewerId: staying.user.id, reviewedUserId: leaving.user.id, itemTitle: 'Crib', rating: 4 },
    ]);

    const response = await as(leaving).delete('/api/user', {
      confirmation: 'DELETE',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await as(leaving).get('/api/user')).statusCode).toBe(401);
    expect(await findUserById(t.db, leaving.user.id)).toBeUndefined();
    expect(await t.db.select().from(items).where(eq(items.userId, leaving.user.id))).toEqual([]);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, threadId))).toEqual([]);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, leaving.user.id))).toEqual([]);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, leaving.user.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(userReports).where(eq(userReports.reporterId, leaving.user.id))).toEqual(
      [],
    );
    // Everyone else's things are all there.
    expect(await findUserById(t.db, staying.user.id)).toBeDefined();
    expect(await t.db.select().from(items).where(eq(items.id, stayingItem.id))).toHaveLength(1);
    expect(await t.db.select().from(items).where(eq(items.id, thirdItem.id))).toHaveLength(1);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, staying.user.id))).toEqual([
      expect.objectContaining({ itemId: thirdItem.id }),
    ]);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, otherThreadId))).toHaveLength(
      1,
    );
    // The review they wrote stays, from a former member; the one about them is gone.
    const about = await as(staying).get(`/api/users/${staying.user.id}/reviews`);
    expect(about.json()).toEqual([expect.objectContaining({ comment: 'Lovely', rating: 5, reviewer: null })]);
    expect(await t.db.select().from(reviews).where(eq(reviews.reviewedUserId, leaving.user.id))).toEqual([]);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, third.id))).toHaveLength(1);
    expect(await loginAs(t.app, staying.user)).toContain('littleloop.sid');
  });
});
