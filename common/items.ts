/**
 * Listing texts, limits and helpers the screens need without the schemas: kept apart from
 * common/schemas/items.ts so a screen that shows items does not download zod (decision 013).
 */
import { LIMITS } from './limits.js';

export const PHOTO_REQUIRED =
  'Photo required – You must upload at least one photo of your item before listing it.';
export const TOO_MANY_IMAGES = 'Too many images';
export const PRICE_ONLY_FOR_SALE = 'Price is only for items for sale';
export const PRICE_REQUIRED_FOR_SALE = 'Price is required for items for sale';

/** The card-sized rendition of an uploaded photo sits beside it: "/uploads/ab12.webp" -> "/uploads/ab12-card.webp". */
export function cardImageUrl(imageUrl: string): string {
  return imageUrl.replace(/\.webp$/, '-card.webp');
}

/** SPEC §5: photo limits count existing and new photos. */
export function maxPhotos(isPremium: boolean): number {
  return isPremium ? LIMITS.photosPremium : LIMITS.photosFree;
}

export const sortOptions = ['relevance', 'newest', 'nearest'] as const;
export type SortOption = (typeof sortOptions)[number];

/**
 * Response headers of GET /api/items: the next page's cursor, the (capped) match count, and
 * whether that count is "at least" (a search whose walk stopped before counting every match).
 */
export const LIST_HEADERS = {
  nextCursor: 'x-next-cursor',
  totalCount: 'x-total-count',
  totalAtLeast: 'x-total-count-at-least',
} as const;
/** Counts stop here so a count never costs more than a page; the screen says "1000+". */
export const COUNT_CAP = 1000;
