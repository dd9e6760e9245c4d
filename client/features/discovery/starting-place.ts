import { useQuery } from '@tanstack/react-query';
import type { MyPlace } from '../../../common/schemas/places.js';
import { api } from '../../lib/api-client.js';
import { roundCoordinate, type SearchPosition } from './browse-state.js';

/**
 * Where home and browse start: the last place the parent chose on this device (a place picked
 * in a 'Near' box, or their location), else their profile's ZIP code or city as the server's
 * gazetteer places it. Kept in localStorage, rounded as every position in a URL is.
 */
const STORAGE_KEY = 'littleloop.place';

/** Keeps the place for next time; returns it rounded, as it is kept. */
export function rememberPlace(position: SearchPosition): SearchPosition {
  const rounded: SearchPosition = {
    lat: roundCoordinate(position.lat),
    lng: roundCoordinate(position.lng),
    ...(position.label ? { label: position.label } : {}),
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(rounded));
  } catch {
    // Storage can be off (private modes): the profile's place is used next time.
  }
  return rounded;
}

export function readRememberedPlace(): SearchPosition | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { lat, lng, label } = value as Record<string, unknown>;
    if (typeof lat !== 'number' || typeof lng !== 'number') return undefined;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      return undefined;
    }
    return { lat, lng, ...(typeof label === 'string' && label ? { label: label.slice(0, 120) } : {}) };
  } catch {
    return undefined;
  }
}

export const myPlaceQueryKey = ['places', 'mine'] as const;

/** GET /api/places/mine: the profile's place, or null. */
export function useMyPlace(enabled = true) {
  return useQuery({
    queryKey: myPlaceQueryKey,
    queryFn: ({ signal }) => api.get<MyPlace>('/api/places/mine', { signal }),
    enabled,
    staleTime: 5 * 60_000,
    // Without it home and browse start from nowhere, as they did before: no point waiting.
    retry: false,
  });
}

export type StartingPlace = {
  position: SearchPosition | undefined;
  /** Still asking the server for the profile's place. */
  isPending: boolean;
};

/** The place to start from (see above); a failed look-up starts from nowhere, as before. */
export function useStartingPlace(): StartingPlace {
  const remembered = readRememberedPlace();
  const mine = useMyPlace(remembered === undefined);
  if (remembered) return { position: remembered, isPending: false };
  const place = mine.data?.place;
  return {
    position: place
      ? { lat: roundCoordinate(place.latitude), lng: roundCoordinate(place.longitude), label: place.label }
      : undefined,
    isPending: mine.isPending && !mine.isError,
  };
}
