/**
 * The one premium rule (PRODUCT §4, first reading): premium when the flag is set, the
 * subscription is active, or a paid or referral period has not ended yet.
 * Both the server's checks and every screen call this; nothing else decides premium.
 */
export type PremiumFields = {
  isPremium: boolean;
  /** Absent for another parent, whose isPremium already is this rule's answer. */
  subscriptionStatus?: string | null;
  subscriptionEndsAt?: Date | string | null;
};

export function hasPremium(user: PremiumFields | null | undefined, now: Date = new Date()): boolean {
  if (!user) return false;
  if (user.isPremium || user.subscriptionStatus === 'active') return true;
  if (!user.subscriptionEndsAt) return false;
  return new Date(user.subscriptionEndsAt).getTime() > now.getTime();
}

/**
 * PRODUCT §4's second reading, which the admin dashboard uses (§6: 'premium flag or active
 * subscription'): the manual flag or a paying subscription. A referral week or a paid period
 * running out after cancelling gives Premium (hasPremium) but is not counted here.
 */
export function hasPremiumByFlagOrSubscription(user: PremiumFields): boolean {
  return user.isPremium || user.subscriptionStatus === 'active';
}

/**
 * PRODUCT §4 subscription label used by the admin table: 'Active until {date}' for an active
 * subscription with an end date ('Active' while the payment provider has not told the date yet),
 * else 'Manual Premium' for the flag, else 'Free Account'.
 */
export function subscriptionLabel(user: PremiumFields, formatDate: (d: Date) => string): string {
  if (user.subscriptionStatus === 'active') {
    return user.subscriptionEndsAt
      ? `Active until ${formatDate(new Date(user.subscriptionEndsAt))}`
      : 'Active';
  }
  if (user.isPremium) return 'Manual Premium';
  return 'Free Account';
}

/**
 * Where a parent's Premium comes from, for the subscribe screen: a paying subscription (the only
 * one that can be cancelled), an administrator's grant, or a period with an end date (a referral
 * week, or a paid period after cancelling), else none.
 */
export type PremiumSource = 'subscription' | 'manual' | 'period' | null;

export function premiumSource(user: PremiumFields, now: Date = new Date()): PremiumSource {
  if (user.subscriptionStatus === 'active') return 'subscription';
  if (user.isPremium) return 'manual';
  return hasPremium(user, now) ? 'period' : null;
}
