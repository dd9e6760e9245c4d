/**
 * The one premium rule (SPEC §4, first reading): premium when the flag is set, the
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
 * SPEC §4 subscription label used by the admin table and the subscribe screen: 'Active until
 * {date}' for an active subscription with an end date, and for any paid or referral period that
 * has not ended yet (so Premium earned by referral shows with its end date), else 'Manual
 * Premium' for the flag, else 'Free Account'.
 */
export function subscriptionLabel(
  user: PremiumFields,
  formatDate: (d: Date) => string,
  now: Date = new Date(),
): string {
  const endsAt = user.subscriptionEndsAt ? new Date(user.subscriptionEndsAt) : null;
  if (endsAt && (user.subscriptionStatus === 'active' || endsAt.getTime() > now.getTime())) {
    return `Active until ${formatDate(endsAt)}`;
  }
  if (user.isPremium) return 'Manual Premium';
  return 'Free Account';
}
