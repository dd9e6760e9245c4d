import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { items, users } from '../../db/schema.js';
import {
  as,
  asVisitor,
  makeItem,
  makeSignedInUser,
  makeUser,
  signIn,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/factories.js';
import { SUBSCRIPTION_NOT_CANCELLED } from '../users/account-deletion.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import type { StripeApi, StripeSubscription } from './billing.stripe.js';

const WEBHOOK_SECRET = 'whsec_test_littleloop_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_littleloop',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ID: 'price_premium_monthly',
};
const DAY = 24 * 60 * 60;

/** Stripe, played by an object: customers, sessions and the subscriptions' current state. */
function makeFakeStripe() {
  const subscriptions = new Map<string, StripeSubscription>();
  const calls = {
    customers: [] as unknown[],
    checkout: [] as Stripe.Checkout.SessionCreateParams[],
    portal: [] as unknown[],
    cancelled: [] as string[],
  };
  let failCancel = false;
  let customerCount = 0;
  const api: StripeApi = {
    customers: {
      create: async (params) => {
        calls.customers.push(params);
        customerCount += 1;
        return { id: `cus_${customerCount}` };
      },
    },
    checkout: {
      sessions: {
        create: async (params) => {
          calls.checkout.push(params);
          return { url: `https://checkout.stripe.test/c/${calls.checkout.length}` };
        },
      },
    },
    billingPortal: {
      sessions: {
        create: async (params) => {
          calls.portal.push(params);
          return { url: 'https://billing.stripe.test/p/session' };
        },
      },
    },
    subscriptions: {
      retrieve: async (id) => {
        const subscription = subscriptions.get(id);
        if (!subscription) throw new Error(`No such subscription: ${id}`);
        return structuredClone(subscription);
      },
      cancel: async (id) => {
        const subscription = subscriptions.get(id);
        if (!subscription || failCancel) throw new Error(`Cannot cancel ${id}`);
        calls.cancelled.push(id);
        subscriptions.set(id, { ...subscription, status: 'canceled' });
        return { id, status: 'canceled' };
      },
    },
  };
  return {
    api,
    subscriptions,
    calls,
    failCancelling: (fail: boolean) => {
      failCancel = fail;
    },
  };
}

function subscription(
  id: string,
  customer: string,
  userId: number,
  fields: Partial<Pick<StripeSubscription, 'status' | 'cancel_at_period_end' | 'ended_at'>> & {
    start: number;
    end: number;
  },
): StripeSubscription {
  return {
    id,
    customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancel_at_period_end ?? false,
    ended_at: fields.ended_at ?? null,
    metadata: { userId: String(userId) },
    items: { data: [{ current_period_start: fields.start, current_period_end: fields.end }] },
  };
}

let t: TestApp;
let stripe: ReturnType<typeof makeFakeStripe>;
let eventCount = 0;

beforeAll(async () => {
  stripe = makeFakeStripe();
  t = await makeTestApp(STRIPE_ENV, { stripe: stripe.api });
});
afterAll(async () => t.close());
beforeEach(() => {
  stripe.subscriptions.clear();
});

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

function event(type: string, object: Record<string, unknown>, id = `evt_${++eventCount}`) {
  return { id, object: 'event', type, api_version: '2026-10-28', created: nowSeconds(), data: { object } };
}

async function deliver(payload: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

async function readUser(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user vanished');
  return row;
}

async function billing(parent: TestSession) {
  const response = await as(parent).get('/api/billing');
  expect(response.statusCode).toBe(200);
  return response.json<{
    isPremium: boolean;
    source: string;
    renews: boolean;
    periodEndsAt: string | null;
  }>();
}

/** A parent with a Stripe customer, a subscription in Stripe and the checkout event delivered. */
async function subscribedParent(start = nowSeconds()) {
  const session = await makeSignedInUser(t);
  const customer = `cus_for_${session.user.id}`;
  await t.db.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, session.user.id));
  const id = `sub_${session.user.id}`;
  stripe.subscriptions.set(id, subscription(id, customer, session.user.id, { start, end: start + 30 * DAY }));
  const response = await deliver(
    event('checkout.session.completed', {
      id: `cs_${session.user.id}`,
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      subscription: id,
      client_reference_id: String(session.user.id),
    }),
  );
  expect(response.json()).toMatchObject({ outcome: 'applied' });
  return { ...session, customer, subscriptionId: id, start };
}

