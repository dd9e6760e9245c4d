/**
 * The authorisation matrix (PRODUCT §6). Every route of the OpenAPI description is called as five
 * people, and each answer is checked against one table (MATRIX below, one row per route):
 *
 *   visitor  no session
 *   other    a free parent the resource does not belong to
 *   owner    the free parent the resource belongs to (for calls about one's own account, the
 *            caller's own account; for calls about no one's resource, simply a free parent)
 *   premium  a Premium parent the resource does not belong to, so Premium never opens someone
 *            else's resource; in cases marked `premiumOwns` the resource is the Premium
 *            parent's own, for rules that need both ownership and Premium
 *   admin    an administrator, neither Premium nor the owner
 *
 * Each case of a row starts with four fresh parents and creates a fresh resource for every
 * call, so a destructive call (a delete, a sign-out) disturbs no other call. Where someone must
 * not read or change another's resource, a later read checks that the resource is still as it
 * was (or that the answer carried nothing of the owner's). A route added to the API without a
 * row here, or a row left for a route that is gone, fails the first test by name.
 *
 * Abuse limits are raised out of the way: this file proves who may call what; the limits have
 * their own tests (server/features/auth/abuse.test.ts and the feature tests).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  exchanges,
  itemRequests,
  messages,
  notifications,
  notificationSettings,
  passwordResetTokens,
  pushSubscriptions,
  reviews,
  savedSearches,
  userReports,
  users,
  wishlists,
  type UserRow,
} from '../../db/schema.js';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../../lib/rate-limits.js';
import { createMemoryMailer } from '../../lib/mail.js';
import {
  makeItem,
  makeSignedInUser,
  makeUpload,
  makeUploads,
  makeUser,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/factories.js';
import { makeTestApp, TEST_SESSION_SECRET, type TestApp } from '../../test/test-app.js';
import { generateReferralCode } from '../account/referral.service.js';
import { sendVerificationEmail } from '../account/verification.service.js';
import type { StripeApi } from '../billing/billing.stripe.js';
import type { NewItem } from '../items/items.repo.js';
import { hashResetToken } from '../password-reset/password-reset.service.js';
import { unsubscribeToken } from '../reach/reach.messages.js';

type Role = 'visitor' | 'other' | 'owner' | 'premium' | 'admin';
type Person = Exclude<Role, 'visitor'>;

/** The columns of the table, in this order. */
const COLUMNS: readonly Role[] = ['visitor', 'other', 'owner', 'premium', 'admin'];
/**
 * The order of the calls: the owner's after the other parents' (so a refused call is checked
 * against an untouched resource), the administrator's last (it may delete the owner).
 */
const CALL_ORDER: readonly Role[] = ['visitor', 'other', 'premium', 'owner', 'admin'];

/** The status code each role gets, in COLUMNS order. */
type Outcomes = readonly [visitor: number, other: number, owner: number, premium: number, admin: number];

type Scene = Record<Person, TestSession>;

type Call = {
  role: Role;
  /** The session the request carries; null for the visitor. */
  caller: TestSession | null;
  /** Whose resource the call acts on (see `premiumOwns`). */
  owner: TestSession;
  scene: Scene;
};

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

type Prepared = {
  url: string;
  payload?: object | string | Buffer;
  headers?: Record<string, string>;
  /** A server-sent event stream: only its status and headers are read. */
  stream?: boolean;
  /** A later read of the state the call may have changed; allowed: the call got a 2xx. */
  after?: (answer: Answer, allowed: boolean) => Promise<void>;
};

type Case = {
  /** What the case shows, when a route has more than one. */
  name?: string;
  outcomes: Outcomes;
  /** The Premium parent calls on a resource of their own (rules needing Premium and ownership). */
  premiumOwns?: boolean;
  /** Four new parents for every call: for calls that end the owner's sessions. */
  isolate?: boolean;
  prepare: (call: Call) => Promise<Prepared>;
};

const WEBHOOK_SECRET = 'whsec_authorization_matrix';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_authorization_matrix',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ID: 'price_premium_monthly',
};

/** Stripe, played at the boundary: enough for checkout and the portal to answer. */
const portalCustomers: string[] = [];
const fakeStripe: StripeApi = {
  customers: { create: async () => ({ id: `cus_${randomBytes(6).toString('hex')}` }) },
  checkout: { sessions: { create: async () => ({ url: 'https://checkout.stripe.test/c/session' }) } },
  billingPortal: {
    sessions: {
      create: async (params) => {
        if (params.customer) portalCustomers.push(params.customer);
        return { url: 'https://billing.stripe.test/p/session' };
      },
    },
  },
  subscriptions: {
    retrieve: async (id) => {
      throw new Error(`No such subscription: ${id}`);
    },
    cancel: async (id) => ({ id, status: 'canceled' }),
  },
};

const mail = createMemoryMailer();
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // Photo uploads are stored under DATA_DIR.
  dataDir = mkdtempSync(join(tmpdir(), 'littleloop-authz-'));
  t = await makeTestApp(
    { DATA_DIR: dataDir, ...STRIPE_ENV },
    { stripe: fakeStripe, mailer: mail, rateLimits: scaleRateLimits(1000, DEFAULT_RATE_LIMITS) },
  );
});
afterAll(async () => {
  // Closing the app also ends the event streams the GET /api/events row left open.
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------------ helpers

let sequence = 0;
/** A word no other call uses (letters only, so text search takes it whole). */
function uniqueWord(): string {
  sequence += 1;
  let n = sequence;
  let word = '';
  while (n > 0) {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  }
  return `zq${word}`;
}

const now = () => t.clock.now();
const minutesFromNow = (minutes: number) => new Date(now().getTime() + minutes * 60_000);

async function newScene(): Promise<Scene> {
  const [owner, other, premium, admin] = await Promise.all([
    makeSignedInUser(t),
    makeSignedInUser(t),
    makeSignedInUser(t, { isPremium: true }),
    makeSignedInUser(t, { isAdmin: true }),
  ]);
  return { owner, other, premium, admin };
}

function send(who: TestSession | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: who ? { cookie: who.cookie } : {},
  });
}

async function read<T>(who: TestSession, url: string): Promise<T> {
  const answer = await send(who, 'GET', url);
  expect(answer.statusCode, `GET ${url}: ${answer.body}`).toBe(200);
  return answer.json<T>();
}

/** An item listed past its early-access hour (by the app's clock, which stands still here). */
function item(owner: TestSession | UserRow, overrides: Partial<NewItem> = {}) {
  const user = 'user' in owner ? owner.user : owner;
  return makeItem(t.db, user, { earlyAccessUntil: minutesFromNow(-1), ...overrides });
}

/** A listing a moderation rule or an administrator hid: its owner and administrators see it. */
const heldItem = (owner: TestSession) =>
  item(owner, { isHidden: true, flaggedForReview: true, flagReason: 'test' });
/** A listing in its early-access hour: its owner, Premium parents and administrators see it. */
const newItem = (owner: TestSession) => item(owner, { earlyAccessUntil: minutesFromNow(60) });

const itemStatus = async (who: TestSession, id: number) =>
  (await send(who, 'GET', `/api/items/${id}`)).statusCode;
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const isOwner = (call: Call) => call.role === 'owner';

/** An item its owner handed over, and the parent they talked with about it (who received it). */
async function handedOverItem(owner: TestSession) {
  const receiver = await makeUser(t.db);
  const handed = await item(owner, { status: 'free', isAvailable: false });
  await t.db
    .insert(conversations)
    .values({ itemId: handed.id, buyerId: receiver.id, sellerId: owner.user.id });
  return { item: handed, receiver };
}

/** A recorded exchange: the owner gave an item to the receiver, today. */
async function recordedExchange(owner: TestSession) {
  const { item: handed, receiver } = await handedOverItem(owner);
  const [row] = await t.db
    .insert(exchanges)
    .values({
      itemId: handed.id,
      buyerId: receiver.id,
      sellerId: owner.user.id,
      status: 'completed',
      completedAt: now(),
    })
    .returning();
  if (!row) throw new Error('no exchange');
  return { exchange: row, item: handed, receiver };
}

/** A family's waiting request for an item (the item's owner is not the family). */
async function waitingRequest(itemId: number, requesterId: number) {
  const [row] = await t.db.insert(itemRequests).values({ itemId, requesterId }).returning();
  if (!row) throw new Error('no request');
  return row;
}

