// Favourite texts the screens show, kept apart from the schemas so they cost no zod (decision 013).

/** PRODUCT §8 toasts for the heart, written once for every screen that shows it. */
export const FAVORITE_TEXTS = {
  added: 'Added to favorites',
  removed: 'Removed from favorites',
  addFailed: 'Failed to add favorite',
  removeFailed: 'Failed to remove favorite',
  loading: 'Loading your favorites...',
  emptyTitle: 'No favorites yet',
  emptyHint: 'Tap the heart on any item to save it here.',
} as const;

/** The server's answers for a duplicate favourite (409) and for removing one that isn't there (404). */
export const ALREADY_FAVORITED = 'Already in favourites';
export const NOT_FAVORITED = 'Not in favourites';
export const OWN_ITEM_FAVORITE = 'You cannot favourite your own item';
