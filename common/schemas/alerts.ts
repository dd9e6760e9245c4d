import { z } from 'zod';
import { NOT_BLANK, text } from './primitives.js';
import { ageRanges, categories, conditions, exchangeTypes } from '../enums.js';
import { LIMITS } from '../limits.js';

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

/** How many alerts of each kind a parent may keep; matching runs over all of them for every new item. */
export const ALERT_LIMITS = {
  wantedPosts: 50,
  savedSearches: 20,
  wantedDescription: 2000,
  searchTerm: 200,
  maxDistanceKm: 500,
} as const;

/** Saved searches send at most one e-mail each per hour (PRODUCT §9); in-app notices are not limited. */
export const SAVED_SEARCH_EMAIL_INTERVAL_MS = 60 * 60 * 1000;

export const SAVED_SEARCH_NEEDS_CRITERION = 'Add a search term or at least one filter';
export const PRICE_RANGE_REVERSED = 'Minimum price must not be more than the maximum price';
export const DISTANCE_NEEDS_HOME =
  'Set your city or ZIP code in your profile to search by distance: distances are measured from there';

/** Optional text: empty strings and null both mean "not given". */
const optionalText = (field: string, max: number) =>
  text({ message: `${field} must be text` })
    .trim()
    .max(max, tooLong(field, max))
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional choice from a list; an empty select means "any". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values, { message }), z.literal('')], { message })
    .nullish()
    .transform((value) => (value ? value : null));

/** A price bound as a decimal string ("12.50"); 0 is allowed as a lower bound. */
const priceBound = (field: string) =>
  z
    .union([text().trim(), z.number()], { message: `${field} must be a number like 12.50` })
    .transform((value) => String(value))
    .pipe(z.string().regex(/^(\d{1,8}(\.\d{1,2})?)?$/, `${field} must be a number like 12.50`))
    // Checked in code, which a JSON Schema cannot show: describe the bounds it takes.
    .meta({
      anyOf: [
        { type: 'string', pattern: '^(?:[0-9]{1,8}(?:\\.[0-9]{1,2})?)?$' },
        { type: 'integer', minimum: 0, maximum: 99_999_999 },
      ],
    })
    .nullish()
    .transform((value) => (value ? Number(value).toFixed(2) : null));

const isActive = z.boolean({ message: 'isActive must be true or false' });

// ---------------------------------------------------------------- Wanted posts (wishlists)

