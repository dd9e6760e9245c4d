/**
 * The product's own words, written once for every screen and message: its name, tagline,
 * support desk and what it offers (PRODUCT §1). What Premium adds is in premium-features.ts, so
 * the screens that only name the product do not download the list.
 */
export const PRODUCT_NAME = 'LittleLoop';
export const TAGLINE = 'Connect with local parents, build trust, save money.';
/** What the product is for, in one line: the landing page, sign-in and the page description. */
export const PRODUCT_PITCH =
  "Give away, swap or sell children's books, toys and clothes with families nearby.";

export const SUPPORT = {
  email: 'support@littleloop.app',
  replyHours: 24,
  helpCenterAverageHours: 4,
  reportsReviewedHours: 24,
  emergencyNumber: '911',
} as const;

export const LEGAL_LAST_UPDATED = 'January 22, 2025';

/** PRODUCT §1 advertised qualities. */
export const ADVERTISED_QUALITIES = [
  'Safe and trusted community',
  'Easy item sharing and swapping',
  'Location-based discovery',
  'Built-in messaging',
] as const;