/** The owner promised a free item to a family who asked for it: a pending exchange. */
async function pendingPromise(owner: TestSession) {
  const family = await makeUser(t.db);
  const promisedItem = await item(owner, { latitude: '30.26712345', longitude: '-97.74312345' });
  const request = await waitingRequest(promisedItem.id, family.id);
  await t.db.update(itemRequests).set({ status: 'chosen' }).where(eq(itemRequests.id, request.id));
  const [row] = await t.db
    .insert(exchanges)
    .values({
      itemId: promisedItem.id,
      sellerId: owner.user.id,
      buyerId: family.id,
      status: 'pending',
      requestId: request.id,
      lapsesAt: minutesFromNow(72 * 60),
    })
    .returning();
  if (!row) throw new Error('no exchange');
  return { exchange: row, item: promisedItem, family };
}

type PromiseBody = { status: string; giverConfirmedAt: string | null; scheduledAt: string | null };

/** A call on the owner's promise: the parties' view afterwards shows whether it acted. */
function promiseAction(
  path: string,
  changed: (promise: PromiseBody) => boolean,
  payload?: () => object,
): Case[] {
  return [
    {
      outcomes: [401, 404, 200, 404, 404],
      prepare: async ({ owner }) => {
        const { exchange } = await pendingPromise(owner);
        return {
          url: `/api/exchanges/${exchange.id}${path}`,
          ...(payload ? { payload: payload() } : {}),
          after: async (answer, allowed) => {
            if (!allowed) expect(answer.body).not.toContain('30.267');
            const seen = await read<PromiseBody>(owner, `/api/exchanges/${exchange.id}`);
            expect(changed(seen), 'the promise changed').toBe(allowed);
          },
        };
      },
    },
  ];
}

/** A conversation a new parent opened about the owner's item, with one unread message. */
async function conversationWithOwner(owner: TestSession) {
  const buyer = await makeUser(t.db);
  const about = await item(owner);
  const [conversation] = await t.db
    .insert(conversations)
    .values({ itemId: about.id, buyerId: buyer.id, sellerId: owner.user.id, lastMessageAt: now() })
    .returning();
  if (!conversation) throw new Error('no conversation');
  const content = `Is it still there? ${uniqueWord()}`;
  await t.db.insert(messages).values({ conversationId: conversation.id, senderId: buyer.id, content });
  return { conversation, buyer, content };
}

let pushDevice = 0;
/** A browser's push subscription (never sent to: these calls only store and remove it). */
function pushSubscription() {
  pushDevice += 1;
  return {
    endpoint: `https://push.example.test/device-${pushDevice}-${uniqueWord()}`,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };
}

async function notificationFor(owner: TestSession) {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId: owner.user.id, kind: 'wanted-match', title: `A match ${uniqueWord()}` })
    .returning();
  if (!row) throw new Error('no notification');
  return row;
}

async function reportAbout(owner: TestSession) {
  const reporter = await makeUser(t.db);
  const [row] = await t.db
    .insert(userReports)
    .values({ reporterId: reporter.id, reportedUserId: owner.user.id, reason: 'Rude messages' })
    .returning();
  if (!row) throw new Error('no report');
  return row;
}

let photo: Promise<Buffer> | undefined;

function photoBytes(): Promise<Buffer> {
  photo ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  return photo;
}

/** A multipart body as a browser builds it: one photo in `field`. */
async function multipartPhoto(field: string): Promise<Pick<Prepared, 'payload' | 'headers'>> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(await photoBytes())], { type: 'image/jpeg' }), 'photo.jpg');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Fields of a parent that only they (and administrators) may see (docs/OPERATIONS.md). */
const PRIVATE_USER_FIELDS = [
  'email',
  'password',
  'subscriptionStatus',
  'subscriptionEndsAt',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'credits',
  'referralCode',
  'isAdmin',
];

type Me = {
  id: number;
  email: string;
  isPremium: boolean;
  isAdmin: boolean;
  isVerified: boolean;
  city: string | null;
};

/** What a client might add to a body to promote itself; every such field must be ignored. */
const SELF_PROMOTION = {
  isAdmin: true,
  isPremium: true,
  isVerified: true,
  subscriptionStatus: 'active',
  subscriptionEndsAt: '2099-01-01T00:00:00.000Z',
  premiumBadge: true,
  credits: 1000,
};
const UNPROMOTED = { isAdmin: false, isPremium: false, isVerified: false, subscriptionStatus: 'free' };
type CardBody = { id: number; userId: number; title: string; exchangeType: string };

const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Wooden train',
  description: 'A wooden train set with twelve pieces.',
  category: 'toys',
  condition: 'good',
  exchangeType: 'free',
  ...overrides,
});

// ------------------------------------------------------------------------------------- matrix