describe('POST /api/billing/checkout', () => {
  it('creates the Stripe customer once, keeps it, and answers with a subscription Checkout URL', async () => {
    const parent = await makeSignedInUser(t);
    const first = await as(parent).post('/api/billing/checkout');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ url: 'https://checkout.stripe.test/c/1' });
    const second = await as(parent).post('/api/billing/checkout');
    expect(second.statusCode).toBe(200);

    expect(stripe.calls.customers).toHaveLength(1);
    const stored = await readUser(parent.user.id);
    expect(stored.stripeCustomerId).toBe('cus_1');
    const params = stripe.calls.checkout.at(-1);
    expect(params).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: String(parent.user.id),
      line_items: [{ price: 'price_premium_monthly', quantity: 1 }],
    });
    expect(params?.success_url).toContain('/subscribe');
  });

  it('refuses visitors with 401', async () => {
    const response = await asVisitor(t.app).post('/api/billing/checkout');
    expect(response.statusCode).toBe(401);
  });

  it('refuses a second subscription with 409', async () => {
    const parent = await subscribedParent();
    const response = await as(parent).post('/api/billing/checkout');
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /api/billing/portal', () => {
  it("opens Stripe's customer portal for a card subscriber", async () => {
    const parent = await subscribedParent();
    const response = await as(parent).post('/api/billing/portal');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: 'https://billing.stripe.test/p/session' });
    expect(stripe.calls.portal.at(-1)).toMatchObject({ customer: parent.customer });
  });

  it('answers 409 for a parent without a card subscription', async () => {
    const parent = await makeSignedInUser(t, { isPremium: true });
    const response = await as(parent).post('/api/billing/portal');
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /api/billing/webhook', () => {
  it('activates Premium on checkout and puts the parent’s listings first', async () => {
    const owner = await makeUser(t.db);
    const item = await makeItem(t.db, owner);
    const signedInOwner = await (async () => {
      const customer = `cus_owner_${owner.id}`;
      await t.db.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, owner.id));
      stripe.subscriptions.set(
        'sub_owner',
        subscription('sub_owner', customer, owner.id, { start: nowSeconds(), end: nowSeconds() + 30 * DAY }),
      );
      const response = await deliver(
        event('checkout.session.completed', {
          id: 'cs_owner',
          object: 'checkout.session',
          mode: 'subscription',
          customer,
          subscription: 'sub_owner',
          client_reference_id: String(owner.id),
        }),
      );
      expect(response.statusCode).toBe(200);
      return signIn(t.app, owner);
    })();

    const stored = await readUser(owner.id);
    expect(stored).toMatchObject({ subscriptionStatus: 'active', stripeSubscriptionId: 'sub_owner' });
    expect(stored.subscriptionEndsAt?.getTime()).toBe((nowSeconds() + 30 * DAY) * 1000);
    const status = await billing(signedInOwner);
    expect(status).toMatchObject({ isPremium: true, source: 'card', renews: true });
    const [listed] = await t.db.select().from(items).where(eq(items.id, item.id));
    expect(listed?.isPriority).toBe(true);
  });

  it('moves the end date forward on renewal (invoice.paid)', async () => {
    const parent = await subscribedParent();
    const next = parent.start + 30 * DAY;
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: next,
        end: next + 30 * DAY,
      }),
    );
    const response = await deliver(
      event('invoice.paid', {
        id: 'in_renewal',
        object: 'invoice',
        customer: parent.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: parent.subscriptionId },
        },
      }),
    );
    expect(response.json()).toMatchObject({ outcome: 'applied' });
    const stored = await readUser(parent.user.id);
    expect(stored.subscriptionEndsAt?.getTime()).toBe((next + 30 * DAY) * 1000);
    expect(stored.subscriptionStatus).toBe('active');
  });

  it('keeps Premium until the period ends after a cancellation at period end, then ends it', async () => {
    const parent = await subscribedParent();
    const end = parent.start + 30 * DAY;
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: parent.start,
        end,
        cancel_at_period_end: true,
      }),
    );
    await deliver(
      event('customer.subscription.updated', { id: parent.subscriptionId, object: 'subscription' }),
    );
    expect(await billing(parent)).toMatchObject({ isPremium: true, source: 'card', renews: false });
    expect((await readUser(parent.user.id)).subscriptionCancelAtPeriodEnd).toBe(true);

    // The period is over: Stripe ends the subscription and says so.
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: parent.start,
        end,
        status: 'canceled',
        ended_at: end,
      }),
    );
    t.clock.advance(30 * DAY * 1000 + 1000);
    await deliver(
      event('customer.subscription.deleted', { id: parent.subscriptionId, object: 'subscription' }),
    );
    const stored = await readUser(parent.user.id);
    expect(stored.subscriptionStatus).toBe('canceled');
    // Sessions last 30 days, so the parent signs in again after the month.
    expect(await billing(await signIn(t.app, parent.user))).toMatchObject({
      isPremium: false,
      source: 'none',
    });
  });

  it('ends Premium when a renewal payment fails (invoice.payment_failed)', async () => {
    const parent = await subscribedParent();
    const renewal = parent.start + 30 * DAY;
    t.clock.advance(30 * DAY * 1000 + 60_000);
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: renewal,
        end: renewal + 30 * DAY,
        status: 'past_due',
      }),
    );
    const response = await deliver(
      event('invoice.payment_failed', {
        id: 'in_failed',
        object: 'invoice',
        customer: parent.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: parent.subscriptionId },
        },
      }),
    );
    expect(response.json()).toMatchObject({ outcome: 'applied' });
    const stored = await readUser(parent.user.id);
    expect(stored.subscriptionStatus).toBe('past_due');
    expect(stored.subscriptionEndsAt?.getTime()).toBe(renewal * 1000);
    expect(await billing(await signIn(t.app, parent.user))).toMatchObject({ isPremium: false });
  });

  it('applies a replayed event only once', async () => {
    const parent = await subscribedParent();
    const replay = event('customer.subscription.updated', {
      id: parent.subscriptionId,
      object: 'subscription',
    });
    expect((await deliver(replay)).json()).toMatchObject({ outcome: 'applied' });
    // Between the two deliveries Stripe's state changes; the repeat must not apply it.
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: parent.start,
        end: parent.start + 30 * DAY,
        status: 'canceled',
        ended_at: nowSeconds(),
      }),
    );
    const again = await deliver(replay);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await readUser(parent.user.id)).subscriptionStatus).toBe('active');
  });

  it('reads the subscription again, so an older event arriving late cannot undo a newer state', async () => {
    const parent = await subscribedParent();
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: parent.start,
        end: parent.start + 30 * DAY,
        cancel_at_period_end: true,
      }),
    );
    await deliver(
      event('customer.subscription.updated', {
        id: parent.subscriptionId,
        object: 'subscription',
        cancel_at_period_end: true,
      }),
    );
    // The 'created' event, older, arrives last and claims the subscription renews.
    const late = await deliver(
      event('customer.subscription.created', {
        id: parent.subscriptionId,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
      }),
    );
    expect(late.json()).toMatchObject({ outcome: 'applied' });
    expect((await readUser(parent.user.id)).subscriptionCancelAtPeriodEnd).toBe(true);
    expect(await billing(parent)).toMatchObject({ renews: false });
  });

  it('ignores news of an old subscription once the parent has a new one', async () => {
    const parent = await subscribedParent();
    stripe.subscriptions.set(
      'sub_old',
      subscription('sub_old', parent.customer, parent.user.id, {
        start: parent.start - 60 * DAY,
        end: parent.start - 30 * DAY,
        status: 'canceled',
        ended_at: parent.start - 30 * DAY,
      }),
    );
    const response = await deliver(
      event('customer.subscription.deleted', { id: 'sub_old', object: 'subscription' }),
    );
    expect(response.json()).toMatchObject({ outcome: 'ignored' });
    expect((await readUser(parent.user.id)).subscriptionStatus).toBe('active');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const parent = await subscribedParent();
    const before = await readUser(parent.user.id);
    stripe.subscriptions.set(
      parent.subscriptionId,
      subscription(parent.subscriptionId, parent.customer, parent.user.id, {
        start: parent.start,
        end: parent.start + 30 * DAY,
        status: 'canceled',
        ended_at: nowSeconds(),
      }),
    );
    const forged = await deliver(
      event('customer.subscription.deleted', { id: parent.subscriptionId, object: 'subscription' }),
      'whsec_someone_else',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid Stripe signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event('customer.subscription.deleted', { id: parent.subscriptionId })),
    });
    expect(unsigned.statusCode).toBe(400);
    const after = await readUser(parent.user.id);
    expect(after.subscriptionStatus).toBe(before.subscriptionStatus);
    expect(after.subscriptionEndsAt).toEqual(before.subscriptionEndsAt);
  });
});

