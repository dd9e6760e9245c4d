import {
  exchangeTypeLabels,
  exchangeTypes,
  type Category,
  type ExchangeType,
} from '../../../common/enums.js';
import { DISTANCE, PAGE_SIZE } from '../../../common/limits.js';
import type { ListItemsQuery } from '../../../common/schemas/items.js';

/** A place to search from: the parent's, one they chose, or the device's. */
type Place = { lat: number; lng: number; label?: string };

/** PRODUCT §2 home chips: three categories, three exchange types. */
export const categoryChips: Category[] = ['books', 'toys', 'clothes'];

export const exchangeChips: { value: ExchangeType; label: string }[] = exchangeTypes.map((value) => ({
  value,
  // PRODUCT's free chip reads 'Free Only': it narrows the list rather than naming the type.
  label: value === 'free' ? 'Free Only' : exchangeTypeLabels[value],
}));

export type HomeFilters = { category?: Category; exchangeType?: ExchangeType };

/** Reads the chips' state from the URL; anything unknown is ignored. */
export function readHomeFilters(searchParams: URLSearchParams): HomeFilters {
  const category = categoryChips.find((value) => value === searchParams.get('category'));
  const exchangeType = exchangeChips.find(({ value }) => value === searchParams.get('exchangeType'))?.value;
  return { ...(category ? { category } : {}), ...(exchangeType ? { exchangeType } : {}) };
}

/**
 * PRODUCT §2 'Recent Items Near You' query: the chips' filters and PRODUCT §9's 12 items; from the
 * parent's place (starting-place.ts) nearest first within DISTANCE.nearbyKm, or at any
 * distance once widened; newest first when no place is known.
 */
export function recentItemsQuery(
  filters: HomeFilters,
  position: Place | undefined,
  widened = false,
): Partial<ListItemsQuery> {
  if (!position) return { ...filters, limit: PAGE_SIZE.home, sort: 'newest' };
  return {
    ...filters,
    limit: PAGE_SIZE.home,
    lat: position.lat,
    lng: position.lng,
    ...(widened ? {} : { maxDistance: DISTANCE.nearbyKm }),
  };
}
