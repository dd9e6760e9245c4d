/**
 * Every client path (PRODUCT §2). Screens link through these, never through string literals,
 * so a renamed path changes in one place.
 */
export const paths = {
  home: '/',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  browse: '/browse',
  item: (id: number | string) => `/item/${id}`,
  profile: (id?: number | string) => (id === undefined ? '/profile' : `/profile/${id}`),
  listItem: '/list-item',
  editItem: (id: number | string) => `/list-item?edit=${id}`,
  bulkListing: '/bulk-listing',
  messages: '/messages',
  messagesForItem: (itemId: number | string) => `/messages?item=${itemId}`,
  favorites: '/favorites',
  /** Wanted posts, saved searches and the notifications their matches bring. */
  alerts: '/alerts',
  settings: '/settings',
  /** The verification e-mail's link (decision 008); open to visitors and members. */
  verifyEmail: '/verify-email',
  /** An e-mail's one-click unsubscribe link; works signed out. */
  unsubscribe: '/unsubscribe',
  support: '/support',
  subscribe: '/subscribe',
  helpCenter: '/help-center',
  safetyGuide: '/safety-guide',
  legal: '/legal',
  whoWeAre: '/who-we-are',
  /** PRODUCT §2: where a user goes when they must sign in again (the server redirects to /auth). */
  login: '/api/login',
} as const;

/** Route patterns, relative to the root, as the router declares them. */
export const routePatterns = {
  auth: 'auth',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  browse: 'browse',
  item: 'item/:id',
  profile: 'profile/:id?',
  listItem: 'list-item',
  bulkListing: 'bulk-listing',
  messages: 'messages',
  favorites: 'favorites',
  alerts: 'alerts',
  settings: 'settings',
  verifyEmail: 'verify-email',
  unsubscribe: 'unsubscribe',
  support: 'support',
  subscribe: 'subscribe',
  helpCenter: 'help-center',
  safetyGuide: 'safety-guide',
  legal: 'legal',
  whoWeAre: 'who-we-are',
} as const;

/** Paths only a signed-in user may open; a visitor is sent to /auth (PRODUCT §6). */
export const signedInOnlyPatterns = [
  routePatterns.browse,
  routePatterns.item,
  routePatterns.profile,
  routePatterns.listItem,
  routePatterns.bulkListing,
  routePatterns.messages,
  routePatterns.favorites,
  routePatterns.alerts,
  routePatterns.settings,
  routePatterns.support,
  routePatterns.subscribe,
] as const;

/** Pages anyone may read, signed in or not. */
export const publicInfoPatterns = [
  routePatterns.helpCenter,
  routePatterns.safetyGuide,
  routePatterns.legal,
  routePatterns.whoWeAre,
] as const;
