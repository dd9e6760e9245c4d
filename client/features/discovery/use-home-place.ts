import { useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.js';
import type { SearchPosition } from './browse-state.js';
import { readDevicePosition } from './device-position.js';
import { rememberPlace, useStartingPlace } from './starting-place.js';

/**
 * The place home lists from: one the parent chose here, else the starting place, else this
 * device's last position; and whether they widened the search beyond the nearby radius.
 */
export function useHomePlace() {
  const starting = useStartingPlace();
  const [devicePosition] = useState(readDevicePosition);
  const [chosen, setChosen] = useState<SearchPosition>();
  // Widening is for one place: choosing another starts near it again.
  const [widenedFor, setWidenedFor] = useState<SearchPosition>();
  // The device's position lives in this tab alone: the server rendered without it, so it
  // counts once the page is taken over, never while (the two renders must agree).
  const hydrated = useHydrated();
  const position = chosen ?? starting.position ?? (hydrated ? devicePosition : null) ?? undefined;
  const widened =
    position !== undefined && widenedFor?.lat === position.lat && widenedFor.lng === position.lng;
  return {
    position,
    widened,
    /** The profile's place is a moment away: no request until it is known. */
    waiting: position === undefined && starting.isPending,
    widen: () => setWidenedFor(position),
    choosePlace: (next: SearchPosition) => setChosen(rememberPlace(next)),
  };
}
