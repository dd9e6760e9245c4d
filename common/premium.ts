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

/** SPEC §4 subscription label used by the admin table and the subscribe screen. */
export function subscriptionLabel(user: PremiumFields, formatDate: (d: Date) => string): string {
  if (user.subscriptionStatus === 'active' && user.subscriptionEndsAt) {
    return `Active until ${formatDate(new Date(user.subscriptionEndsAt))}`;
  }
  if (user.isPremium) return 'Manual Premium';
  return 'Free Account';
}
