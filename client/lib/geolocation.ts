import { useCallback, useState } from 'react';
import { GEOLOCATION_OPTIONS } from '../../common/limits.js';

/** PRODUCT §8 location texts, exactly. */
export const GEOLOCATION_MESSAGES = {
  unsupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied by user',
  unavailable: 'Location information unavailable',
  timeout: 'Location request timed out',
  failed: 'Failed to get location',
} as const;

/** The message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.failed;
  }
}

export type Coordinates = { latitude: number; longitude: number };

/** PRODUCT §4 geolocation: idle, loading, success with a position, or error. */
export type GeolocationState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; position: Coordinates }
  | { status: 'error'; message: string };

export type LocateResult = { ok: true; position: Coordinates } | { ok: false; message: string };

/**
 * Asks the device where it is, with PRODUCT §9's options (high accuracy, 10 s timeout, 5 min
 * maximum age). `locate` never rejects: it resolves with the position or PRODUCT §8's message.
 */
export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>({ status: 'idle' });

  const locate = useCallback((): Promise<LocateResult> => {
    const fail = (message: string): LocateResult => {
      setState({ status: 'error', message });
      return { ok: false, message };
    };
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      return Promise.resolve(fail(GEOLOCATION_MESSAGES.unsupported));
    }
    setState({ status: 'loading' });
    return new Promise((resolve) => {
      try {
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => {
            const position = { latitude: coords.latitude, longitude: coords.longitude };
            setState({ status: 'success', position });
            resolve({ ok: true, position });
          },
          (error) => resolve(fail(geolocationErrorMessage(error?.code))),
          GEOLOCATION_OPTIONS,
        );
      } catch {
        resolve(fail(GEOLOCATION_MESSAGES.failed));
      }
    });
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, locate, reset };
}
