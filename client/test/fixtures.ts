import type { Giveaway, ItemPromise, Requester } from '../../common/schemas/giveaway.js';
import type { Item } from '../../common/schemas/items.js';
import type { NotificationSettings } from '../../common/schemas/reach.js';
import type { CurrentUser, PublicUser } from '../../common/schemas/users.js';

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
    reliability: { completed: 0, promised: 0, noShows: 0 },
    createdAt: '2025-01-22T10:00:00.000Z',
    updatedAt: '2025-01-22T10:00:00.000Z',
    ...overrides,
  };
}

/** Another parent as GET /api/users/{id} returns them. */
export function makePublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 2,
    firstName: 'Sam',
    lastName: 'Okafor',
    profileImageUrl: null,
    city: 'Springfield',
    zipCode: '62701',
    state: 'IL',
    country: 'United States',
    isVerified: false,
    rating: '4.50',
    totalRatings: 12,
    isPremium: false,
    premiumBadge: false,
    reliability: { completed: 5, promised: 6, noShows: 1 },
    createdAt: '2024-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An item as GET /api/items/{id} returns it, owned by makeCurrentUser()'s Maya by default. */
export function makeItem(overrides: Partial<Item> = {}): Item {
  return {
    id: 5,
    title: 'Wooden train set',
    description: 'Forty pieces, a bridge and two engines. Well loved but complete.',
    category: 'toys',
    condition: 'good',
    ageRange: '2-4y',
    brand: 'Brio',
    size: null,
    exchangeType: 'free',
    price: null,
    imageUrls: ['/uploads/train.webp'],
    userId: 1,
    isAvailable: true,
    status: 'available',
    latitude: null,
    longitude: null,
    city: 'Portland',
    zipCode: '97201',
    viewCount: 0,
    favoriteCount: 0,
    messageCount: 0,
    createdAt: '2025-01-22T10:00:00.000Z',
    updatedAt: '2025-01-22T10:00:00.000Z',
    user: {
      id: 1,
      firstName: 'Maya',
      lastName: 'Rivera',
      profileImageUrl: null,
      rating: '4.25',
      totalRatings: 3,
      isPremium: false,
      isVerified: false,
    },
    promised: false,
    ...overrides,
  };
}

/** GET /api/items/{id}/giveaway as a visitor sees a free item nobody has asked for. */
export function makeGiveaway(overrides: Partial<Giveaway> = {}): Giveaway {
  return {
    itemId: 5,
    requestsCloseAt: null,
    requestCount: 0,
    promised: false,
    myRequest: null,
    requests: null,
    promise: null,
    ...overrides,
  };
}

/** A family waiting for an item, as its owner sees them. */
export function makeRequester(overrides: Partial<Requester> = {}): Requester {
  return {
    requestId: 31,
    note: 'For my daughter, she loves trains. I can come any evening.',
    status: 'waiting',
    createdAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    user: {
      id: 3,
      firstName: 'Lena',
      lastName: 'Park',
      profileImageUrl: null,
      rating: '0.00',
      totalRatings: 0,
      isVerified: false,
    },
    reliability: { completed: 0, promised: 0, noShows: 0 },
    distanceBand: '2-5km',
    ...overrides,
  };
}

/** A pending promise of item 5, seen by its giver Maya; Lena is to receive it. */
export function makePromise(overrides: Partial<ItemPromise> = {}): ItemPromise {
  return {
    id: 41,
    itemId: 5,
    itemTitle: 'Wooden train set',
    status: 'pending',
    role: 'giver',
    otherUser: { id: 3, firstName: 'Lena', lastName: 'Park', profileImageUrl: null },
    chosenBy: 'owner',
    draw: null,
    scheduledAt: null,
    exchangeLocation: null,
    safeLocationId: null,
    pickupPoint: null,
    giverConfirmedAt: null,
    receiverConfirmedAt: null,
    lapsesAt: null,
    completedAt: null,
    createdAt: '2025-02-01T10:00:00.000Z',
    myReviewId: null,
    canReviewUntil: null,
    ...overrides,
  };
}

/** GET /api/notifications/settings as the server answers it: everything on, quiet 21:00–07:00. */
export function makeNotificationSettings(
  overrides: Partial<NotificationSettings> = {},
): NotificationSettings {
  const both = { push: true, email: true };
  return {
    kinds: { message: both, request: both, promise: both, pickup: both, review: both, match: both },
    quietHours: { enabled: true, start: '21:00', end: '07:00' },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    digest: false,
    pushDevices: 0,
    ...overrides,
  };
}
