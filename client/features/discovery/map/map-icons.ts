import L from 'leaflet';
import { cn } from '../../../lib/cn.js';
import { clusterName, escapeHtml, exchangeMarkers, markerName, type PlacedItem } from './map-labels.js';

/**
 * Drawn markers (divIcons): no image assets, the exchange colour and letter inside, and the
 * accessible name as hidden text, since Leaflet makes each marker a focusable role="button".
 */
export function itemIcon(item: PlacedItem, selected: boolean): L.DivIcon {
  const { letter, swatch } = exchangeMarkers[item.exchangeType];
  const size = selected ? 44 : 34;
  return L.divIcon({
    className: 'discovery-marker',
    html: `<span aria-hidden="true" class="${cn(
      'flex size-full items-center justify-center rounded-full border-[3px] border-white text-base font-black text-white shadow-md',
      selected && 'text-lg ring-4 ring-primary-600',
      swatch,
    )}">${escapeHtml(letter)}</span><span class="sr-only">${escapeHtml(markerName(item))}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
}

/** A bubble with the count; bigger for bigger groups. */
export function clusterIcon(count: number, sameSpot: boolean): L.DivIcon {
  const size = count < 10 ? 40 : count < 100 ? 48 : 56;
  return L.divIcon({
    className: 'discovery-marker',
    html: `<span aria-hidden="true" class="flex size-full items-center justify-center rounded-full border-4 border-white/90 bg-primary-700 text-sm font-black text-white shadow-lg ring-4 ring-primary-600/30">${count}</span><span class="sr-only">${escapeHtml(clusterName(count, sameSpot))}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
}
