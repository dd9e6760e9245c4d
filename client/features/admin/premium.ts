import type { PremiumFields } from '../../../common/premium.js';

/**
 * SPEC §4/§6, the admin reading: premium when the flag is set or the subscription is active.
 * The dashboard counts and labels users this way, as the administrator's own screen does.
 */
export function isPremiumForAdmin(user: Pick<PremiumFields, 'isPremium' | 'subscriptionStatus'>): boolean {
  return user.isPremium || user.subscriptionStatus === 'active';
}
