import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../../common/schemas/billing.js';
import { hasPremium } from '../../../common/premium.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { stripeEvents, users, type UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { setOwnerPriority } from '../items/items.service.js';
import { findUserById } from '../users/users.service.js';
import type { StripeApi, StripeSubscription } from './billing.stripe.js';

export type BillingContext = {
  db: Database;
  clock: Clock;
  /** Both set only when STRIPE_* are configured. */
  stripe: StripeApi | undefined;
  settings: NonNullable<Config['stripe']> | undefined;
  publicUrl: string;
  /** Told when someone's Premium switched on or off (their listings' priority changed). */
  onPremiumChanged: () => Promise<void>;
};

/** Stripe statuses in which the subscription is paid up (no trial is offered: PRODUCT §9). */
const PAID_STATUSES = new Set(['active', 'trialing']);

const notConfigured = () => new AppError(503, BILLING_NOT_CONFIGURED);

function configured(ctx: BillingContext): { stripe: StripeApi; settings: NonNullable<Config['stripe']> } {
  if (!ctx.stripe || !ctx.settings) throw notConfigured();
  return { stripe: ctx.stripe, settings: ctx.settings };
}

/** The subscribe screen's view of a parent's Premium (PRODUCT §2 management card). */
export function billingStatus(ctx: BillingContext, user: UserRow): BillingStatus {
  const now = ctx.clock.now();
  const isPremium = hasPremium(user, now);
  const hasCard = Boolean(user.stripeSubscriptionId) && user.subscriptionStatus !== 'free';
  const source = !isPremium
    ? 'none'
    : hasCard && PAID_STATUSES.has(user.subscriptionStatus)
      ? 'card'
      : user.isPremium
        ? 'manual'
        : user.subscriptionStatus === 'active'
          ? 'card'
          : 'period';
  return {
    billingConfigured: Boolean(ctx.stripe && ctx.settings),
    isPremium,
    source,
    subscriptionStatus: user.subscriptionStatus,
    periodEndsAt: user.subscriptionEndsAt?.toISOString() ?? null,
    renews: source === 'card' && !user.subscriptionCancelAtPeriodEnd,
    canManageInPortal: Boolean(ctx.stripe && ctx.settings && user.stripeCustomerId && hasCard),
  };
}

/** The parent's Stripe customer, created on first checkout and kept in stripeCustomerId. */
async function ensureCustomer(ctx: BillingContext, stripe: StripeApi, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    metadata: { userId: String(user.id) },
  });
  // Two checkouts at once: the first customer stored wins and the other is left unused.
  const [stored] = await ctx.db
    .update(users)
    .set({ stripeCustomerId: customer.id, updatedAt: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ stripeCustomerId: users.stripeCustomerId });
  if (stored?.stripeCustomerId) return stored.stripeCustomerId;
  const current = await findUserById(ctx.db, user.id);
  return current?.stripeCustomerId ?? customer.id;
}

/**
 * Starts a Stripe Checkout Session for the monthly Premium subscription and returns its URL.
 * Throws 503 when billing is not configured and 409 when the parent already pays by card.
 */
export async function startCheckout(ctx: BillingContext, user: UserRow): Promise<{ url: string }> {
  const { stripe, settings } = configured(ctx);
  if (PAID_STATUSES.has(user.subscriptionStatus) && user.stripeSubscriptionId) {
    throw conflict('You already have an active Premium subscription');
  }
  const customer = await ensureCustomer(ctx, stripe, user);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: String(user.id),
    line_items: [{ price: settings.priceId, quantity: 1 }],
    subscription_data: { metadata: { userId: String(user.id) } },
    metadata: { userId: String(user.id) },
    success_url: `${ctx.publicUrl}/subscribe?checkout=success`,
    cancel_url: `${ctx.publicUrl}/subscribe?checkout=cancelled`,
  });
  if (!session.url) throw new AppError(502, 'The payment provider did not return a checkout page');
  return { url: session.url };
}

/**
 * Opens Stripe's customer portal, where the parent cancels (at period end) or changes the card.
 * Throws 503 when billing is not configured and 409 when there is no card subscription.
 */
