import { useDeferredValue, useMemo } from 'react';
import type { useDiscoverItems } from './api/discover-items.js';
import { countText, effectiveSort, isDistanceActive, type BrowseState } from './browse-state.js';
import { uniqueItems } from './unique-items.js';

/** Cards rendered with the results at once: two rows on a desktop, the rest follow. */
const FIRST_RENDER_CARDS = 8;
/** Fewer results than this inside a radius offer 'Show items further away'. */
const FEW_NEARBY = 6;

/**
 * What Browse shows of its results: the items without repeats, those rendered so far, split
 * into placed and unplaced for a nearest-first search, the count line and whether to offer a
 * wider search.
 */
export function useBrowseResults(state: BrowseState, results: ReturnType<typeof useDiscoverItems>) {
  const items = useMemo(() => uniqueItems(results.data?.pages), [results.data]);
  // The first cards commit at once, so their photos start loading; the others follow in a
  // deferred render, which React splits into short tasks so the page stays responsive. A page
  // rendered on the server also holds only the first ones, so taking it over is quick too.
  const deferredCount = useDeferredValue(items.length, FIRST_RENDER_CARDS);
  const shownCount = Math.min(items.length, Math.max(deferredCount, FIRST_RENDER_CARDS));
  const shownItems = useMemo(() => items.slice(0, shownCount), [items, shownCount]);
  // Nearest first, the items without a location come last (PRODUCT §5 keeps them in a distance
  // search); they get their own heading, so a far-away town's listing does not read as 'near'.
  const splitUnplaced = state.position !== undefined && effectiveSort(state) === 'nearest';
  const placedItems = splitUnplaced ? shownItems.filter((item) => item.distance != null) : shownItems;
  const unplacedItems = splitUnplaced ? shownItems.filter((item) => item.distance == null) : [];
  const firstPage = results.data?.pages[0];
  const total = firstPage?.totalCount ?? (results.hasNextPage ? undefined : items.length);
  const loadError = results.isError && !results.data ? results.error : undefined;
  const placedCount = items.filter((item) => item.distance != null).length;
  return {
    items,
    /** Every item loaded has been rendered: 'Load more' may follow them. */
    allShown: shownCount === items.length,
    placedItems,
    unplacedItems,
    loadError,
    count:
      results.isPending || loadError || total === undefined ? '' : countText(total, firstPage?.totalAtLeast),
    canWiden:
      isDistanceActive(state) && !results.isPending && !results.hasNextPage && placedCount < FEW_NEARBY,
  };
}
