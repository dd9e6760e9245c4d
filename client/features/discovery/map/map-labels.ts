import type { ExchangeType } from '../../../../common/enums.js';
import { formatWholeDollars } from '../../../../common/format.js';
import type { Item } from '../../../../common/schemas/items.js';

/**
 * What the map says, kept apart from Leaflet so the main bundle (legend, side list) and tests
 * can use it without loading the map. Colours are the exchange badges' hues (docs/DESIGN.md: Free
 * green, Swap amber, Sell blue), dark enough for white letters.
 */
export const exchangeMarkers: Record<ExchangeType, { letter: string; legend: string; swatch: string }> = {
  free: { letter: 'F', legend: 'Free', swatch: 'bg-free-700' },
  swap: { letter: 'S', legend: 'Swap', swatch: 'bg-swap-700' },
  sell: { letter: '$', legend: 'Sell', swatch: 'bg-sell-700' },
};

/** An item the map can place. */
export type PlacedItem = Item & { latitude: number; longitude: number };

export function hasPosition(item: Item): item is PlacedItem {
  return item.latitude !== null && item.longitude !== null;
}

/** A marker's accessible name: 'Free item: Wooden train set', 'Item for sale, $12: Stroller'. */
export function markerName(item: Pick<Item, 'exchangeType' | 'price' | 'title'>): string {
  if (item.exchangeType === 'free') return `Free item: ${item.title}`;
  if (item.exchangeType === 'swap') return `Swap item: ${item.title}`;
  if (item.price === null) return `Item for sale: ${item.title}`;
  return `Item for sale, ${formatWholeDollars(item.price)}: ${item.title}`;
}

/** A cluster bubble's accessible name; items sharing one spot cannot be zoomed apart. */
export function clusterName(count: number, sameSpot: boolean): string {
  return sameSpot ? `${count} items at this spot` : `Group of ${count} items. Zoom in`;
}

/** PRODUCT §2 popup: 'Listed by' the seller's first name, or 'Anonymous'. */
export function sellerFirstName(item: Pick<Item, 'user'>): string {
  return item.user.firstName.trim() || 'Anonymous';
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Marker icons are HTML strings: anything a parent typed is escaped first. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
