import { roundCoordinate } from './browse-state.js';

/**
 * The device position found this session (by 'Use my location' on Browse), so other screens
 * such as home can show what is near without asking the browser again. Kept in sessionStorage,
 * rounded like every position in a URL; it goes when the tab closes.
 */
const STORAGE_KEY = 'littleloop.devicePosition';

export type DevicePosition = { lat: number; lng: number };

export function rememberDevicePosition(position: { latitude: number; longitude: number }): DevicePosition {
  const rounded = { lat: roundCoordinate(position.latitude), lng: roundCoordinate(position.longitude) };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(rounded));
  } catch {
    // Storage can be off (private modes): the position is then only in the URL.
  }
  return rounded;
}

export function readDevicePosition(): DevicePosition | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { lat, lng } = value as Record<string, unknown>;
    if (typeof lat !== 'number' || typeof lng !== 'number') return null;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      return null;
    }
    return { lat, lng };
  } catch {
    return null;
  }
}

/** Whether a search position is the device's own, so the screen can say 'your location'. */
export function isDevicePosition(position: { lat: number; lng: number } | undefined): boolean {
  const device = readDevicePosition();
  return Boolean(position && device && device.lat === position.lat && device.lng === position.lng);
}