describe('deleting an account with a card subscription', () => {
  it('cancels the subscription in Stripe before deleting the account', async () => {
    const parent = await subscribedParent();
    const response = await as(parent).delete('/api/user', {
      confirmation: 'DELETE',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(stripe.calls.cancelled).toContain(parent.subscriptionId);
    expect(await t.db.select().from(users).where(eq(users.id, parent.user.id))).toEqual([]);
  });

  it('deletes nothing, and says so with 503, when Stripe cannot cancel it', async () => {
    const parent = await subscribedParent();
    stripe.failCancelling(true);
    try {
      const response = await as(parent).delete('/api/user', {
        confirmation: 'DELETE',
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(SUBSCRIPTION_NOT_CANCELLED);
      expect(await readUser(parent.user.id)).toMatchObject({ stripeSubscriptionId: parent.subscriptionId });
    } finally {
      stripe.failCancelling(false);
    }
  });
});

describe('without Stripe configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await makeTestApp();
  });
  afterAll(async () => plain.close());

  it('says billing is not configured, and checkout answers 503 with the explanation', async () => {
    const parent = await makeSignedInUser(plain);
    const status = await as(parent).get('/api/billing');
    expect(status.json()).toMatchObject({
      billingConfigured: false,
      isPremium: false,
      canManageInPortal: false,
    });
    const checkout = await as(parent).post('/api/billing/checkout');
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json().message).toMatch(/Card billing is not set up/);
  });

  it('answers the webhook with 503', async () => {
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(503);
  });

  it('still shows Premium granted by an administrator as manual', async () => {
    const parent = await makeSignedInUser(plain, { isPremium: true });
    const status = await as(parent).get('/api/billing');
    expect(status.json()).toMatchObject({ isPremium: true, source: 'manual', renews: false });
  });
});

describe('with Stripe configured but unreachable', () => {
  let offline: TestApp;
  beforeAll(async () => {
    const unreachable = () =>
      Promise.reject(new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }));
    const api: StripeApi = {
      customers: { create: unreachable },
      checkout: { sessions: { create: unreachable } },
      billingPortal: { sessions: { create: unreachable } },
      subscriptions: { retrieve: unreachable, cancel: unreachable },
    };
    offline = await makeTestApp(STRIPE_ENV, { stripe: api });
  });
  afterAll(async () => offline.close());

  it('answers checkout with 503 and when to try again, never 500', async () => {
    const parent = await makeSignedInUser(offline);
    const answer = await as(parent).post('/api/billing/checkout');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      message: 'The payment service cannot be reached. Please try again in a moment.',
    });
    expect(answer.headers['retry-after']).toBeDefined();
  });
});
