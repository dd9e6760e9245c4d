import { z } from 'zod';

/**
 * The signed-in parent's Premium as the subscribe screen shows it (PRODUCT §2 management card).
 * source: card (a Stripe subscription), manual (granted by an administrator), period (a paid
 * or referral period still running), none (free).
 */
export const billingStatusSchema = z.object({
  /** Card billing is set up on this server (STRIPE_* configured). */
  billingConfigured: z.boolean(),
  isPremium: z.boolean(),
  source: z.enum(['card', 'manual', 'period', 'none']),
  subscriptionStatus: z.string(),
  /** When the paid period ends: the renewal date, or the last day when it will not renew. */
  periodEndsAt: z.string().nullable(),
  /** True when the card subscription renews at periodEndsAt; false when it ends then. */
  renews: z.boolean(),
  /** Stripe's customer portal can manage (cancel) this parent's card subscription. */
  canManageInPortal: z.boolean(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** Where the browser goes next: Stripe Checkout or the customer portal (PRODUCT §2: a new tab). */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const BILLING_NOT_CONFIGURED =
  'Card billing is not set up on this LittleLoop server yet, so Premium cannot be bought here. Please contact support.';
