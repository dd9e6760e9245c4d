import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { cardImageSrcSet, cardImageUrl, detailImageSrcSet } from '../../common/items.js';
import { hasPremium } from '../../common/premium.js';
import type { Item } from '../../common/schemas/items.js';
import type { CurrentUser, PublicUser } from '../../common/schemas/users.js';
import { authKeys } from '../features/auth/api/current-user.js';
import type { MyPlace } from '../../common/schemas/places.js';
import {
  discoverItemsQuery,
  featuredItemsQuery,
  itemsPage,
} from '../features/discovery/api/discover-items.js';
import {
  parseBrowseState,
  roundCoordinate,
  startingAt,
  toItemsQuery,
  type SearchPosition,
} from '../features/discovery/browse-state.js';
import {
  myPlaceQueryKey,
  readRememberedPlace,
  rememberedPlaceQueryKey,
} from '../features/discovery/starting-place.js';
import { itemQuery, itemsQuery } from '../features/items/api/get-items.js';
import { readHomeFilters, recentItemsQuery } from '../features/home/home-filters.js';
import { ITEM_GRID_IMAGE_SIZES, ITEM_PAGE_IMAGE_SIZES } from '../features/items/image-sizes.js';
import { userQuery } from '../features/users/api/get-user.js';
import { buildUrl } from '../lib/api-client.js';
import { parseId } from '../lib/parse-id.js';
import { routePatterns as p } from './paths.js';

/** One API answer as the server read it, on behalf of the parent whose page it renders. */
export type ApiAnswer = { status: number; body: unknown; headers: Pick<Headers, 'get'> };
export type ApiReader = (url: string) => Promise<ApiAnswer>;

/**
 * The photo to ask for first, as its `<img>` asks for it: with the same srcset and sizes the
 * browser picks the same file for both, so it is fetched once.
 */
export type FirstPhoto = { href: string; srcSet: string | undefined; sizes: string | undefined };

/** What the server needs beside the HTML: the page's title and the photo to ask for first. */
export type PrefetchedPage = { title: string; firstPhoto: FirstPhoto | undefined };

const photoToAskFirst = (href: string, srcSet: string | undefined, sizes: string): FirstPhoto => ({
  href,
  srcSet,
  sizes: srcSet ? sizes : undefined,
});

/**
 * Fills a query cache with the answers a signed-in parent's screen reads first, under the keys
 * the screen reads them from, for rendering on the server. Undefined when the screen is not
 * one rendered there (only those whose first view is their data: an item, the browse grid) or
 * an answer is not a 200, so the browser renders it as on any visit (a 404, an error, a map).
 */
export async function prefetchSignedInScreen(
  queryClient: QueryClient,
  url: URL,
  read: ApiReader,
  /** The request's cookies: the place remembered on this device is one (starting-place.ts). */
  cookieHeader = '',
): Promise<PrefetchedPage | undefined> {
  const me = await read('/api/user');
  if (me.status !== 200) return undefined;
  const user = me.body as CurrentUser;
  if (user.isAdmin) return undefined;
  queryClient.setQueryData(authKeys.currentUser, user);

  const itemId = parseId(matchPath(`/${p.item}`, url.pathname)?.params.id);
  if (itemId !== undefined) {
    const answer = await read(`/api/items/${itemId}`);
    if (answer.status !== 200) return undefined;
    const item = answer.body as Item;
    queryClient.setQueryData(itemQuery(itemId).queryKey, item);
    // The owner's public profile gives the place the page shows (their own page uses theirs).
    if (item.userId !== user.id) {
      const owner = await read(`/api/users/${item.userId}`);
      if (owner.status === 200)
        queryClient.setQueryData(userQuery(item.userId).queryKey, owner.body as PublicUser);
    }
    const photo = item.imageUrls[0];
    return {
      title: item.title,
      firstPhoto: photo ? photoToAskFirst(photo, detailImageSrcSet(photo), ITEM_PAGE_IMAGE_SIZES) : undefined,
    };
  }

  if (url.pathname === '/') {
    const position = await startingPlace(queryClient, read, cookieHeader);
    const featured = await read('/api/items/featured');
    if (featured.status !== 200) return undefined;
    queryClient.setQueryData(featuredItemsQuery().queryKey, featured.body as Item[]);
    const recentQuery = recentItemsQuery(readHomeFilters(url.searchParams), position);
    const recent = await read(buildUrl('/api/items', recentQuery));
    if (recent.status !== 200) return undefined;
    queryClient.setQueryData(itemsQuery(recentQuery).queryKey, recent.body as Item[]);
    // The first photo on screen: the recent grid's (which shows only the placed items near a
    // place), above the Featured row.
    const recentShown = (recent.body as Item[]).filter((item) => !position || item.distance != null);
    const firstCard = [...recentShown, ...(featured.body as Item[])].find((item) => item.imageUrls.length > 0)
      ?.imageUrls[0];
    return {
      title: 'Home',
      firstPhoto: firstCard
        ? photoToAskFirst(cardImageUrl(firstCard), cardImageSrcSet(firstCard), ITEM_GRID_IMAGE_SIZES)
        : undefined,
    };
  }

  if (matchPath(`/${p.browse}`, url.pathname)) {
    const asked = parseBrowseState(url.searchParams);
    // A browse naming no place starts from the parent's, as the browser will (use-start-from-place.ts).
    const position = asked.position ? undefined : await startingPlace(queryClient, read, cookieHeader);
    const state = position ? startingAt(asked, position) : asked;
    if (state.view !== 'grid') return undefined; // the map is drawn by the browser alone
    const query = toItemsQuery(state, { premium: hasPremium(user) });
    const answer = await read(buildUrl('/api/items', query));
    if (answer.status !== 200) return undefined;
    const page = itemsPage(answer.body as Item[], answer.headers);
    queryClient.setQueryData(discoverItemsQuery(query).queryKey, { pages: [page], pageParams: [undefined] });
    const firstCard = page.items.find((item) => item.imageUrls.length > 0)?.imageUrls[0];
    return {
      title: 'Browse Items',
      firstPhoto: firstCard
        ? photoToAskFirst(cardImageUrl(firstCard), cardImageSrcSet(firstCard), ITEM_GRID_IMAGE_SIZES)
        : undefined,
    };
  }
  return undefined;
}

/**
 * The place home and browse start from, as the browser will find it (starting-place.ts): the
 * one remembered in the request's cookie, else the profile's, kept in the cache the page carries.
 */
async function startingPlace(
  queryClient: QueryClient,
  read: ApiReader,
  cookieHeader: string,
): Promise<SearchPosition | undefined> {
  const remembered = readRememberedPlace(cookieHeader);
  queryClient.setQueryData(rememberedPlaceQueryKey, remembered ?? null);
  if (remembered) return remembered;
  const mine = await read('/api/places/mine');
  if (mine.status !== 200) return undefined;
  const { place } = mine.body as MyPlace;
  queryClient.setQueryData(myPlaceQueryKey, mine.body as MyPlace);
  return place
    ? { lat: roundCoordinate(place.latitude), lng: roundCoordinate(place.longitude), label: place.label }
    : undefined;
}
