/**
 * Business constants and field lengths from PRODUCT §9. Every limit lives here once so the
 * database schema, the API and the forms agree.
 */
export const LIMITS = {
  email: 255,
  password: 255,
  passwordMin: 6,
  firstName: 100,
  lastName: 100,
  profileImageUrl: 500,
  city: 100,
  zipCode: 10,
  state: 50,
  country: 100,
  referralCode: 10,
  referralCodeEntered: 6,
  itemTitle: 255,
  category: 50,
  condition: 20,
  status: 20,
  brand: 100,
  size: 50,
  ageRange: 50,
  savedSearchName: 100,
  flagReason: 100,
  exchangeType: 20,
  photosFree: 3,
  photosPremium: 10,
  profileImageBytes: 5 * 1024 * 1024,
  bulkMinItems: 2,
  bulkMaxItems: 50,
  photoUploadBytes: 15 * 1024 * 1024,
  photosPerUpload: 10,
  messageContent: 2000,
} as const;

export const PREMIUM_PRICE_USD = '2.99';
export const REFERRAL_REWARD_DAYS = 7;
/** Weeks one code owner can earn through friends in a year: a code is for friends, not farms. */
export const REFERRAL_REWARDS_PER_YEAR = 12;
export const FEATURED_SLOTS = { min: 3, max: 5 } as const;
export const EARLY_ACCESS_HOURS = { min: 1, max: 2, default: 1 } as const;

export const PAGE_SIZE = { home: 12, browse: 24, max: 100 } as const;
export const SKELETONS = { home: 8, browse: 12 } as const;

export const DISTANCE = {
  defaultKm: 150,
  /**
   * Where home and browse start from the parent's place: a town and its neighbours, a short
   * drive for a pick-up, and one of the slider's steps. Below it 'Show items further away' widens.
   */
  nearbyKm: 30,
  maxKm: 150,
  stepKm: 10,
  earthRadiusMiles: 3959,
  kmPerMile: 1.609344,
} as const;

export const MAP_DEFAULTS = {
  center: { lat: 40.7128, lng: -74.006 },
  zoom: 12,
  singleMarkerMaxZoom: 15,
} as const;

export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 5 * 60_000,
} as const;

export const NOTIFICATION_POPOVER = { maxConversations: 5, badgeCap: 9 } as const;

/** PRODUCT §9 timings, in milliseconds. */
export const TIMINGS = {
  currentUserCacheMs: 5 * 60_000,
  postLoginRefetchMs: 50,
  logoutRedirectMs: 100,
  authFailureRedirectMs: 500,
  itemSaveRedirectMs: 1500,
  profilePhotoReloadMs: 500,
  conversationPollMs: 30_000,
  conversationRefreshAfterOpenMs: 1000,
} as const;
