import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { items, itemViews } from '../../db/schema.js';

/** Works with the database or inside a transaction. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** Records a viewer's view of an item on a day; false when that view was already counted. */
export async function insertItemView(
  db: Executor,
  view: { itemId: number; viewerId: number; day: string },
): Promise<boolean> {
  const inserted = await db
    .insert(itemViews)
    .values(view)
    .onConflictDoNothing()
    .returning({ itemId: itemViews.itemId });
  return inserted.length > 0;
}

export async function incrementViewCount(db: Executor, itemId: number): Promise<void> {
  await db
    .update(items)
    .set({ viewCount: sql`${items.viewCount} + 1` })
    .where(eq(items.id, itemId));
}

/** Views per day since `fromDay` (inclusive) over the given items, only days with views. */
export function countViewsByDay(
  db: Executor,
  itemIds: number[],
  fromDay: string,
): Promise<{ day: string; views: number }[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ day: itemViews.day, views: count() })
    .from(itemViews)
    .where(and(inArray(itemViews.itemId, itemIds), gte(itemViews.day, fromDay)))
    .groupBy(itemViews.day)
    .orderBy(asc(itemViews.day));
}

/** The owner's items with their counters, newest first. */
export function listItemCountersOf(db: Executor, ownerId: number) {
  return db
    .select({
      itemId: items.id,
      title: items.title,
      viewCount: items.viewCount,
      favoriteCount: items.favoriteCount,
      messageCount: items.messageCount,
    })
    .from(items)
    .where(eq(items.userId, ownerId))
    .orderBy(desc(items.createdAt), desc(items.id));
}
