/**
 * Listing texts, limits and helpers the screens need without the schemas: kept apart from
 * common/schemas/items.ts so a screen that shows items does not download zod (decision 013).
 */
import { LIMITS } from './limits.js';

export const PHOTO_REQUIRED =
  'Photo required – You must upload at least one photo of your item before listing it.';
export const TOO_MANY_IMAGES = 'Too many images';
export const PRICE_ONLY_FOR_SALE = 'Price is only for items for sale';
/**
 * PRODUCT §1 early access: a new item reaches free accounts 1 to 2 hours after Premium members.
 * A direct link opened before then answers 403 with this text and Retry-After in seconds.
 */
export const EARLY_ACCESS_ONLY = 'This item is in early access for Premium members';

/** The card-sized rendition of an uploaded photo sits beside it: "/uploads/ab12.webp" -> "/uploads/ab12-card.webp". */
export function cardImageUrl(imageUrl: string): string {
  return imageUrl.replace(/\.webp$/, '-card.webp');
}

/** The 300×225 card rendition: "/uploads/ab12.webp" -> "/uploads/ab12-card-300.webp". */
export function smallCardImageUrl(imageUrl: string): string {
  return imageUrl.replace(/\.webp$/, '-card-300.webp');
}

/** The detail rendition inside 800×800: "/uploads/ab12.webp" -> "/uploads/ab12-800.webp". */
export function mediumImageUrl(imageUrl: string): string {
  return imageUrl.replace(/\.webp$/, '-800.webp');
}

/**
 * Renditions added after photos were first stored, each with the one it is made from: a photo
 * stored before them lacks them until the server's backfill makes them.
 */
export const LATER_RENDITIONS: {
  url: (imageUrl: string) => string;
  madeFrom: (imageUrl: string) => string;
}[] = [
  { url: smallCardImageUrl, madeFrom: cardImageUrl },
  { url: mediumImageUrl, madeFrom: (imageUrl) => imageUrl },
];

/**
 * The srcset of a card photo: both 4:3 card renditions by width. A photo that is not one of ours
 * (no .webp rendition beside it) has none, so it is never asked for in sizes that do not exist.
 */
export function cardImageSrcSet(imageUrl: string): string | undefined {
  if (!imageUrl.endsWith('.webp')) return undefined;
  return `${smallCardImageUrl(imageUrl)} 300w, ${cardImageUrl(imageUrl)} 600w`;
}

/**
 * The srcset of a detail photo: the medium and full renditions by their largest width (a photo
 * smaller than that has renditions as small as itself, never enlarged).
 */
export function detailImageSrcSet(imageUrl: string): string | undefined {
  if (!imageUrl.endsWith('.webp')) return undefined;
  return `${mediumImageUrl(imageUrl)} 800w, ${imageUrl} 1600w`;
}

/** PRODUCT §5: photo limits count existing and new photos. */
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

/** PRODUCT §4: an item without a status, or with 'available', is on the market. */
export function isOnMarket(item: { status: string }): boolean {
  return item.status === 'available';
}
