import type { CurrentUser } from '../../common/schemas/users.js';

/** A signed-in user as GET /api/user returns it; override what the test is about. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: 'maya@example.com',
    firstName: 'Maya',
    lastName: 'Rivera',
    profileImageUrl: null,
    city: 'Portland',
    zipCode: '97201',
    state: 'OR',
    country: 'United States',
    isVerified: false,
    rating: '0.00',
    totalRatings: 0,
    credits: 0,
    emailNotifications: true,
    mobileNotifications: true,
    subscriptionStatus: 'free',
    subscriptionEndsAt: null,
    isPremium: false,
    premiumBadge: false,
    isAdmin: false,
    referralCode: null,
    referredBy: null,
    freeMonthsEarned: 0,
    createdAt: '2025-01-22T10:00:00.000Z',
    updatedAt: '2025-01-22T10:00:00.000Z',
    ...overrides,
  };
}
