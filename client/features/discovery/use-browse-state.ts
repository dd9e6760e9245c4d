import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseBrowseState, serializeBrowseState, type BrowseState } from './browse-state.js';

export type UpdateBrowseState = (
  change: (state: BrowseState) => BrowseState,
  options?: { replace?: boolean },
) => void;

/**
 * The Browse state read from, and written to, the URL query. A change pushes a history entry
 * (choosing a filter: Back undoes it) unless `replace` is asked for (typing in a search box).
 * The page keeps its scroll position either way.
 */
export function useBrowseState(): { state: BrowseState; update: UpdateBrowseState } {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => parseBrowseState(new URLSearchParams(query)), [query]);

  const update = useCallback<UpdateBrowseState>(
    (change, options = {}) => {
      const next = serializeBrowseState(change(parseBrowseState(new URLSearchParams(query))));
      if (next.toString() === query) return;
      setParams(next, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [query, setParams],
  );

  return { state, update };
}