// Columns:                 visitor other owner premium admin
const MATRIX: Record<string, Case[]> = {
  // Public: the readiness probe a load balancer calls (docs/OPERATIONS.md); it says nothing about anyone.
  'GET /api/health': [{ outcomes: [200, 200, 200, 200, 200], prepare: async () => ({ url: '/api/health' }) }],
  // Public: the map tiles the browser draws, no secrets.
  'GET /api/config': [
    {
      outcomes: [200, 200, 200, 200, 200],
      prepare: async () => ({
        url: '/api/config',
        after: async (answer) => {
          expect(Object.keys(answer.json<object>()).sort()).toEqual(['mapAttribution', 'mapTileUrl']);
        },
      }),
    },
  ],
  // Public: signing up is what visitors do; a signed-in parent who signs up moves to the new
  // account. Role and Premium fields in the body are ignored.
  'POST /api/register': [
    {
      outcomes: [201, 201, 201, 201, 201],
      prepare: async () => {
        const email = `matrix-${uniqueWord()}@example.com`;
        return {
          url: '/api/register',
          payload: { email, password: 'secret123', firstName: 'Maya', lastName: 'Rossi', ...SELF_PROMOTION },
          after: async (answer) => {
            expect(answer.json<Me>()).toMatchObject({ email, ...UNPROMOTED });
          },
        };
      },
    },
  ],
  // Public: the password is the credential; the answer is the account it opens, never another.
  'POST /api/login': [
    {
      outcomes: [200, 200, 200, 200, 200],
      prepare: async ({ owner }) => ({
        url: '/api/login',
        payload: { email: owner.user.email, password: TEST_PASSWORD },
        after: async (answer) => {
          expect(answer.json<Me>().id).toBe(owner.user.id);
        },
      }),
    },
  ],
  // Public: signing out without a session is harmless. New parents for every call, so the
  // owner's own sign-out does not count against the calls after it.
  'POST /api/logout': [
    {
      outcomes: [200, 200, 200, 200, 200],
      isolate: true,
      prepare: async ({ caller, scene }) => ({
        url: '/api/logout',
        after: async () => {
          if (caller) expect((await send(caller, 'GET', '/api/user')).statusCode).toBe(401);
          if (caller !== scene.owner)
            expect((await send(scene.owner, 'GET', '/api/user')).statusCode).toBe(200);
        },
      }),
    },
  ],
  'GET /api/user': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async ({ caller }) => ({
        url: '/api/user',
        after: async (answer, allowed) => {
          if (allowed) expect(answer.json<Me>().email).toBe(caller?.user.email);
        },
      }),
    },
  ],
  'GET /api/auth/user': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async ({ caller }) => ({
        url: '/api/auth/user',
        after: async (answer, allowed) => {
          if (allowed) expect(answer.json<Me>().email).toBe(caller?.user.email);
        },
      }),
    },
  ],
  // One's own profile only; role and Premium fields in the body are ignored.
  'PUT /api/auth/user': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const city = uniqueWord();
        return {
          url: '/api/auth/user',
          payload: { firstName: 'Lena', lastName: 'Park', city, ...SELF_PROMOTION },
          after: async (answer, allowed) => {
            if (allowed) expect(answer.json<Me>().id).toBe(call.caller?.user.id);
            const owners = await read<Me>(call.owner, '/api/user');
            expect(owners.city === city, "the owner's profile changed").toBe(isOwner(call));
            if (!call.caller) return;
            expect(await read<Me>(call.caller, '/api/user'), 'the caller promoted').toMatchObject({
              isAdmin: call.role === 'admin',
              isPremium: call.role === 'premium',
              isVerified: false,
              subscriptionStatus: 'free',
            });
          },
        };
      },
    },
  ],
  // Each parent deletes only their own account, with its password (new parents for every call).
  'DELETE /api/user': [
    {
      outcomes: [401, 200, 200, 200, 200],
      isolate: true,
      prepare: async ({ caller, scene }) => ({
        url: '/api/user',
        payload: { confirmation: 'DELETE', password: TEST_PASSWORD },
        after: async (answer, allowed) => {
          if (caller && allowed) expect((await send(caller, 'GET', '/api/user')).statusCode).toBe(401);
          if (caller !== scene.owner)
            expect((await send(scene.owner, 'GET', '/api/user')).statusCode).toBe(200);
        },
      }),
    },
  ],
  // One's own password: every parent changes only their own (the session decides whose), and
  // the other parents of the scene stay signed in with their passwords.
  'POST /api/user/password': [
    {
      outcomes: [401, 200, 200, 200, 200],
      isolate: true,
      prepare: async ({ caller, scene }) => ({
        url: '/api/user/password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret' },
        after: async (_answer, allowed) => {
          if (caller !== scene.owner) {
            expect((await send(scene.owner, 'GET', '/api/user')).statusCode).toBe(200);
            const owner = await send(null, 'POST', '/api/login', {
              email: scene.owner.user.email,
              password: TEST_PASSWORD,
            });
            expect(owner.statusCode, 'the owner keeps their password').toBe(200);
          }
          if (caller && allowed) {
            const old = await send(null, 'POST', '/api/login', {
              email: caller.user.email,
              password: TEST_PASSWORD,
            });
            expect(old.statusCode, 'the caller’s own password changed').toBe(401);
          }
        },
      }),
    },
  ],
  // Public: a parent who forgot their password is a visitor; the answer is the same for any address.
  'POST /api/forgot-password': [
    {
      outcomes: [200, 200, 200, 200, 200],
      prepare: async ({ owner }) => ({ url: '/api/forgot-password', payload: { email: owner.user.email } }),
    },
  ],
  // Public: the single-use token from the e-mail is the credential, not a session. A reset ends
  // every session of the account, hence new parents for every call.
  'POST /api/reset-password': [
    {
      outcomes: [200, 200, 200, 200, 200],
      isolate: true,
      prepare: async ({ owner }) => {
        const token = randomBytes(32).toString('base64url');
        await t.db.insert(passwordResetTokens).values({
          userId: owner.user.id,
          token: hashResetToken(token),
          expiresAt: minutesFromNow(60),
          createdAt: now(),
        });
        return {
          url: '/api/reset-password',
          payload: { token, newPassword: 'a-new-secret' },
          after: async () => {
            expect((await send(owner, 'GET', '/api/user')).statusCode, 'the reset ends old sessions').toBe(
              401,
            );
          },
        };
      },
    },
  ],
  'PATCH /api/user/notifications': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        await t.db.update(users).set({ emailNotifications: true }).where(eq(users.id, call.owner.user.id));
        return {
          url: '/api/user/notifications',
          payload: { emailNotifications: false },
          after: async () => {
            const owners = await read<{ emailNotifications: boolean }>(call.owner, '/api/user');
            expect(owners.emailNotifications, "the owner's setting").toBe(!isOwner(call));
          },
        };
      },
    },
  ],
  'GET /api/notifications/settings': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        await t.db
          .insert(notificationSettings)
          .values({ userId: call.owner.user.id, timeZone: 'Europe/Berlin' })
          .onConflictDoUpdate({ target: notificationSettings.userId, set: { timeZone: 'Europe/Berlin' } });
        return {
          url: '/api/notifications/settings',
          after: async (answer, allowed) => {
            if (!allowed) return;
            const zone = answer.json<{ timeZone: string | null }>().timeZone;
            expect(zone === 'Europe/Berlin', 'only the owner sees the owner’s settings').toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'PATCH /api/notifications/settings': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        await t.db.delete(notificationSettings).where(eq(notificationSettings.userId, call.owner.user.id));
        return {
          url: '/api/notifications/settings',
          payload: { digest: true },
          after: async () => {
            const owners = await read<{ digest: boolean }>(call.owner, '/api/notifications/settings');
            expect(owners.digest, "the owner's setting").toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'GET /api/push/key': [
    { outcomes: [401, 200, 200, 200, 200], prepare: async () => ({ url: '/api/push/key' }) },
  ],
  'POST /api/push/subscriptions': [
    {
      outcomes: [401, 201, 201, 201, 201],
      prepare: async () => ({ url: '/api/push/subscriptions', payload: pushSubscription() }),
    },
  ],
  // A browser's subscription is removed only from the caller's own devices.
  'DELETE /api/push/subscriptions': [
    {
      outcomes: [401, 204, 204, 204, 204],
      prepare: async (call) => {
        const subscription = pushSubscription();
        await send(call.owner, 'POST', '/api/push/subscriptions', subscription);
        return {
          url: '/api/push/subscriptions',
          payload: { endpoint: subscription.endpoint },
          after: async () => {
            const kept = await t.db
              .select()
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
            expect(kept.length, "the owner's device stays").toBe(isOwner(call) ? 0 : 1);
          },
        };
      },
    },
  ],
  // Public: the signed link from the e-mail is the credential; it changes its own parent only.
  'POST /api/notifications/unsubscribe': [
    {
      outcomes: [200, 200, 200, 200, 200],
      prepare: async ({ owner }) => ({
        url: '/api/notifications/unsubscribe',
        payload: { token: unsubscribeToken(TEST_SESSION_SECRET, owner.user.id, 'match') },
        after: async () => {
          const owners = await read<{ kinds: { match: { email: boolean } } }>(
            owner,
            '/api/notifications/settings',
          );
          expect(owners.kinds.match.email).toBe(false);
        },
      }),
    },
  ],
  'POST /api/notifications/resubscribe': [
    {
      outcomes: [200, 200, 200, 200, 200],
      prepare: async ({ owner }) => ({
        url: '/api/notifications/resubscribe',
        payload: { token: unsubscribeToken(TEST_SESSION_SECRET, owner.user.id, 'match') },
      }),
    },
  ],
  'POST /api/referral/generate': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async ({ caller }) => ({
        url: '/api/referral/generate',
        after: async (answer, allowed) => {
          if (!allowed || !caller) return;
          const mine = await read<{ referralCode: string }>(caller, '/api/user');
          expect(answer.json<{ referralCode: string }>().referralCode).toBe(mine.referralCode);
        },
      }),
    },
  ],
  'POST /api/referral/apply': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async ({ caller }) => {
        const friend = await makeUser(t.db);
        const referralCode = await generateReferralCode(t.db, friend.id);
        return {
          url: '/api/referral/apply',
          payload: { referralCode },
          after: async (answer, allowed) => {
            if (allowed && caller) {
              expect((await read<{ referredBy: string }>(caller, '/api/user')).referredBy).toBe(referralCode);
            }
          },
        };
      },
    },
  ],
  'POST /api/user/verification-email': [
    {
      outcomes: [401, 202, 202, 202, 202],
      prepare: async ({ caller }) => ({
        url: '/api/user/verification-email',
        after: async (answer, allowed) => {
          if (allowed) expect(mail.sent.at(-1)?.to).toBe(caller?.user.email);
        },
      }),
    },
  ],
  // Public: the single-use link is the credential (it may be opened on a device with no session).
  'POST /api/verify-email': [
    {
      outcomes: [200, 200, 200, 200, 200],
      prepare: async ({ owner }) => {
        await sendVerificationEmail(
          { db: t.db, clock: t.clock, mailer: mail, publicUrl: 'http://x' },
          owner.user,
        );
        const link = mail.sent.at(-1)?.text ?? '';
        const token = decodeURIComponent(/token=([^\s]+)/.exec(link)?.[1] ?? '');
        return {
          url: '/api/verify-email',
          payload: { token },
          after: async () => {
            expect((await read<Me>(owner, '/api/user')).isVerified).toBe(true);
          },
        };
      },
    },
  ],
  'GET /api/user/export': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => ({
        url: '/api/user/export',
        after: async (answer, allowed) => {
          if (!allowed) return;
          expect(answer.body).toContain(call.caller?.user.email);
          expect(answer.body.includes(call.owner.user.email), "the owner's data in the export").toBe(
            isOwner(call),
          );
        },
      }),
    },
  ],

  // ------------------------------------------------------------------ give-away requests, promises
  // Anyone who may see the item sees its give-away; who asked, only its owner.
  'GET /api/items/{id}/giveaway': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const asked = await item(call.owner);
        const family = await makeUser(t.db);
        await waitingRequest(asked.id, family.id);
        return {
          url: `/api/items/${asked.id}/giveaway`,
          after: async (answer, allowed) => {
            if (!allowed) return;
            const body = answer.json<{ requestCount: number; requests: unknown[] | null }>();
            expect(body.requestCount).toBe(1);
            expect(body.requests !== null, 'the requesters shown').toBe(isOwner(call));
          },
        };
      },
    },
    {
      name: 'hidden by moderation',
      outcomes: [401, 404, 200, 404, 200],
      prepare: async ({ owner }) => ({ url: `/api/items/${(await heldItem(owner)).id}/giveaway` }),
    },
  ],
  // Anyone may ask for someone else's free item; never for their own.
  'POST /api/items/{id}/requests': [
    {
      outcomes: [401, 201, 403, 201, 201],
      prepare: async (call) => {
        const asked = await item(call.owner);
        return {
          url: `/api/items/${asked.id}/requests`,
          payload: { note: 'We would love it' },
          after: async (_answer, allowed) => {
            const seen = await read<{ requestCount: number }>(call.owner, `/api/items/${asked.id}/giveaway`);
            expect(seen.requestCount).toBe(allowed ? 1 : 0);
          },
        };
      },
    },
  ],
  // Only the family who asked withdraws their request: anyone else has none to withdraw.
  'DELETE /api/items/{id}/requests/mine': [
    {
      outcomes: [401, 404, 204, 404, 404],
      prepare: async ({ owner }) => {
        const lister = await makeUser(t.db);
        const asked = await item(lister);
        await waitingRequest(asked.id, owner.user.id);
        return {
          url: `/api/items/${asked.id}/requests/mine`,
          after: async (_answer, allowed) => {
            const seen = await read<{ myRequest: { status: string } }>(
              owner,
              `/api/items/${asked.id}/giveaway`,
            );
            expect(seen.myRequest.status).toBe(allowed ? 'withdrawn' : 'waiting');
          },
        };
      },
    },
  ],
  'PUT /api/items/{id}/request-window': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const asked = await item(owner);
        return {
          url: `/api/items/${asked.id}/request-window`,
          payload: { hours: 6 },
          after: async (_answer, allowed) => {
            const seen = await read<{ requestsCloseAt: string | null }>(
              owner,
              `/api/items/${asked.id}/giveaway`,
            );
            expect(seen.requestsCloseAt !== null, 'the waiting time set').toBe(allowed);
          },
        };
      },
    },
  ],
  'POST /api/items/{id}/promise': [
    {
      outcomes: [401, 403, 201, 403, 403],
      prepare: async ({ owner }) => {
        const asked = await item(owner);
        const family = await makeUser(t.db);
        const request = await waitingRequest(asked.id, family.id);
        return {
          url: `/api/items/${asked.id}/promise`,
          payload: { requestId: request.id },
          after: async (_answer, allowed) => {
            const seen = await read<{ promised: boolean }>(owner, `/api/items/${asked.id}/giveaway`);
            expect(seen.promised).toBe(allowed);
          },
        };
      },
    },
  ],
  // A promise is its two parties' business only: anyone else gets 404, as if it did not exist.
  'GET /api/exchanges/{id}': [
    {
      outcomes: [401, 404, 200, 404, 404],
      prepare: async ({ owner }) => {
        const { exchange, family } = await pendingPromise(owner);
        return {
          url: `/api/exchanges/${exchange.id}`,
          after: async (answer, allowed) => {
            if (allowed) expect(answer.json()).toMatchObject({ role: 'giver', otherUser: { id: family.id } });
            else expect(answer.body).not.toContain(family.firstName);
          },
        };
      },
    },
  ],
  'PATCH /api/exchanges/{id}/pickup': promiseAction(
    '/pickup',
    (promise) => promise.scheduledAt !== null,
    () => ({ scheduledAt: minutesFromNow(120).toISOString() }),
  ),
  'POST /api/exchanges/{id}/confirm': promiseAction(
    '/confirm',
    (promise) => promise.giverConfirmedAt !== null,
  ),
  'POST /api/exchanges/{id}/release': promiseAction('/release', (promise) => promise.status === 'released'),
  'POST /api/exchanges/{id}/no-show': promiseAction('/no-show', (promise) => promise.status === 'no-show'),

  // -------------------------------------------------------------------- exchanges and reviews
  'GET /api/items/{id}/exchange-partners': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const { item: handed, receiver } = await handedOverItem(owner);
        return {
          url: `/api/items/${handed.id}/exchange-partners`,
          after: async (answer, allowed) => {
            if (allowed) expect(ids(answer.json())).toEqual([receiver.id]);
            else expect(answer.body).not.toContain(receiver.firstName);
          },
        };
      },
    },
  ],
  'POST /api/items/{id}/exchange': [
    {
      outcomes: [401, 403, 201, 403, 403],
      prepare: async ({ owner }) => {
        const { item: handed, receiver } = await handedOverItem(owner);
        return {
          url: `/api/items/${handed.id}/exchange`,
          payload: { receiverId: receiver.id },
          after: async (_answer, allowed) => {
            const recorded = await read<{ itemId: number }[]>(owner, '/api/exchanges');
            expect(recorded.some((entry) => entry.itemId === handed.id)).toBe(allowed);
          },
        };
      },
    },
  ],
  'GET /api/exchanges': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const { item: handed } = await recordedExchange(call.owner);
        return {
          url: '/api/exchanges',
          after: async (answer, allowed) => {
            if (!allowed) return;
            const listed = answer.json<{ itemId: number }[]>().map((entry) => entry.itemId);
            expect(listed.includes(handed.id), "the owner's exchange listed").toBe(isOwner(call));
          },
        };
      },
    },
  ],
  // Only the two sides of the exchange review it; the owner gave the item.
  'POST /api/exchanges/{id}/reviews': [
    {
      outcomes: [401, 403, 201, 403, 403],
      prepare: async ({ owner }) => {
        const { exchange, receiver } = await recordedExchange(owner);
        return {
          url: `/api/exchanges/${exchange.id}/reviews`,
          payload: { rating: 1, comment: 'Never showed up' },
          after: async (_answer, allowed) => {
            const written = await read<unknown[]>(owner, `/api/users/${receiver.id}/reviews`);
            expect(written).toHaveLength(allowed ? 1 : 0);
          },
        };
      },
    },
  ],
  'GET /api/users/{id}/reviews': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async ({ owner }) => ({ url: `/api/users/${owner.user.id}/reviews` }),
    },
  ],
  // Only the reviewed parent (the owner) answers a review of them.
  'POST /api/reviews/{id}/response': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const { exchange, receiver, item: handed } = await recordedExchange(owner);
        const [review] = await t.db
          .insert(reviews)
          .values({
            exchangeId: exchange.id,
            reviewerId: receiver.id,
            reviewedUserId: owner.user.id,
            itemTitle: handed.title,
            rating: 2,
            comment: 'Late',
          })
          .returning();
        const response = `Sorry ${uniqueWord()}`;
        return {
          url: `/api/reviews/${review?.id}/response`,
          payload: { response },
          after: async (_answer, allowed) => {
            const listed = await read<{ id: number; response: string | null }[]>(
              owner,
              `/api/users/${owner.user.id}/reviews`,
            );
            expect(listed.find((entry) => entry.id === review?.id)?.response).toBe(allowed ? response : null);
          },
        };
      },
    },
  ],

  // ------------------------------------------------------------------------- reports, users
  // Anyone signed in reports a listing, except its owner (400: not their own); a listing they
  // may not see is 404 for them, as everywhere else.
  'POST /api/items/{id}/report': [
    {
      outcomes: [401, 201, 400, 201, 201],
      prepare: async ({ owner }) => ({
        url: `/api/items/${(await item(owner)).id}/report`,
        payload: { reason: 'Looks fake' },
      }),
    },
    {
      name: 'a listing hidden by moderation',
      outcomes: [401, 404, 400, 404, 201],
      prepare: async ({ owner }) => ({
        url: `/api/items/${(await heldItem(owner)).id}/report`,
        payload: { reason: 'Looks fake' },
      }),
    },
    {
      name: 'a listing in its early-access hour',
      outcomes: [401, 404, 400, 201, 201],
      prepare: async ({ owner }) => ({
        url: `/api/items/${(await newItem(owner)).id}/report`,
        payload: { reason: 'Looks fake' },
      }),
    },
  ],
  'GET /api/users/{id}': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async ({ owner }) => {
        await t.db
          .update(users)
          .set({ subscriptionStatus: 'active', stripeCustomerId: 'cus_hidden', referralCode: 'HIDDEN' })
          .where(eq(users.id, owner.user.id));
        return {
          url: `/api/users/${owner.user.id}`,
          after: async (answer, allowed) => {
            if (!allowed) return;
            expect(answer.json<{ id: number }>().id).toBe(owner.user.id);
            for (const field of PRIVATE_USER_FIELDS) expect(answer.json(), field).not.toHaveProperty(field);
            expect(answer.body).not.toContain(owner.user.email);
          },
        };
      },
    },
  ],
  // Anyone signed in reports a parent, except themselves (400).
  'POST /api/users/report': [
    {
      outcomes: [401, 201, 400, 201, 201],
      prepare: async ({ owner }) => ({
        url: '/api/users/report',
        payload: { userId: owner.user.id, reason: 'Rude messages' },
      }),
    },
  ],

  // ---------------------------------------------------------------------------------- items
  'GET /api/items': [
    {
      // Early access (PRODUCT §1): for its first hour a new listing reaches Premium parents and its
      // owner only. An administrator browses as a free parent does (the page is the free one).
      name: 'a listing in its early-access hour',
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const word = uniqueWord();
        const listed = await send(call.owner, 'POST', '/api/items', {
          ...listing({ title: `Kite ${word}` }),
          imageUrls: [await makeUpload(t.db, call.owner.user)],
        });
        expect(listed.statusCode, listed.body).toBe(201);
        const id = listed.json<CardBody>().id;
        return {
          url: `/api/items?search=${word}`,
          after: async (answer, allowed) => {
            if (!allowed) return;
            const seen = ids(answer.json()).includes(id);
            expect(seen, 'the early-access listing in the results').toBe(
              ['owner', 'premium'].includes(call.role),
            );
          },
        };
      },
    },
    {
      name: 'the Premium filter brand',
      outcomes: [401, 403, 403, 200, 403],
      prepare: async () => ({ url: '/api/items?brand=Brio' }),
    },
    {
      name: 'the Premium filter size',
      outcomes: [401, 403, 403, 200, 403],
      prepare: async () => ({ url: '/api/items?size=Small' }),
    },
  ],
  'POST /api/items': [
    {
      // The owner of a new listing is the caller, whatever userId the body names (PRODUCT §7 sends one).
      name: 'giving away',
      outcomes: [401, 201, 201, 201, 201],
      prepare: async ({ caller, scene }) => ({
        url: '/api/items',
        payload: {
          ...listing(),
          userId: scene.owner.user.id,
          imageUrls: [await makeUpload(t.db, (caller ?? scene.owner).user)],
        },
        after: async (answer, allowed) => {
          if (allowed) expect(answer.json<CardBody>().userId).toBe(caller?.user.id);
        },
      }),
    },
    {
      name: 'selling is Premium',
      outcomes: [401, 403, 403, 201, 403],
      prepare: async ({ caller, scene }) => ({
        url: '/api/items',
        payload: {
          ...listing({ exchangeType: 'sell', price: '5.00' }),
          imageUrls: [await makeUpload(t.db, (caller ?? scene.owner).user)],
        },
      }),
    },
    {
      name: 'more than 3 photos is Premium',
      outcomes: [401, 400, 400, 201, 400],
      prepare: async ({ caller, scene }) => ({
        url: '/api/items',
        payload: { ...listing(), imageUrls: await makeUploads(t.db, (caller ?? scene.owner).user, 4) },
      }),
    },
    {
      // A photo is usable only by the parent who uploaded it.
      name: "someone else's photo",
      outcomes: [401, 400, 201, 400, 400],
      prepare: async ({ owner }) => ({
        url: '/api/items',
        payload: { ...listing(), imageUrls: [await makeUpload(t.db, owner.user)] },
      }),
    },
  ],
  'GET /api/items/featured': [
    { outcomes: [401, 200, 200, 200, 200], prepare: async () => ({ url: '/api/items/featured' }) },
  ],
  'GET /api/items/{id}': [
    {
      // The exact spot (often the family's home) reaches only the owner and administrators;
      // everyone else gets the centre of its ~1 km grid cell (docs/OPERATIONS.md).
      name: 'listed',
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const placed = await item(call.owner, { latitude: '30.26712345', longitude: '-97.74312345' });
        return {
          url: `/api/items/${placed.id}`,
          after: async (answer, allowed) => {
            if (!allowed) return;
            const exact = answer.json<{ latitude: number }>().latitude === 30.26712345;
            expect(exact, 'the exact position shown').toBe(['owner', 'admin'].includes(call.role));
          },
        };
      },
    },
    {
      name: 'in its early-access hour',
      // A free parent is told it is in early access (403 with Retry-After), not shown it.
      outcomes: [401, 403, 200, 200, 200],
      prepare: async ({ owner }) => ({
        url: `/api/items/${(await newItem(owner)).id}`,
      }),
    },
    {
      name: 'hidden by moderation',
      outcomes: [401, 404, 200, 404, 200],
      prepare: async ({ owner }) => {
        const hidden = await heldItem(owner);
        return {
          url: `/api/items/${hidden.id}`,
          after: async (answer, allowed) => {
            if (!allowed) expect(answer.body).not.toContain(hidden.title);
          },
        };
      },
    },
  ],
  // The owner and administrators edit a listing; a userId in the body moves it to no one.
  'PATCH /api/items/{id}': [
    {
      name: 'the title',
      outcomes: [401, 403, 200, 403, 200],
      prepare: async ({ owner, caller }) => {
        const edited = await item(owner);
        const title = `Edited ${uniqueWord()}`;
        return {
          url: `/api/items/${edited.id}`,
          payload: { title, userId: caller?.user.id },
          after: async (_answer, allowed) => {
            const after = await read<CardBody>(owner, `/api/items/${edited.id}`);
            expect(after.title === title, 'the title changed').toBe(allowed);
            expect(after.userId).toBe(owner.user.id);
          },
        };
      },
    },
    {
      // Moderation, priority and counters are no one's to set through the listing form.
      name: 'moderation and counter fields in the body',
      outcomes: [401, 403, 200, 403, 200],
      prepare: async ({ owner, scene }) => {
        const held = await heldItem(owner);
        return {
          url: `/api/items/${held.id}`,
          payload: {
            title: 'Still held',
            isHidden: false,
            flaggedForReview: false,
            moderatorReviewed: true,
            isPriority: true,
            isFeatured: true,
            viewCount: 9999,
            earlyAccessUntil: null,
          },
          after: async () => {
            expect(await itemStatus(scene.other, held.id), 'the held listing shown to others').toBe(404);
            const after = await read<{ viewCount: number }>(owner, `/api/items/${held.id}`);
            expect(after.viewCount).toBeLessThan(9999);
          },
        };
      },
    },
    {
      // Selling needs the owner's Premium, also when an administrator edits.
      name: 'to selling, on a Premium parent’s own listing',
      premiumOwns: true,
      outcomes: [401, 403, 403, 200, 403],
      prepare: async ({ owner }) => {
        const edited = await item(owner);
        return {
          url: `/api/items/${edited.id}`,
          payload: { exchangeType: 'sell', price: '5.00' },
          after: async (_answer, allowed) => {
            const after = await read<CardBody>(owner, `/api/items/${edited.id}`);
            expect(after.exchangeType).toBe(allowed ? 'sell' : 'free');
          },
        };
      },
    },
  ],
  'DELETE /api/items/{id}': [
    {
      outcomes: [401, 403, 200, 403, 200],
      prepare: async ({ owner }) => {
        const doomed = await item(owner);
        return {
          url: `/api/items/${doomed.id}`,
          after: async (_answer, allowed) => {
            expect(await itemStatus(owner, doomed.id)).toBe(allowed ? 404 : 200);
          },
        };
      },
    },
  ],
  // Everyone sees a parent's listings; the hidden ones only the owner and administrators.
  'GET /api/users/{id}/items': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const shown = await item(call.owner);
        const hidden = await heldItem(call.owner);
        return {
          url: `/api/users/${call.owner.user.id}/items`,
          after: async (answer, allowed) => {
            if (!allowed) return;
            const listed = ids(answer.json());
            expect(listed).toContain(shown.id);
            expect(listed.includes(hidden.id), 'the hidden listing').toBe(
              ['owner', 'admin'].includes(call.role),
            );
          },
        };
      },
    },
  ],
  'POST /api/bulk-listings': [
    {
      outcomes: [401, 403, 403, 201, 403],
      prepare: async () => ({
        url: '/api/bulk-listings',
        payload: {
          baseTitle: 'Books',
          description: 'Picture books',
          category: 'books',
          condition: 'good',
          items: [{ title: 'One' }, { title: 'Two' }],
        },
      }),
    },
  ],

  // ------------------------------------------------------------------------------ favourites
  // Favourites are each parent's own: a call answers about the caller's, never the owner's.
  'GET /api/favorites/with-items': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const liked = await favouriteOf(call.owner);
        return {
          url: '/api/favorites/with-items',
          after: async (answer, allowed) => {
            if (!allowed) return;
            const listed = answer.json<{ itemId: number }[]>().map((entry) => entry.itemId);
            expect(listed.includes(liked), "the owner's favourite").toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'GET /api/favorites/ids': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const liked = await favouriteOf(call.owner);
        return {
          url: '/api/favorites/ids',
          after: async (answer, allowed) => {
            if (!allowed) return;
            expect(answer.json<{ itemIds: number[] }>().itemIds.includes(liked)).toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'GET /api/favorites/{itemId}': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const liked = await favouriteOf(call.owner);
        return {
          url: `/api/favorites/${liked}`,
          after: async (answer, allowed) => {
            if (allowed) expect(answer.json()).toEqual({ isFavorited: isOwner(call) });
          },
        };
      },
    },
  ],
  // Removing takes only the caller's own favourite: 404 for anyone who has none.
  'DELETE /api/favorites/{itemId}': [
    {
      outcomes: [401, 404, 200, 404, 404],
      prepare: async ({ owner }) => {
        const liked = await favouriteOf(owner);
        return {
          url: `/api/favorites/${liked}`,
          after: async (_answer, allowed) => {
            expect(await read(owner, `/api/favorites/${liked}`)).toEqual({ isFavorited: !allowed });
          },
        };
      },
    },
  ],
  // Anyone signed in favourites a listing, except its owner (400); one they may not see is 404.
  'POST /api/favorites': [
    {
      outcomes: [401, 201, 400, 201, 201],
      prepare: async ({ owner }) => ({ url: '/api/favorites', payload: { itemId: (await item(owner)).id } }),
    },
    {
      name: 'a listing hidden by moderation',
      outcomes: [401, 404, 400, 404, 201],
      prepare: async ({ owner }) => ({
        url: '/api/favorites',
        payload: { itemId: (await heldItem(owner)).id },
      }),
    },
    {
      name: 'a listing in its early-access hour',
      outcomes: [401, 404, 400, 201, 201],
      prepare: async ({ owner }) => ({
        url: '/api/favorites',
        payload: { itemId: (await newItem(owner)).id },
      }),
    },
  ],

  // ---------------------------------------------------------- Wanted posts, saved searches
  'GET /api/wishlists': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const post = await wantedPostOf(call.owner);
        return {
          url: '/api/wishlists',
          after: async (answer, allowed) => {
            if (allowed) expect(ids(answer.json()).includes(post.id)).toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'POST /api/wishlists': [
    {
      outcomes: [401, 201, 201, 201, 201],
      prepare: async () => ({ url: '/api/wishlists', payload: { title: 'Balance bike' } }),
    },
  ],
  'PATCH /api/wishlists/{id}': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const post = await wantedPostOf(owner);
        const title = `Edited ${uniqueWord()}`;
        return {
          url: `/api/wishlists/${post.id}`,
          payload: { title },
          after: async (_answer, allowed) => {
            const mine = await read<{ id: number; title: string }[]>(owner, '/api/wishlists');
            expect(mine.find((entry) => entry.id === post.id)?.title).toBe(allowed ? title : post.title);
          },
        };
      },
    },
  ],
  'DELETE /api/wishlists/{id}': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const post = await wantedPostOf(owner);
        return {
          url: `/api/wishlists/${post.id}`,
          after: async (_answer, allowed) => {
            expect(ids(await read(owner, '/api/wishlists')).includes(post.id)).toBe(!allowed);
          },
        };
      },
    },
  ],
  'GET /api/saved-searches': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const search = await savedSearchOf(call.owner);
        return {
          url: '/api/saved-searches',
          after: async (answer, allowed) => {
            if (allowed) expect(ids(answer.json()).includes(search.id)).toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'POST /api/saved-searches': [
    {
      outcomes: [401, 403, 403, 201, 403],
      prepare: async () => ({ url: '/api/saved-searches', payload: { name: 'Bikes', searchTerm: 'bike' } }),
    },
  ],
  // Changing a saved search needs Premium and ownership.
  'PATCH /api/saved-searches/{id}': [
    {
      premiumOwns: true,
      outcomes: [401, 403, 403, 200, 403],
      prepare: async ({ owner }) => {
        const search = await savedSearchOf(owner);
        const name = `Renamed ${uniqueWord()}`;
        return {
          url: `/api/saved-searches/${search.id}`,
          payload: { name },
          after: async (_answer, allowed) => {
            const mine = await read<{ id: number; name: string }[]>(owner, '/api/saved-searches');
            expect(mine.find((entry) => entry.id === search.id)?.name).toBe(allowed ? name : search.name);
          },
        };
      },
    },
  ],
  // Deleting one's own saved search needs no Premium: a parent whose Premium ended can tidy up.
  'DELETE /api/saved-searches/{id}': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const search = await savedSearchOf(owner);
        return {
          url: `/api/saved-searches/${search.id}`,
          after: async (_answer, allowed) => {
            expect(ids(await read(owner, '/api/saved-searches')).includes(search.id)).toBe(!allowed);
          },
        };
      },
    },
  ],

  // --------------------------------------------------------------------------- notifications
  'GET /api/notifications': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const notice = await notificationFor(call.owner);
        return {
          url: '/api/notifications',
          after: async (answer, allowed) => {
            if (!allowed) return;
            const listed = ids(answer.json<{ notifications: { id: number }[] }>().notifications);
            expect(listed.includes(notice.id)).toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'POST /api/notifications/mark-all-read': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const notice = await notificationFor(call.owner);
        return {
          url: '/api/notifications/mark-all-read',
          after: async () => {
            expect(await isRead(call.owner, notice.id), "the owner's notification read").toBe(isOwner(call));
          },
        };
      },
    },
  ],
  // A notification is its parent's: 404 for anyone else.
  'POST /api/notifications/{id}/read': [
    {
      outcomes: [401, 404, 200, 404, 404],
      prepare: async ({ owner }) => {
        const notice = await notificationFor(owner);
        return {
          url: `/api/notifications/${notice.id}/read`,
          after: async (_answer, allowed) => {
            expect(await isRead(owner, notice.id)).toBe(allowed);
          },
        };
      },
    },
  ],

  // ------------------------------------------------------------------------------- analytics
  // Premium analytics (PRODUCT §1) of one's own listing; administrators see any listing's.
  'GET /api/items/{id}/analytics': [
    {
      premiumOwns: true,
      outcomes: [401, 403, 403, 200, 200],
      prepare: async ({ owner }) => ({ url: `/api/items/${(await item(owner)).id}/analytics` }),
    },
  ],
  'GET /api/analytics': [
    { outcomes: [401, 403, 403, 200, 403], prepare: async () => ({ url: '/api/analytics' }) },
  ],

  // ------------------------------------------------------------------------ places, uploads
  'GET /api/geocode': [
    { outcomes: [401, 200, 200, 200, 200], prepare: async () => ({ url: '/api/geocode?q=Austin' }) },
  ],
  // One's own profile place; nobody else's can be asked for.
  'GET /api/places/mine': [
    { outcomes: [401, 200, 200, 200, 200], prepare: async () => ({ url: '/api/places/mine' }) },
  ],
  'GET /api/places/nearest': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async () => ({ url: '/api/places/nearest?lat=40.67&lng=-73.98' }),
    },
  ],
  // Public: the safety guide, a visitor page (PRODUCT §2), lists these meeting places.
  'GET /api/safe-locations': [
    { outcomes: [200, 200, 200, 200, 200], prepare: async () => ({ url: '/api/safe-locations' }) },
  ],
  'POST /api/upload': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async () => ({ url: '/api/upload', ...(await multipartPhoto('images')) }),
    },
  ],
  'POST /api/upload/profile': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        await t.db.update(users).set({ profileImageUrl: null }).where(eq(users.id, call.owner.user.id));
        return {
          url: '/api/upload/profile',
          ...(await multipartPhoto('profileImage')),
          after: async (answer, allowed) => {
            if (allowed) expect(answer.json<{ user: Me }>().user.id).toBe(call.caller?.user.id);
            const owners = await read<{ profileImageUrl: string | null }>(call.owner, '/api/user');
            expect(owners.profileImageUrl !== null, "the owner's photo set").toBe(isOwner(call));
          },
        };
      },
    },
  ],

  // ---------------------------------------------------------------------------------- admin
  // Administrators only: visitors 401, parents 403 (the owner is the parent the action is about).
  'GET /api/admin/stats': [
    { outcomes: [401, 403, 403, 403, 200], prepare: async () => ({ url: '/api/admin/stats' }) },
  ],
  'GET /api/admin/users': [
    { outcomes: [401, 403, 403, 403, 200], prepare: async () => ({ url: '/api/admin/users' }) },
  ],
  'PUT /api/admin/users/{id}/premium': [
    {
      outcomes: [401, 403, 403, 403, 200],
      prepare: async ({ owner }) => ({
        url: `/api/admin/users/${owner.user.id}/premium`,
        payload: { isPremium: true },
        after: async (_answer, allowed) => {
          expect((await read<Me>(owner, '/api/user')).isPremium).toBe(allowed);
        },
      }),
    },
    {
      // PRODUCT §6: Make Premium / Make Free is not offered for administrators, to anyone.
      name: 'an administrator',
      outcomes: [401, 403, 403, 403, 403],
      prepare: async ({ scene }) => {
        const target = await makeUser(t.db, { isAdmin: true });
        return {
          url: `/api/admin/users/${target.id}/premium`,
          payload: { isPremium: true },
          after: async () => {
            expect((await read<Me>(scene.admin, `/api/users/${target.id}`)).isPremium).toBe(false);
          },
        };
      },
    },
  ],
  'DELETE /api/admin/users/{id}': [
    {
      outcomes: [401, 403, 403, 403, 204],
      prepare: async ({ owner }) => ({
        url: `/api/admin/users/${owner.user.id}`,
        after: async (_answer, allowed) => {
          expect((await send(owner, 'GET', '/api/user')).statusCode).toBe(allowed ? 401 : 200);
        },
      }),
    },
    {
      // PRODUCT §6: Delete is not offered for administrators, to anyone.
      name: 'an administrator',
      outcomes: [401, 403, 403, 403, 403],
      prepare: async ({ scene }) => {
        const target = await makeUser(t.db, { isAdmin: true });
        return {
          url: `/api/admin/users/${target.id}`,
          after: async () => {
            expect((await send(scene.admin, 'GET', `/api/users/${target.id}`)).statusCode).toBe(200);
          },
        };
      },
    },
  ],
  'GET /api/admin/reports': [
    { outcomes: [401, 403, 403, 403, 200], prepare: async () => ({ url: '/api/admin/reports' }) },
  ],
  'PUT /api/admin/reports/{id}': [
    {
      outcomes: [401, 403, 403, 403, 200],
      prepare: async ({ owner, scene }) => {
        const report = await reportAbout(owner);
        return {
          url: `/api/admin/reports/${report.id}`,
          payload: { status: 'dismissed' },
          after: async (_answer, allowed) => {
            const listed = await read<{ id: number; status: string }[]>(scene.admin, '/api/admin/reports');
            expect(listed.find((entry) => entry.id === report.id)?.status).toBe(
              allowed ? 'dismissed' : 'pending',
            );
          },
        };
      },
    },
  ],
  'DELETE /api/admin/reports/{id}': [
    {
      outcomes: [401, 403, 403, 403, 204],
      prepare: async ({ owner, scene }) => {
        const report = await reportAbout(owner);
        return {
          url: `/api/admin/reports/${report.id}`,
          after: async (_answer, allowed) => {
            expect(ids(await read(scene.admin, '/api/admin/reports')).includes(report.id)).toBe(!allowed);
          },
        };
      },
    },
  ],
  'GET /api/admin/moderation': [
    { outcomes: [401, 403, 403, 403, 200], prepare: async () => ({ url: '/api/admin/moderation' }) },
  ],
  // The owner of a hidden listing cannot approve it themselves.
  'PUT /api/admin/items/{id}/moderation': [
    {
      outcomes: [401, 403, 403, 403, 200],
      prepare: async ({ owner, scene }) => {
        const held = await heldItem(owner);
        return {
          url: `/api/admin/items/${held.id}/moderation`,
          payload: { decision: 'approve' },
          after: async (_answer, allowed) => {
            expect(await itemStatus(scene.other, held.id), 'the listing shown to others').toBe(
              allowed ? 200 : 404,
            );
          },
        };
      },
    },
  ],
  'DELETE /api/admin/items/{id}': [
    {
      outcomes: [401, 403, 403, 403, 204],
      prepare: async ({ owner }) => {
        const doomed = await item(owner);
        return {
          url: `/api/admin/items/${doomed.id}`,
          after: async (_answer, allowed) => {
            expect(await itemStatus(owner, doomed.id)).toBe(allowed ? 404 : 200);
          },
        };
      },
    },
  ],
  'GET /api/admin/audit-log': [
    { outcomes: [401, 403, 403, 403, 200], prepare: async () => ({ url: '/api/admin/audit-log' }) },
  ],

  // -------------------------------------------------------------------------- conversations
  // Anyone signed in writes to a listing's owner, except the owner themselves (400); about a
  // listing they may not see, 404.
  'POST /api/conversations': [
    {
      outcomes: [401, 201, 400, 201, 201],
      prepare: async ({ owner }) => ({
        url: '/api/conversations',
        payload: { itemId: (await item(owner)).id, sellerId: owner.user.id },
      }),
    },
    {
      name: 'a listing hidden by moderation',
      outcomes: [401, 404, 400, 404, 201],
      prepare: async ({ owner }) => ({
        url: '/api/conversations',
        payload: { itemId: (await heldItem(owner)).id, sellerId: owner.user.id },
      }),
    },
    {
      name: 'a listing in its early-access hour',
      outcomes: [401, 404, 400, 201, 201],
      prepare: async ({ owner }) => ({
        url: '/api/conversations',
        payload: { itemId: (await newItem(owner)).id, sellerId: owner.user.id },
      }),
    },
  ],
  'GET /api/conversations': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const { conversation, content } = await conversationWithOwner(call.owner);
        return {
          url: '/api/conversations',
          after: async (answer, allowed) => {
            if (!allowed) return;
            expect(ids(answer.json()).includes(conversation.id)).toBe(isOwner(call));
            expect(answer.body.includes(content)).toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'GET /api/conversations/unread-count': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        await conversationWithOwner(call.owner);
        return {
          url: '/api/conversations/unread-count',
          after: async (answer, allowed) => {
            if (allowed) expect(answer.json<{ count: number }>().count > 0).toBe(isOwner(call));
          },
        };
      },
    },
  ],
  'POST /api/conversations/mark-all-read': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        await conversationWithOwner(call.owner);
        return {
          url: '/api/conversations/mark-all-read',
          after: async () => {
            const { count } = await read<{ count: number }>(call.owner, '/api/conversations/unread-count');
            expect(count === 0, "the owner's messages read").toBe(isOwner(call));
          },
        };
      },
    },
  ],
  // Only the two people in a conversation read or change it; administrators too are refused.
  'GET /api/conversations/{id}': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const { conversation, content } = await conversationWithOwner(owner);
        return {
          url: `/api/conversations/${conversation.id}`,
          after: async (answer, allowed) => {
            expect(answer.body.includes(content)).toBe(allowed);
            const listed = await read<{ id: number; unreadCount: number }[]>(owner, '/api/conversations');
            const entry = listed.find((candidate) => candidate.id === conversation.id);
            expect(entry?.unreadCount, "the owner's unread message").toBe(allowed ? 0 : 1);
          },
        };
      },
    },
  ],
  'DELETE /api/conversations/{id}': [
    {
      outcomes: [401, 403, 200, 403, 403],
      prepare: async ({ owner }) => {
        const { conversation } = await conversationWithOwner(owner);
        return {
          url: `/api/conversations/${conversation.id}`,
          after: async (_answer, allowed) => {
            expect(ids(await read(owner, '/api/conversations')).includes(conversation.id)).toBe(!allowed);
          },
        };
      },
    },
  ],
  'POST /api/conversations/{id}/messages': [
    {
      outcomes: [401, 403, 201, 403, 403],
      prepare: async ({ owner }) => {
        const { conversation } = await conversationWithOwner(owner);
        return {
          url: `/api/conversations/${conversation.id}/messages`,
          payload: { content: 'Yes, come by at five' },
          after: async (_answer, allowed) => {
            const thread = await read<{ messages: unknown[] }>(
              owner,
              `/api/conversations/${conversation.id}`,
            );
            expect(thread.messages).toHaveLength(allowed ? 2 : 1);
          },
        };
      },
    },
  ],
  // Each parent's own live events; the stream carries nobody else's.
  'GET /api/events': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async () => ({
        url: '/api/events',
        stream: true,
        after: async (answer, allowed) => {
          if (allowed) expect(answer.headers['content-type']).toContain('text/event-stream');
        },
      }),
    },
  ],

  // --------------------------------------------------------------------------------- blocks
  // Anyone signed in blocks another parent, never themselves (400).
  'POST /api/users/{id}/block': [
    {
      outcomes: [401, 201, 400, 201, 201],
      prepare: async ({ owner }) => ({ url: `/api/users/${owner.user.id}/block` }),
    },
  ],
  // Each parent lifts only their own block: the owner's block of someone stays after others' calls.
  'DELETE /api/users/{id}/block': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const blocked = await blockedBy(call.owner);
        return {
          url: `/api/users/${blocked.id}/block`,
          after: async () => {
            expect(ids(await read(call.owner, '/api/blocks')).includes(blocked.id)).toBe(!isOwner(call));
          },
        };
      },
    },
  ],
  'GET /api/blocks': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => {
        const blocked = await blockedBy(call.owner);
        return {
          url: '/api/blocks',
          after: async (answer, allowed) => {
            if (allowed) expect(ids(answer.json()).includes(blocked.id)).toBe(isOwner(call));
          },
        };
      },
    },
  ],

  // -------------------------------------------------------------------------------- billing
  'GET /api/billing': [
    {
      outcomes: [401, 200, 200, 200, 200],
      prepare: async (call) => ({
        url: '/api/billing',
        after: async (answer, allowed) => {
          if (allowed) expect(answer.json<{ isPremium: boolean }>().isPremium).toBe(call.role === 'premium');
        },
      }),
    },
  ],
  'POST /api/billing/checkout': [
    { outcomes: [401, 200, 200, 200, 200], prepare: async () => ({ url: '/api/billing/checkout' }) },
  ],
  // The portal manages the caller's own card subscription: 409 for a parent who has none.
  'POST /api/billing/portal': [
    {
      outcomes: [401, 409, 200, 409, 409],
      prepare: async ({ owner }) => {
        const customer = `cus_${uniqueWord()}`;
        await t.db.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, owner.user.id));
        return {
          url: '/api/billing/portal',
          after: async (_answer, allowed) => {
            expect(portalCustomers.includes(customer), "a portal opened on the owner's customer").toBe(
              allowed,
            );
          },
        };
      },
    },
  ],
  // Public: Stripe calls it; its signature, not a session, is the credential, so a forged
  // event is refused whoever sends it.
  'POST /api/billing/webhook': [
    {
      outcomes: [400, 400, 400, 400, 400],
      prepare: async ({ owner }) => {
        const body = JSON.stringify({
          id: `evt_${uniqueWord()}`,
          object: 'event',
          type: 'customer.subscription.updated',
          created: Math.floor(now().getTime() / 1000),
          data: {
            object: { id: 'sub_forged', customer: 'cus_forged', metadata: { userId: String(owner.user.id) } },
          },
        });
        const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_forged' });
        return {
          url: '/api/billing/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          after: async () => {
            expect((await read<Me>(owner, '/api/user')).isPremium).toBe(false);
          },
        };
      },
    },
  ],
};

