import { ALREADY_FAVORITED, NOT_FAVORITED, OWN_ITEM_FAVORITE } from '../../../common/schemas/favorites.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { canView, getItem } from '../items/items.service.js';
import {
  listFavoriteItemIds,
  changeFavoriteCount,
  deleteFavorite,
  hasFavorite,
  insertFavoriteIfNew,
  listFavoritesWithItems,
  type FavoriteRow,
  type FavoriteWithItemRow,
} from './favorites.repo.js';

export type FavoritesContext = { db: Database; clock: Clock };

/** Whether the parent saved the item (false for an item that does not exist). */
export function isFavorited(ctx: FavoritesContext, user: UserRow, itemId: number): Promise<boolean> {
  return hasFavorite(ctx.db, user.id, itemId);
}

/**
 * Saves an item to the parent's favourites and counts it on the item, in one transaction.
 * Throws 404 when the item is missing or the parent may not see it, 400 for their own item,
 * and 409 'Already in favourites' when the pair exists: the unique index decides, so of
 * concurrent requests exactly one succeeds.
 */
export async function addFavorite(
  ctx: FavoritesContext,
  user: UserRow,
  itemId: number,
): Promise<{ favorite: FavoriteRow; favoriteCount: number }> {
  const { item } = await getItem(ctx, user, itemId);
  // The owner sees manage controls instead of Save (PRODUCT §6), and analytics count others' interest.
  if (item.userId === user.id) throw badRequest(OWN_ITEM_FAVORITE);
  try {
    return await ctx.db.transaction(async (tx) => {
      const favorite = await insertFavoriteIfNew(tx, { userId: user.id, itemId, createdAt: ctx.clock.now() });
      if (!favorite) throw conflict(ALREADY_FAVORITED);
      return { favorite, favoriteCount: await changeFavoriteCount(tx, itemId, 1) };
    });
  } catch (error) {
    // The item was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound('Item');
    throw error;
  }
}

/**
 * Removes an item from the parent's favourites and uncounts it (never below 0), in one
 * transaction. Works for items the parent can no longer see; 404 'Not in favourites' otherwise.
 */
export async function removeFavorite(
  ctx: FavoritesContext,
  user: UserRow,
  itemId: number,
): Promise<{ favoriteCount: number }> {
  return ctx.db.transaction(async (tx) => {
    if (!(await deleteFavorite(tx, user.id, itemId))) throw new AppError(404, NOT_FAVORITED);
    return { favoriteCount: await changeFavoriteCount(tx, itemId, -1) };
  });
}

/** The ids of the items a parent has favourited, for lighting hearts on any list. */
export function listFavoriteIds(ctx: FavoritesContext, user: UserRow): Promise<number[]> {
  return listFavoriteItemIds(ctx.db, user.id);
}

/** The parent's favourites, newest first, leaving out items they may no longer see (hidden, held). */
export async function listFavorites(ctx: FavoritesContext, user: UserRow): Promise<FavoriteWithItemRow[]> {
  const now = ctx.clock.now();
  const rows = await listFavoritesWithItems(ctx.db, user.id);
  return rows.filter((row) => canView(user, row.item, now));
}

/** PostgreSQL's foreign_key_violation, raised the same way by pg and PGlite. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
  return code(error) === '23503' || code((error as { cause?: unknown } | null)?.cause) === '23503';
}
