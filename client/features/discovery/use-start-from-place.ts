import { useEffect, useRef, useState } from 'react';
import { startingAt, type BrowseState, type SearchPosition } from './browse-state.js';
import { useStartingPlace } from './starting-place.js';
import type { UpdateBrowseState } from './use-browse-state.js';

/**
 * Browse opens near the parent's place (starting-place.ts) within DISTANCE.nearbyKm, nearest
 * first, when its address names no place. Once per visit: clearing the place afterwards keeps
 * it cleared. Returns the state to show, the place already applied while the address catches
 * up (so a page the server rendered from the place is taken over as it is, and nothing is read
 * twice), and whether the results should wait for the place (one request, not two).
 */
export function useStartFromPlace(
  state: BrowseState,
  update: UpdateBrowseState,
): { state: BrowseState; waitForPlace: boolean } {
  const starting = useStartingPlace();
  const [decided, setDecided] = useState(state.position !== undefined);
  const [startAt, setStartAt] = useState<SearchPosition>();
  if (!decided && !starting.isPending) {
    setDecided(true);
    if (starting.position) setStartAt(starting.position);
  }
  // Applied: the address names the place now.
  if (startAt && state.position) setStartAt(undefined);
  const applied = useRef(false);
  useEffect(() => {
    if (!startAt || applied.current) return;
    // In a task of its own: the router's navigation would otherwise lengthen the one task in
    // which a server-rendered page is taken over (docs/PERFORMANCE.md, "Blocking time on /browse").
    const timer = setTimeout(() => {
      applied.current = true;
      update((current) => (current.position ? current : startingAt(current, startAt)), { replace: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [startAt, update]);
  return {
    state: startAt && !state.position ? startingAt(state, startAt) : state,
    waitForPlace: !decided,
  };
}