async function favouriteOf(owner: TestSession): Promise<number> {
  const liked = await item(await makeUser(t.db));
  const answer = await send(owner, 'POST', '/api/favorites', { itemId: liked.id });
  expect(answer.statusCode, answer.body).toBe(201);
  return liked.id;
}

async function wantedPostOf(owner: TestSession) {
  const [post] = await t.db
    .insert(wishlists)
    .values({ userId: owner.user.id, title: `Wanted ${uniqueWord()}` })
    .returning();
  if (!post) throw new Error('no Wanted post');
  return post;
}

async function savedSearchOf(owner: TestSession) {
  const [search] = await t.db
    .insert(savedSearches)
    .values({ userId: owner.user.id, name: `Search ${uniqueWord()}`, searchTerm: 'bike' })
    .returning();
  if (!search) throw new Error('no saved search');
  return search;
}

async function isRead(owner: TestSession, notificationId: number): Promise<boolean> {
  const { notifications: listed } = await read<{ notifications: { id: number; readAt: string | null }[] }>(
    owner,
    '/api/notifications',
  );
  return listed.find((entry) => entry.id === notificationId)?.readAt != null;
}

async function blockedBy(owner: TestSession): Promise<UserRow> {
  const blocked = await makeUser(t.db);
  const answer = await send(owner, 'POST', `/api/users/${blocked.id}/block`);
  expect(answer.statusCode, answer.body).toBe(201);
  return blocked;
}

