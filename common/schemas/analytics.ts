import { z } from 'zod';

/** Days the views chart covers, today included. */
export const ANALYTICS_DAYS = 30;

/** One bar of the chart: a UTC day (YYYY-MM-DD) and the parents who viewed that day. */
export const viewsOnDaySchema = z.object({ day: z.string(), views: z.number().int() });
export type ViewsOnDay = z.infer<typeof viewsOnDaySchema>;

/**
 * GET /api/items/{id}/analytics (Premium owners, PRODUCT §1): totals since listing, and views per
 * day for the last 30 days, oldest first and zero-filled. A view is one signed-in parent other
 * than the owner opening the item, counted once per day.
 */
export const itemAnalyticsSchema = z.object({
  itemId: z.number().int(),
  viewCount: z.number().int(),
  favoriteCount: z.number().int(),
  messageCount: z.number().int(),
  viewsByDay: z.array(viewsOnDaySchema),
});
export type ItemAnalytics = z.infer<typeof itemAnalyticsSchema>;

/** GET /api/analytics: the same for all of the owner's items together, for the profile. */
export const ownerAnalyticsSchema = z.object({
  viewCount: z.number().int(),
  favoriteCount: z.number().int(),
  messageCount: z.number().int(),
  viewsByDay: z.array(viewsOnDaySchema),
  items: z.array(
    z.object({
      itemId: z.number().int(),
      title: z.string(),
      viewCount: z.number().int(),
      favoriteCount: z.number().int(),
      messageCount: z.number().int(),
    }),
  ),
});
export type OwnerAnalytics = z.infer<typeof ownerAnalyticsSchema>;
