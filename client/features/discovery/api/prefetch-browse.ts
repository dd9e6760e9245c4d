import type { QueryClient } from '@tanstack/react-query';
import { hasPremium } from '../../../../common/premium.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { parseBrowseState, toItemsQuery } from '../browse-state.js';
import { discoverItemsQuery } from './discover-items.js';

/**
 * Asks for the first page of results a browse URL shows, under the key the Browse screen reads,
 * so a first visit fetches them beside the screen's code instead of after it renders
 * (client/app/router.tsx, preloadSignedInScreen).
 */
export function prefetchBrowseResults(queryClient: QueryClient, user: CurrentUser, search: string) {
  const state = parseBrowseState(new URLSearchParams(search));
  return queryClient.prefetchInfiniteQuery(
    discoverItemsQuery(toItemsQuery(state, { premium: hasPremium(user) })),
  );
}
