import { z } from 'zod';
import { entityId } from './primitives.js';
import { itemSchema } from './items.js';

/** SPEC §8 toasts for the heart, written once for every screen that shows it. */
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

const itemId = entityId('itemId must be an item id');

/** GET and DELETE /api/favorites/{itemId}. */
export const favoriteParamsSchema = z.object({ itemId });

/** POST /api/favorites (SPEC §7: itemId). */
export const addFavoriteSchema = z.object({ itemId });
export type AddFavoriteInput = z.infer<typeof addFavoriteSchema>;

/** GET /api/favorites/{itemId}: whether the signed-in parent saved the item. */
export const favoriteStatusSchema = z.object({ isFavorited: z.boolean() });

/** GET /api/favorites/ids */
export const favoriteIdsSchema = z.object({ itemIds: z.array(z.number().int()) });
export type FavoriteStatus = z.infer<typeof favoriteStatusSchema>;

/** POST /api/favorites answers the new entry and the item's count after it. */
export const favoriteSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  createdAt: z.string(),
  favoriteCount: z.number().int(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** DELETE /api/favorites/{itemId}. */
export const removedFavoriteSchema = z.object({
  message: z.string(),
  itemId: z.number().int(),
  favoriteCount: z.number().int(),
});

/** GET /api/favorites/with-items: newest first, each entry with the item as the viewer may see it. */
export const favoriteWithItemSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  createdAt: z.string(),
  item: itemSchema,
});
export type FavoriteWithItem = z.infer<typeof favoriteWithItemSchema>;
