import { z } from 'zod';
import { NOT_BLANK, text } from './primitives.js';
import { ageRanges, categories, conditions, exchangeTypes, itemStatuses } from '../enums.js';
import { LIMITS, PAGE_SIZE } from '../limits.js';
import { sortOptions } from '../items.js';

// The texts and helpers live in common/items.ts (no zod there); the server keeps importing them
// from here with the schemas.
export {
  COUNT_CAP,
  LIST_HEADERS,
  PHOTO_REQUIRED,
  PRICE_ONLY_FOR_SALE,
  TOO_MANY_IMAGES,
  cardImageUrl,
  maxPhotos,
  sortOptions,
  type SortOption,
} from '../items.js';

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

/** A required select: PRODUCT §5 says select values may not be empty. */
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { message });

/** Optional text: empty strings and null both mean "not given". */
const optionalText = (field: string, max: number) =>
  text()
    .trim()
    .max(max, tooLong(field, max))
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Prices travel as decimal strings with two places ("12.50"). Numbers and strings with up to
 * two decimals are accepted and normalised; at most 8 digits before the point (decimal 10,2).
 */
export const priceSchema = z
  .union([text().trim(), z.number()], { message: 'Price must be a number like 12.50' })
  .transform((value) => String(value))
  .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Price must be a number like 12.50'))
  .transform((value) => Number(value).toFixed(2))
  .refine((value) => Number(value) > 0, 'Price must be more than 0')
  // The checks above run in code, which a JSON Schema cannot show: describe the prices they take.
  .meta({
    anyOf: [
      { type: 'string', pattern: '^(?:[1-9][0-9]{0,7}(?:\\.[0-9]{1,2})?|0\\.(?:0[1-9]|[1-9][0-9]?))$' },
      { type: 'integer', minimum: 1, maximum: 99_999_999 },
    ],
  });

