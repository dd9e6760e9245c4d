import Stripe from 'stripe';

/**
 * The few Stripe calls billing makes. The real client satisfies it; tests hand buildApp a fake
 * with the same shape (a third party, mocked at the boundary), while webhook signatures are
 * always checked by the stripe library itself.
 */
export type StripeApi = {
  customers: {
    create(params: Stripe.CustomerCreateParams): Promise<Pick<Stripe.Customer, 'id'>>;
  };
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams): Promise<Pick<Stripe.Checkout.Session, 'url'>>;
    };
  };
  billingPortal: {
    sessions: {
      create(
        params: Stripe.BillingPortal.SessionCreateParams,
      ): Promise<Pick<Stripe.BillingPortal.Session, 'url'>>;
    };
  };
  subscriptions: {
    retrieve(id: string): Promise<StripeSubscription>;
    /** Ends a subscription at once: used when its owner's account is deleted. */
    cancel(id: string): Promise<Pick<Stripe.Subscription, 'id' | 'status'>>;
  };
};

/** What billing reads of a subscription; items carry the period since Stripe's 2025 API. */
export type StripeSubscription = Pick<
  Stripe.Subscription,
  'id' | 'status' | 'cancel_at_period_end' | 'ended_at' | 'metadata'
> & {
  customer: string | { id: string };
  items: { data: { current_period_start: number; current_period_end: number }[] };
};

export function createStripeApi(secretKey: string): StripeApi {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/** Verifies Stripe's signature over the raw body; throws when it does not match. */
export function verifyStripeEvent(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}