const wantedPostFields = z.object({
  title: text({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .meta(NOT_BLANK)
    .max(LIMITS.itemTitle, tooLong('Title', LIMITS.itemTitle)),
  category: optionalChoice(categories, 'Category must be one of books, toys, clothes, other'),
  ageRange: optionalChoice(ageRanges, 'Age range must be one of the listed ranges'),
  description: optionalText('Description', ALERT_LIMITS.wantedDescription),
});

/**
 * POST /api/wishlists: a Wanted post, what a parent is looking for (PRODUCT §3 wishlists). A new
 * item matches when its title, brand or description contains the post's title words, and its
 * category and age range equal the post's when those are set.
 */
export const createWantedPostSchema = wantedPostFields.extend({ isActive: isActive.default(true) });
export type CreateWantedPostInput = z.infer<typeof createWantedPostSchema>;
export type WantedPostFormValues = z.input<typeof createWantedPostSchema>;

/** PATCH /api/wishlists/{id}: any part of the post; null clears an optional field. */
export const updateWantedPostSchema = wantedPostFields.partial().extend({ isActive: isActive.optional() });
export type UpdateWantedPostInput = z.infer<typeof updateWantedPostSchema>;

export const wantedPostSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  category: z.string().nullable(),
  ageRange: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type WantedPost = z.infer<typeof wantedPostSchema>;

// ---------------------------------------------------------------- Saved searches (Premium)

const savedSearchFields = z.object({
  name: text({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .meta(NOT_BLANK)
    .max(LIMITS.savedSearchName, tooLong('Name', LIMITS.savedSearchName)),
  searchTerm: optionalText('Search term', ALERT_LIMITS.searchTerm),
  category: optionalChoice(categories, 'Category must be one of books, toys, clothes, other'),
  condition: optionalChoice(conditions, 'Condition must be one of new, like-new, good, fair'),
  exchangeType: optionalChoice(exchangeTypes, 'Exchange type must be free, swap or sell'),
  minPrice: priceBound('Minimum price'),
  maxPrice: priceBound('Maximum price'),
  /** Kilometres from the owner's profile town (city or ZIP code). */
  maxDistance: z
    .number({
      message: `maxDistance must be a whole number of kilometres from 1 to ${ALERT_LIMITS.maxDistanceKm}`,
    })
    .int(`maxDistance must be a whole number of kilometres from 1 to ${ALERT_LIMITS.maxDistanceKm}`)
    .min(1, `maxDistance must be a whole number of kilometres from 1 to ${ALERT_LIMITS.maxDistanceKm}`)
    .max(
      ALERT_LIMITS.maxDistanceKm,
      `maxDistance must be a whole number of kilometres from 1 to ${ALERT_LIMITS.maxDistanceKm}`,
    )
    .nullish()
    .transform((value) => value ?? null),
});

const CRITERIA = [
  'searchTerm',
  'category',
  'condition',
  'exchangeType',
  'minPrice',
  'maxPrice',
  'maxDistance',
] as const;
export type SavedSearchCriteria = { [K in (typeof CRITERIA)[number]]?: string | number | null };

/** A saved search with no criterion would match every new item. */
export function hasSearchCriterion(criteria: SavedSearchCriteria): boolean {
  return CRITERIA.some((key) => criteria[key] !== null && criteria[key] !== undefined);
}

/** Both bounds given and the lower one above the upper one. */
export function isPriceRangeReversed(range: { minPrice: string | null; maxPrice: string | null }): boolean {
  return (
    range.minPrice !== null && range.maxPrice !== null && Number(range.minPrice) > Number(range.maxPrice)
  );
}

/**
 * POST /api/saved-searches (Premium): a name, and a term and/or filters. A new item matches
 * like a search would find it: the term in its title, brand or description (prefixes and small
 * typos included), equal category, condition and exchange type, the price inside the range
 * (free items count as 0, swaps have no price), and within maxDistance of the owner's town.
 */
export const createSavedSearchSchema = savedSearchFields
  .extend({ isActive: isActive.default(true) })
  .superRefine((input, ctx) => {
    if (!hasSearchCriterion(input)) {
      ctx.addIssue({ code: 'custom', path: ['searchTerm'], message: SAVED_SEARCH_NEEDS_CRITERION });
    }
    if (isPriceRangeReversed(input)) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: PRICE_RANGE_REVERSED });
    }
  });
export type CreateSavedSearchInput = z.infer<typeof createSavedSearchSchema>;
export type SavedSearchFormValues = z.input<typeof createSavedSearchSchema>;

/** PATCH /api/saved-searches/{id}: any part; the rules above are checked on the result. */
export const updateSavedSearchSchema = savedSearchFields.partial().extend({ isActive: isActive.optional() });
export type UpdateSavedSearchInput = z.infer<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  searchTerm: z.string().nullable(),
  category: z.string().nullable(),
  condition: z.string().nullable(),
  exchangeType: z.string().nullable(),
  minPrice: z.string().nullable(),
  maxPrice: z.string().nullable(),
  maxDistance: z.number().int().nullable(),
  isActive: z.boolean(),
  /** When this search last sent an e-mail; the next one waits an hour from here. */
  lastNotified: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

// ---------------------------------------------------------------- Notifications

export const notificationKinds = ['wanted-match', 'saved-search-match'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  /** wanted-match or saved-search-match today; other kinds may follow, so screens show the title. */
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  itemId: z.number().int().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest 50 and how many of all are unread. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_PAGE_SIZE = 50;
