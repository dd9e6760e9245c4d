import { useCallback, useEffect, useMemo, useRef } from 'react';
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
  // The last address written, and the one it was written over. The router renders a new
  // address later than it writes it (a transition, slower while a server page is taken over),
  // so a change made in between (a search typed just as the parent's place was applied) must
  // build on what was written, not on what this render saw, or it would undo it.
  const written = useRef<{ over: string; query: string }>(undefined);
  useEffect(() => {
    // A new address rendered: what was written is shown (or Back went elsewhere meanwhile).
    if (written.current && written.current.over !== query) written.current = undefined;
  }, [query]);

  const update = useCallback<UpdateBrowseState>(
    (change, options = {}) => {
      const current = written.current?.over === query ? written.current.query : query;
      const next = serializeBrowseState(change(parseBrowseState(new URLSearchParams(current)))).toString();
      if (next === current) return;
      written.current = { over: query, query: next };
      setParams(next, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [query, setParams],
  );

  return { state, update };
}