export async function openPortal(ctx: BillingContext, user: UserRow): Promise<{ url: string }> {
  const { stripe } = configured(ctx);
  if (!user.stripeCustomerId) throw conflict('There is no card subscription to manage');
  const session = await stripe.billingPortal.sessions.create({
    customer: user.stripeCustomerId,
    return_url: `${ctx.publicUrl}/subscribe`,
  });
  return { url: session.url };
}

function customerId(customer: string | { id: string } | null | undefined): string | undefined {
  if (!customer) return undefined;
  return typeof customer === 'string' ? customer : customer.id;
}

/** The subscription an event is about, and who it belongs to if the event says so. */
function subscriptionOf(event: Stripe.Event): { subscriptionId: string; userId?: number } | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const id = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!id || session.mode !== 'subscription') return undefined;
      const userId = Number(session.client_reference_id);
      return { subscriptionId: id, ...(Number.isInteger(userId) && userId > 0 ? { userId } : {}) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const fromParent = invoice.parent?.subscription_details?.subscription;
      // Older API versions put the subscription on the invoice itself.
      const legacy = object.subscription as string | { id: string } | undefined;
      const id = customerId(fromParent ?? legacy);
      return id ? { subscriptionId: id } : undefined;
    }
    default:
      return undefined;
  }
}

/** What a Stripe subscription means for the parent's row (PRODUCT §3 subscription fields). */
function subscriptionFields(subscription: StripeSubscription) {
  const period = subscription.items.data[0];
  const toDate = (seconds: number | null | undefined) =>
    seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
  const paid = PAID_STATUSES.has(subscription.status);
  // Paid: Premium runs to the period's end. Ended: to when it ended. Unpaid (a failed renewal):
  // the new period has not been paid for, so Premium stops where the last paid one ended.
  const endsAt = paid
    ? toDate(period?.current_period_end)
    : subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
      ? (toDate(subscription.ended_at) ?? toDate(period?.current_period_end))
      : toDate(period?.current_period_start);
  return {
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: paid ? 'active' : subscription.status.slice(0, 20),
    subscriptionEndsAt: endsAt,
    subscriptionCancelAtPeriodEnd: paid && subscription.cancel_at_period_end,
  };
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one verified Stripe event, once: its id is kept, and a repeat is acknowledged without
 * effect. The subscription is read again from Stripe rather than taken from the event, so
 * events arriving late or out of order cannot roll a parent's Premium back to an older state.
 */
export async function applyStripeEvent(ctx: BillingContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const { stripe } = configured(ctx);
  const [seen] = await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return 'duplicate';
  const target = subscriptionOf(event);
  const subscription = target ? await stripe.subscriptions.retrieve(target.subscriptionId) : undefined;

  const outcome = await ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, processedAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return { result: 'duplicate' as const };
    if (!subscription || !target) return { result: 'ignored' as const };

    const metadataUserId = Number(subscription.metadata?.userId);
    const stripeCustomer = customerId(subscription.customer);
    const byId = target.userId ?? (Number.isInteger(metadataUserId) ? metadataUserId : undefined);
    const [user] = byId
      ? await tx.select().from(users).where(eq(users.id, byId)).for('update')
      : stripeCustomer
        ? await tx.select().from(users).where(eq(users.stripeCustomerId, stripeCustomer)).for('update')
        : [];
    if (!user) return { result: 'ignored' as const };
    // An old subscription's news must not touch the one the parent has now.
    const isOtherSubscription =
      user.stripeSubscriptionId !== null &&
      user.stripeSubscriptionId !== subscription.id &&
      PAID_STATUSES.has(user.subscriptionStatus) &&
      !PAID_STATUSES.has(subscription.status);
    if (isOtherSubscription) return { result: 'ignored' as const };

    const now = ctx.clock.now();
    const [updated] = await tx
      .update(users)
      .set({
        ...subscriptionFields(subscription),
        stripeCustomerId: user.stripeCustomerId ?? stripeCustomer ?? null,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) return { result: 'ignored' as const };
    const wasPremium = hasPremium(user, now);
    const isPremium = hasPremium(updated, now);
    if (wasPremium !== isPremium) await setOwnerPriority(tx, updated.id, isPremium);
    return { result: 'applied' as const, premiumChanged: wasPremium !== isPremium };
  });
  if (outcome.result === 'applied' && outcome.premiumChanged) await ctx.onPremiumChanged();
  return outcome.result;
}
