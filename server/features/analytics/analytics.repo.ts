import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase, prepareSql } from '../../db/prepared.js';
import { items, itemViews } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

/**
 * Records a viewer's view of an item on a day and, when it is new, adds it to the item's
 * viewCount, in one statement (so atomically, without a transaction's extra round trips);
 * false when that view was already counted. Prepared once: it runs on every item page.
 */
const recordViewStatement = preparedPerDatabase((db) =>
  prepareSql<{ id: number }>(
    db,
    'record_item_view',
    sql`
    with new_view as (
      insert into ${itemViews} (item_id, viewer_id, day)
      values (${sql.placeholder('itemId')}, ${sql.placeholder('viewerId')}, ${sql.placeholder('day')})
      on conflict do nothing
      returning item_id
    )
    update ${items} set view_count = view_count + 1
    where id in (select item_id from new_view)
    returning id`,
  ),
);

export async function recordView(
  db: Database,
  view: { itemId: number; viewerId: number; day: string },
): Promise<boolean> {
  const rows = await recordViewStatement(db).execute(view);
  return rows.length > 0;
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
