import { z } from 'zod';
import { entityId } from './primitives.js';
import { itemSchema } from './items.js';

export { ALREADY_FAVORITED, FAVORITE_TEXTS, NOT_FAVORITED, OWN_ITEM_FAVORITE } from '../favorites.js';

const itemId = entityId('itemId must be an item id');

/** GET and DELETE /api/favorites/{itemId}. */
export const favoriteParamsSchema = z.object({ itemId });

/** POST /api/favorites (PRODUCT §7: itemId). */
export const addFavoriteSchema = z.object({ itemId });
export type AddFavoriteInput = z.infer<typeof addFavoriteSchema>;

/** GET /api/favorites/{itemId}: whether the signed-in parent saved the item. */
export const favoriteStatusSchema = z.object({ isFavorited: z.boolean() });

/** GET /api/favorites/ids */
export const favoriteIdsSchema = z.object({ itemIds: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;
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
