import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyPlace } from '../../../common/schemas/places.js';
import { api } from '../../lib/api-client.js';
import { roundCoordinate, type SearchPosition } from './browse-state.js';

/**
 * Where home and browse start: the last place the parent chose on this device (a place picked
 * in a 'Near' box, or their location), else their profile's ZIP code or city as the server's
 * gazetteer places it. Kept in a cookie, rounded as every position in a URL is, so the server
 * renders home and browse from the same place the browser then takes over with.
 */
export const PLACE_COOKIE = 'littleloop.place';
const A_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Keeps the place for next time; returns it rounded, as it is kept. */
export function rememberPlace(position: SearchPosition): SearchPosition {
  const rounded: SearchPosition = {
    lat: roundCoordinate(position.lat),
    lng: roundCoordinate(position.lng),
    ...(position.label ? { label: position.label.slice(0, 120) } : {}),
  };
  document.cookie = `${PLACE_COOKIE}=${encodeURIComponent(JSON.stringify(rounded))}; Path=/; Max-Age=${A_YEAR_SECONDS}; SameSite=Lax`;
  return rounded;
}

/** The remembered place, from this document's cookies or (on the server) the request's. */
export function readRememberedPlace(
  cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie,
): SearchPosition | undefined {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PLACE_COOKIE}=`))
    ?.slice(PLACE_COOKIE.length + 1);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof value !== 'object' || value === null) return undefined;
    const { lat, lng, label } = value as Record<string, unknown>;
    if (typeof lat !== 'number' || typeof lng !== 'number') return undefined;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      return undefined;
    }
    return {
      lat: roundCoordinate(lat),
      lng: roundCoordinate(lng),
      ...(typeof label === 'string' && label ? { label: label.slice(0, 120) } : {}),
    };
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

/**
 * Where the server found the remembered place while rendering (the request's cookie), so the
 * browser takes over from the same place; in the browser, the document's cookie.
 */
export const rememberedPlaceQueryKey = ['places', 'remembered'] as const;

/** The place to start from (see above); a failed look-up starts from nowhere, as before. */
export function useStartingPlace(): StartingPlace {
  const queryClient = useQueryClient();
  // The browser sent the server the cookie it reads here, so both start from the same place.
  const remembered =
    typeof document === 'undefined'
      ? (queryClient.getQueryData<SearchPosition | null>(rememberedPlaceQueryKey) ?? undefined)
      : readRememberedPlace();
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
