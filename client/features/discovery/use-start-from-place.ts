import { useEffect, useRef, useState } from 'react';
import { DISTANCE } from '../../../common/limits.js';
import type { BrowseState, SearchPosition } from './browse-state.js';
import { useStartingPlace } from './starting-place.js';
import type { UpdateBrowseState } from './use-browse-state.js';

/**
 * Browse opens near the parent's place (starting-place.ts) within DISTANCE.nearbyKm, nearest
 * first, when its address names no place. Once per visit: clearing the place afterwards keeps
 * it cleared. Returns whether the results should wait for the place (one request, not two).
 */
export function useStartFromPlace(state: BrowseState, update: UpdateBrowseState): boolean {
  const starting = useStartingPlace();
  const [decided, setDecided] = useState(state.position !== undefined);
  const [startAt, setStartAt] = useState<SearchPosition>();
  if (!decided && !starting.isPending) {
    setDecided(true);
    if (starting.position) setStartAt(starting.position);
  }
  // Applied: the address names the place now, and the results may load.
  if (startAt && state.position) setStartAt(undefined);
  const applied = useRef(false);
  useEffect(() => {
    if (!startAt || applied.current) return;
    applied.current = true;
    update(
      (current) =>
        current.position ? current : { ...current, position: startAt, maxDistance: DISTANCE.nearbyKm },
      { replace: true },
    );
  }, [startAt, update]);
  return !decided || startAt !== undefined;
}
