import { and, desc, eq, getTableColumns, not, or, sql } from 'drizzle-orm';
import { favorites, items, users, type ItemRow } from '../../db/schema.js';
import { ownerColumns, promisedColumn, type OwnerRow } from '../items/items.columns.js';
import type { Executor } from '../../db/executor.js';

export type FavoriteRow = typeof favorites.$inferSelect;
export type FavoriteWithItemRow = {
  favorite: FavoriteRow;
  item: ItemRow;
  owner: OwnerRow;
  promised: boolean;
};

const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);

export async function hasFavorite(db: Executor, userId: number, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId)))
    .limit(1);
  return row !== undefined;
}

/** Inserts the pair unless it exists; the unique index decides, so concurrent requests agree. */
export async function insertFavoriteIfNew(
  db: Executor,
  values: { userId: number; itemId: number; createdAt: Date },
): Promise<FavoriteRow | undefined> {
  const [row] = await db
    .insert(favorites)
    .values(values)
    .onConflictDoNothing({ target: [favorites.userId, favorites.itemId] })
    .returning();
  return row;
}

export async function deleteFavorite(db: Executor, userId: number, itemId: number): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId)))
    .returning({ id: favorites.id });
  return removed.length > 0;
}

/** Moves items.favorite_count by one, never below 0, and returns the new count. */
export async function changeFavoriteCount(db: Executor, itemId: number, delta: 1 | -1): Promise<number> {
  const [row] = await db
    .update(items)
    .set({ favoriteCount: sql`greatest(${items.favoriteCount} + ${delta}, 0)` })
    .where(eq(items.id, itemId))
    .returning({ favoriteCount: items.favoriteCount });
  return row?.favoriteCount ?? 0;
}

/** A parent's favourites with their items and owners, newest first. */
export function listFavoritesWithItems(db: Executor, userId: number): Promise<FavoriteWithItemRow[]> {
  return (
    db
      // Only what a card shows of its owner (presentItem), not the whole user row.
      .select({
        favorite: getTableColumns(favorites),
        item: itemColumns,
        owner: ownerColumns,
        promised: promisedColumn,
      })
      .from(favorites)
      .innerJoin(items, eq(items.id, favorites.itemId))
      .innerJoin(users, eq(users.id, items.userId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
  );
}

/** The item ids a user has favourited, newest first. */
export async function listFavoriteItemIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: favorites.itemId })
    .from(favorites)
    .innerJoin(items, eq(items.id, favorites.itemId))
    // A listing hidden by moderation lights no heart, as it shows in no list (its owner's aside).
    .where(and(eq(favorites.userId, userId), or(not(items.isHidden), eq(items.userId, userId))))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map((row) => row.itemId);
}
