import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../lib/rate-limits.js';
import { makeTestApp, type TestApp } from './test-app.js';
import type { StripeApi } from '../features/billing/billing.stripe.js';

/**
 * The app as the whole-API tests (fuzz, OpenAPI contract) meet it: billing configured, with
 * Stripe played by a fake at the boundary so the billing routes answer as they do in
 * production, and the abuse limits raised out of the way, since these files send many requests
 * from one address (the limits have their own tests in server/features/auth/abuse.test.ts).
 */
export function makeWholeApiTestApp(tag: string): Promise<TestApp> {
  const fakeStripe: StripeApi = {
    customers: { create: async () => ({ id: `cus_${tag}` }) },
    checkout: { sessions: { create: async () => ({ url: 'https://checkout.stripe.test/c/session' }) } },
    billingPortal: { sessions: { create: async () => ({ url: 'https://billing.stripe.test/p/session' }) } },
    subscriptions: {
      retrieve: async (id) => {
        throw new Error(`No such subscription: ${id}`);
      },
      cancel: async (id) => ({ id, status: 'canceled' }),
    },
  };
  return makeTestApp(
    {
      STRIPE_SECRET_KEY: `sk_test_${tag}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${tag}`,
      STRIPE_PRICE_ID: 'price_premium_monthly',
    },
    { stripe: fakeStripe, rateLimits: scaleRateLimits(1000, DEFAULT_RATE_LIMITS) },
  );
}
