import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Item, ListItemsQuery } from '../../../../common/schemas/items.js';
import { LIST_HEADERS } from '../../../../common/items.js';
import { api } from '../../../lib/api-client.js';
import type { Place } from '../../../../common/schemas/places.js';

/**
 * Query keys. Discovery lists sit under the items root key (['items', …]) on purpose: every
 * item mutation invalidates ['items'], so a new or edited listing refreshes these too.
 */
export const discoveryKeys = {
  search: (query: Partial<ListItemsQuery>) => ['items', 'discover', query] as const,
  featured: () => ['items', 'featured'] as const,
  places: (q: string) => ['places', 'geocode', q] as const,
};

/** One page of GET /api/items with what its headers say. */
export type ItemsPage = {
  items: Item[];
  /** The next page's cursor; undefined on the last page. */
  nextCursor: string | undefined;
  /** Matches counted up to COUNT_CAP + 1; only the first page carries it. */
  totalCount: number | undefined;
  /** totalCount is a lower bound: "{n}+ items found". */
  totalAtLeast: boolean;
};

export async function fetchItemsPage(
  query: Partial<ListItemsQuery>,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ItemsPage> {
  const { data, headers } = await api.getWithHeaders<Item[]>('/api/items', {
    query: { ...query, cursor },
    signal,
  });
  return itemsPage(data, headers);
}

/** A page from GET /api/items' answer: the items, and the cursor and count its headers carry. */
export function itemsPage(data: Item[], headers: Pick<Headers, 'get'>): ItemsPage {
  const total = headers.get(LIST_HEADERS.totalCount);
  const count = total === null ? Number.NaN : Number(total);
  return {
    items: data,
    nextCursor: headers.get(LIST_HEADERS.nextCursor) || undefined,
    totalCount: Number.isFinite(count) ? count : undefined,
    totalAtLeast: headers.get(LIST_HEADERS.totalAtLeast) === 'true',
  };
}

/** Browse results, a page at a time, following the x-next-cursor header. */
export const discoverItemsQuery = (query: Partial<ListItemsQuery>) =>
  infiniteQueryOptions({
    queryKey: discoveryKeys.search(query),
    queryFn: ({ pageParam, signal }) => fetchItemsPage(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useDiscoverItems(query: Partial<ListItemsQuery>, { enabled = true } = {}) {
  return useInfiniteQuery({ ...discoverItemsQuery(query), enabled });
}

/** GET /api/items/featured: 3 to 5 Premium items, or none (PRODUCT §1 featured homepage slots). */
export const featuredItemsQuery = () =>
  queryOptions({
    queryKey: discoveryKeys.featured(),
    queryFn: ({ signal }) => api.get<Item[]>('/api/items/featured', { signal }),
  });

export function useFeaturedItems() {
  return useQuery(featuredItemsQuery());
}

/** Fewer letters than this are not looked up. */
export const PLACE_QUERY_MIN = 2;

/** GET /api/geocode: places for a city or US ZIP code from the bundled gazetteer. */
export function usePlaceSuggestions(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: discoveryKeys.places(term.toLowerCase()),
    queryFn: ({ signal }) => api.get<Place[]>('/api/geocode', { query: { q: term }, signal }),
    enabled: term.length >= PLACE_QUERY_MIN,
  });
}