const coordinate = (min: number, max: number, field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`)
    .nullish()
    .transform((value) => value ?? null);

export const imageUrlsSchema = z
  .array(text().trim().min(1).meta(NOT_BLANK).max(LIMITS.profileImageUrl), {
    message: 'imageUrls must be a list of photo URLs',
  })
  // The service refuses an empty list with PRODUCT's 'Photo required' words; the description says so.
  .meta({ minItems: 1 });

/** PRODUCT §3 item fields a parent fills in; server-generated fields are never accepted. */
const itemFieldsSchema = z.object({
  title: text({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .meta(NOT_BLANK)
    .max(LIMITS.itemTitle, tooLong('Title', LIMITS.itemTitle)),
  description: text({ message: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .meta(NOT_BLANK)
    .max(5000, tooLong('Description', 5000)),
  category: requiredChoice(categories, 'Category is required'),
  condition: requiredChoice(conditions, 'Condition is required'),
  ageRange: z
    .union([z.enum(ageRanges, { message: 'Age range must be one of the listed ranges' }), z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null)),
  brand: optionalText('Brand', LIMITS.brand),
  size: optionalText('Size', LIMITS.size),
  exchangeType: requiredChoice(exchangeTypes, 'Exchange type is required'),
  price: priceSchema.nullish().transform((value) => value ?? null),
  imageUrls: imageUrlsSchema,
  latitude: coordinate(-90, 90, 'Latitude'),
  longitude: coordinate(-180, 180, 'Longitude'),
  city: optionalText('City', LIMITS.city),
  zipCode: optionalText('ZIP code', LIMITS.zipCode),
});

/** POST /api/items. userId may be sent (PRODUCT §7) but the server always uses the session's user. */
export const createItemSchema = itemFieldsSchema.extend({
  imageUrls: imageUrlsSchema.default([]),
  userId: z.unknown().optional(),
});
export type CreateItemInput = z.infer<typeof createItemSchema>;
export type CreateItemFormValues = z.input<typeof createItemSchema>;

/** PATCH /api/items/{id}: a status change, the full form, or any part of it. */
export const updateItemSchema = itemFieldsSchema.partial().extend({
  status: z
    .enum(itemStatuses, { message: 'Status must be one of available, sold, swapped, free, completed' })
    .optional(),
  isAvailable: z.boolean({ message: 'isAvailable must be true or false' }).optional(),
  userId: z.unknown().optional(),
});
export type UpdateItemInput = z.infer<typeof updateItemSchema>;

/** The owner summary PRODUCT §3 adds to item views. isPremium is the evaluated premium rule. */
export const itemOwnerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  rating: z.string(),
  totalRatings: z.number().int(),
  isPremium: z.boolean(),
  isVerified: z.boolean(),
});
export type ItemOwner = z.infer<typeof itemOwnerSchema>;

export const itemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  condition: z.string(),
  ageRange: z.string().nullable(),
  brand: z.string().nullable(),
  size: z.string().nullable(),
  exchangeType: z.enum(exchangeTypes),
  price: z.string().nullable(),
  imageUrls: z.array(z.string()),
  userId: z.number().int(),
  isAvailable: z.boolean(),
  status: z.enum(itemStatuses),
  /** Exact for the owner and administrators; snapped to about 1 km for everyone else. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  viewCount: z.number().int(),
  favoriteCount: z.number().int(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: itemOwnerSchema,
  /** Promised to a family (a pending exchange): shown to others as 'Promised' (common/schemas/giveaway.ts). */
  promised: z.boolean(),
  /** Kilometres from the searcher, rounded to 0.5 km; only when a position was given. */
  distance: z.number().nullable().optional(),
  /**
   * Only for the owner and administrators, while the moderation rules or an administrator keep
   * the listing hidden, or it waits for an administrator's review: what others see of it.
   */
  review: z
    .object({
      /** Seen by no one but its owner and administrators. */
      hidden: z.boolean(),
      /** An administrator has decided (a hidden listing stays hidden). */
      decided: z.boolean(),
      reason: z.string().nullable(),
    })
    .optional(),
});
export type Item = z.infer<typeof itemSchema>;

/** Create and update answers: the item, and a warning when something is worth telling. */
export const savedItemSchema = itemSchema.extend({
  warning: z.string().optional(),
  /** After listing: until when only Premium members (and the owner) see the new item (PRODUCT §1). */
  earlyAccessUntil: z.string().optional(),
});
export type SavedItem = z.infer<typeof savedItemSchema>;

/** PRODUCT §3 bulk payload; photos are optional and shared by every item created. */
export const bulkListingSchema = z.object({
  baseTitle: text({ message: 'Base title is required' })
    .trim()
    .min(1, 'Base title is required')
    .meta(NOT_BLANK)
    .max(200, tooLong('Base title', 200)),
  description: text({ message: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .meta(NOT_BLANK)
    .max(5000, tooLong('Description', 5000)),
  category: requiredChoice(categories, 'Category is required'),
  condition: requiredChoice(conditions, 'Condition is required'),
  exchangeType: z
    .enum(exchangeTypes, { message: 'Exchange type must be free, swap or sell' })
    .default('free'),
  price: priceSchema.nullish().transform((value) => value ?? null),
  items: z
    .array(
      z.object({
        title: text({ message: 'Item title is required' })
          .trim()
          .min(1, 'Item title is required')
          .meta(NOT_BLANK)
          .max(LIMITS.itemTitle, tooLong('Item title', LIMITS.itemTitle)),
        specificDescription: optionalText('Item description', 5000),
      }),
      { message: 'At least 2 items required for bulk listing' },
    )
    .min(LIMITS.bulkMinItems, 'At least 2 items required for bulk listing')
    .max(LIMITS.bulkMaxItems, `At most ${LIMITS.bulkMaxItems} items per bulk listing`),
  imageUrls: imageUrlsSchema.default([]),
});
export type BulkListingInput = z.infer<typeof bulkListingSchema>;

export const bulkListingResultSchema = z.object({
  items: z.array(itemSchema),
  warning: z.string().optional(),
});
export type BulkListingResult = z.infer<typeof bulkListingResultSchema>;

export const uploadResultSchema = z.object({ imageUrls: z.array(z.string()) });
export type UploadResult = z.infer<typeof uploadResultSchema>;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/**
 * A position to nine decimal places (far below a millimetre): PostgreSQL refuses a product of
 * floats too small to hold (an underflow), which a coordinate like 2.5e-323 gives in the
 * distance search, so it becomes 0.
 */
const withoutUnderflow = (degrees: number) => Math.round(degrees * 1e9) / 1e9;

const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/**
 * GET /api/items query (PRODUCT §7 plus discovery): text, filters, a position with a radius,
 * the order, and a keyset cursor. Empty parameters are ignored. brand and size are Premium
 * filters (checked by the server).
 */
export const listItemsQuerySchema = z
  .object({
    search: optionalQuery(text().trim().max(200, 'Search must be at most 200 characters')),
    category: optionalQuery(
      z.enum(categories, { message: 'Category must be one of books, toys, clothes, other' }),
    ),
    condition: optionalQuery(
      z.enum(conditions, { message: 'Condition must be one of new, like-new, good, fair' }),
    ),
    exchangeType: optionalQuery(
      z.enum(exchangeTypes, { message: 'Exchange type must be free, swap or sell' }),
    ),
    ageRange: optionalQuery(z.enum(ageRanges, { message: 'Age range must be one of the listed ranges' })),
    brand: optionalQuery(
      text().trim().min(1).meta(NOT_BLANK).max(LIMITS.brand, tooLong('Brand', LIMITS.brand)),
    ),
    size: optionalQuery(text().trim().min(1).meta(NOT_BLANK).max(LIMITS.size, tooLong('Size', LIMITS.size))),
    lat: optionalQuery(
      z.coerce
        .number({ message: 'lat must be a latitude' })
        .min(-90, 'lat must be a latitude')
        .max(90, 'lat must be a latitude')
        .transform(withoutUnderflow),
    ),
    lng: optionalQuery(
      z.coerce
        .number({ message: 'lng must be a longitude' })
        .min(-180, 'lng must be a longitude')
        .max(180, 'lng must be a longitude')
        .transform(withoutUnderflow),
    ),
    maxDistance: optionalQuery(
      z.coerce
        .number({ message: 'maxDistance must be a number of kilometres from 0 to 500' })
        .min(0, 'maxDistance must be a number of kilometres from 0 to 500')
        .max(500, 'maxDistance must be a number of kilometres from 0 to 500'),
    ),
    sort: optionalQuery(z.enum(sortOptions, { message: 'sort must be relevance, newest or nearest' })),
    cursor: optionalQuery(text().max(500, 'Invalid cursor')),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'Limit must be a whole number from 1 to 100' })
        .int('Limit must be a whole number from 1 to 100')
        .min(1, 'Limit must be a whole number from 1 to 100')
        .max(PAGE_SIZE.max, 'Limit must be a whole number from 1 to 100')
        .default(PAGE_SIZE.browse),
    ),
  })
  .superRefine((query, ctx) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lng go together' });
    }
    if (query.maxDistance !== undefined && query.lat === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxDistance'],
        message: 'maxDistance needs a position (lat and lng)',
      });
    }
    if (query.sort === 'nearest' && query.lat === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['sort'],
        message: 'Sorting by distance needs a position (lat and lng)',
      });
    }
  });
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>;
