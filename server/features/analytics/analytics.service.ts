import { PREMIUM_REQUIRED } from '../../../common/api-error.js';
import { hasPremium } from '../../../common/premium.js';
import {
  ANALYTICS_DAYS,
  type ItemAnalytics,
  type OwnerAnalytics,
  type ViewsOnDay,
} from '../../../common/schemas/analytics.js';
import type { Database } from '../../db/client.js';
import type { ItemRow, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden } from '../../lib/errors.js';
import { getItem } from '../items/items.service.js';
import { countViewsByDay, listItemCountersOf, recordView } from './analytics.repo.js';

export type AnalyticsContext = { db: Database; clock: Clock };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Views are counted per UTC day. */
function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Counts a signed-in parent opening an item: once per viewer and UTC day, never the owner's
 * own views, nor administrators'. The view row and the item's viewCount change together.
 * Returns whether this view was counted.
 */
export async function recordItemView(
  ctx: AnalyticsContext,
  viewer: UserRow,
  item: Pick<ItemRow, 'id' | 'userId'>,
): Promise<boolean> {
  if (viewer.id === item.userId || viewer.isAdmin) return false;
  const day = utcDay(ctx.clock.now());
  return recordView(ctx.db, { itemId: item.id, viewerId: viewer.id, day });
}

/** The last ANALYTICS_DAYS days, oldest first, with 0 for days nobody viewed. */
async function viewsOverLastDays(ctx: AnalyticsContext, itemIds: number[]): Promise<ViewsOnDay[]> {
  const today = ctx.clock.now().getTime();
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, index) =>
    utcDay(new Date(today - (ANALYTICS_DAYS - 1 - index) * DAY_MS)),
  );
  const counted = new Map(
    (await countViewsByDay(ctx.db, itemIds, days[0] ?? utcDay(new Date(today)))).map((row) => [
      row.day,
      row.views,
    ]),
  );
  return days.map((day) => ({ day, views: counted.get(day) ?? 0 }));
}

/**
 * One item's numbers for its owner (PRODUCT §1: Premium analytics). Throws 404 when the item is
 * missing or hidden from the actor, 403 for anyone but the owner or an administrator, and
 * 403 'Premium subscription required' when the owner asks without Premium.
 */
export async function getItemAnalytics(
  ctx: AnalyticsContext,
  actor: UserRow,
  itemId: number,
): Promise<ItemAnalytics> {
  const { item } = await getItem(ctx, actor, itemId);
  if (item.userId !== actor.id && !actor.isAdmin) {
    throw forbidden('Only the owner can see the statistics of this item');
  }
  if (!actor.isAdmin && !hasPremium(actor, ctx.clock.now())) throw forbidden(PREMIUM_REQUIRED);
  return {
    itemId: item.id,
    viewCount: item.viewCount,
    favoriteCount: item.favoriteCount,
    messageCount: item.messageCount,
    viewsByDay: await viewsOverLastDays(ctx, [item.id]),
  };
}

/**
 * The owner's numbers over all their items, for the profile chart. 403 'Premium subscription
 * required' without Premium.
 */
export async function getOwnerAnalytics(ctx: AnalyticsContext, owner: UserRow): Promise<OwnerAnalytics> {
  if (!hasPremium(owner, ctx.clock.now())) throw forbidden(PREMIUM_REQUIRED);
  const counters = await listItemCountersOf(ctx.db, owner.id);
  const total = (key: 'viewCount' | 'favoriteCount' | 'messageCount') =>
    counters.reduce((sum, item) => sum + item[key], 0);
  return {
    viewCount: total('viewCount'),
    favoriteCount: total('favoriteCount'),
    messageCount: total('messageCount'),
    viewsByDay: await viewsOverLastDays(
      ctx,
      counters.map((item) => item.itemId),
    ),
    items: counters,
  };
}