// --------------------------------------------------------------------------------- the run

async function documentedRoutes(): Promise<string[]> {
  const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`),
  );
}

/** Sends the prepared request as the caller; a stream's answer is its status and headers. */
async function deliver(method: string, prepared: Prepared, caller: TestSession | null): Promise<Answer> {
  return t.app.inject({
    method: method as 'GET',
    url: prepared.url,
    ...(prepared.payload === undefined ? {} : { payload: prepared.payload }),
    headers: { ...(caller ? { cookie: caller.cookie } : {}), ...prepared.headers },
    ...(prepared.stream ? { payloadAsStream: true } : {}),
  });
}

/** Every call of one case; returns what went wrong, each line naming the route, case and role. */
async function runCase(route: string, entry: Case): Promise<string[]> {
  const [method = '', path = ''] = route.split(' ');
  const label = entry.name ? `${route} (${entry.name})` : route;
  const failures: string[] = [];
  let scene = await newScene();
  for (const role of CALL_ORDER) {
    if (entry.isolate && role !== CALL_ORDER[0]) scene = await newScene();
    const caller = role === 'visitor' ? null : scene[role];
    const owner = entry.premiumOwns && role === 'premium' ? scene.premium : scene.owner;
    const prepared = await entry.prepare({ role, caller, owner, scene });
    expect(pathMatches(path, prepared.url), `${label} calls ${prepared.url}`).toBe(true);
    const answer = await deliver(method, prepared, caller);
    const expected = entry.outcomes[COLUMNS.indexOf(role)];
    if (answer.statusCode !== expected) {
      const body = prepared.stream ? '' : answer.body.slice(0, 200);
      failures.push(`${label} as ${role}: expected ${expected}, got ${answer.statusCode} ${body}`);
    }
    try {
      await prepared.after?.(answer, answer.statusCode >= 200 && answer.statusCode < 300);
    } catch (error) {
      failures.push(`${label} as ${role}, read afterwards: ${(error as Error).message}`);
    }
  }
  return failures;
}

/** Whether a concrete URL is one of the path template's (so a row calls its own route). */
function pathMatches(template: string, url: string): boolean {
  const pattern = template.replace(/\{[^}]+\}/g, '[^/?]+');
  return new RegExp(`^${pattern}/?(\\?.*)?$`).test(url);
}

describe('authorisation matrix', () => {
  it('documents the session cookie on exactly the calls a visitor gets 401 from, and 503 on every call', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
    }>();
    const mismatches: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`;
        const visitorRefused = (MATRIX[route] ?? []).some((entry) => entry.outcomes[0] === 401);
        const documented = (operation.security ?? []).length > 0;
        if (visitorRefused !== documented)
          mismatches.push(
            `${route}: visitors ${visitorRefused ? 'get 401' : 'may call'}, security ${documented}`,
          );
        if (!operation.responses?.['503']) mismatches.push(`${route}: no 503`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(Object.keys(document.paths['/api/events']?.get?.responses?.['200'] ?? {})).toContain('content');
    const raw = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const itemParameters = raw.paths['/api/items/{id}']?.get?.parameters as {
      name: string;
      schema: unknown;
    }[];
    expect(itemParameters.find((parameter) => parameter.name === 'id')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
    });
    expect(JSON.stringify(raw.paths['/api/login']?.post?.requestBody)).toContain('"format":"email"');
  });

  it('has a row for every route of the OpenAPI description, and none for a route it lacks', async () => {
    const documented = await documentedRoutes();
    const rows = Object.keys(MATRIX);
    expect(
      documented.filter((route) => !rows.includes(route)),
      'routes in the OpenAPI description without a row in MATRIX (authorization-matrix.test.ts)',
    ).toEqual([]);
    expect(
      rows.filter((route) => !documented.includes(route)),
      'rows of MATRIX for routes the OpenAPI description no longer has',
    ).toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    it(route, async () => {
      const failures: string[] = [];
      for (const entry of cases) failures.push(...(await runCase(route, entry)));
      expect(failures).toEqual([]);
    });
  }
});
