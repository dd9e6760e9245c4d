import { hasPremium } from '../../../common/premium.js';
import type { AdminUser, CurrentUser, PublicUser } from '../../../common/schemas/users.js';
import type { Reliability } from '../../../common/schemas/giveaway.js';
import type { UserRow } from '../../db/schema.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The account as its owner sees it: everything but the password hash and payment ids.
 * reliability comes from giveaway.repo.ts reliabilityOf (one grouped query for many parents).
 */
export function presentCurrentUser(row: UserRow, reliability: Reliability): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    city: row.city,
    zipCode: row.zipCode,
    state: row.state,
    country: row.country,
    isVerified: row.isVerified,
    rating: row.rating,
    totalRatings: row.totalRatings,
    credits: row.credits,
    emailNotifications: row.emailNotifications,
    mobileNotifications: row.mobileNotifications,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionEndsAt: iso(row.subscriptionEndsAt),
    isPremium: row.isPremium,
    premiumBadge: row.premiumBadge,
    isAdmin: row.isAdmin,
    referralCode: row.referralCode,
    referredBy: row.referredBy,
    freeMonthsEarned: row.freeMonthsEarned,
    reliability,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Another parent as anyone signed in sees them: no e-mail, payment, subscription or admin
 * fields. isPremium is the evaluated premium rule, as on item cards.
 */
export function presentPublicUser(row: UserRow, now: Date, reliability: Reliability): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    city: row.city,
    zipCode: row.zipCode,
    state: row.state,
    country: row.country,
    isVerified: row.isVerified,
    rating: row.rating,
    totalRatings: row.totalRatings,
    isPremium: hasPremium(row, now),
    premiumBadge: row.premiumBadge,
    reliability,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminUser(row: UserRow, reliability: Reliability): AdminUser {
  return {
    ...presentCurrentUser(row, reliability),
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
  };
}
