/**
 * The Leaflet part of the location card. It is only ever imported lazily (location-card.tsx),
 * so Leaflet's code and CSS load when the card is shown, not with the rest of the app.
 */
import 'leaflet/dist/leaflet.css';
import '../../../components/ui/littleloop-map.css';
import { useEffect } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULTS } from '../../../../common/limits.js';
import type { Coordinates } from '../../../lib/geolocation.js';
import { useMapTiles } from '../../../lib/map-tiles.js';

// A drawn pin, so no image assets are needed (Leaflet's default icon is a PNG).
const pinIcon = L.divIcon({
  className: 'border-0 bg-transparent',
  html: `<svg viewBox="0 0 36 44" width="36" height="44" aria-hidden="true" style="filter: drop-shadow(0 2px 3px rgb(0 0 0 / 0.35))">
  <path d="M18 43c-1-1.6-15-16-15-26A15 15 0 0 1 33 17c0 10-14 24.4-15 26z" fill="#1e7b72" stroke="#fff" stroke-width="2.5"/>
  <circle cx="18" cy="17" r="5.5" fill="#fff"/>
</svg>`,
  iconSize: [36, 44],
  iconAnchor: [18, 43],
});

export type MapHandle = { getCenter: () => Coordinates };

type LocationMapProps = {
  value: Coordinates | null;
  onPick: (position: Coordinates) => void;
  /** Gives the card a way to read the map's centre, for 'Place pin at map center'. */
  onReady?: (handle: MapHandle) => void;
  label: string;
};

function PickOnClick({ onPick }: { onPick: LocationMapProps['onPick'] }) {
  useMapEvents({
    click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

/** Brings a position chosen elsewhere (the device's, say) into view; clicks are left alone. */
function FollowValue({ value }: { value: Coordinates | null }) {
  const map = useMap();
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const position = L.latLng(latitude, longitude);
    if (map.getBounds().contains(position)) return;
    map.setView(position, Math.max(map.getZoom(), MAP_DEFAULTS.singleMarkerMaxZoom));
  }, [map, latitude, longitude]);
  return null;
}

function Bridge({ onReady, label }: { onReady: LocationMapProps['onReady']; label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    onReady?.({
      getCenter: () => {
        const centre = map.getCenter();
        return { latitude: centre.lat, longitude: centre.lng };
      },
    });
  }, [map, onReady, label]);
  return null;
}

/** docs/DESIGN.md map card body: the configured tiles (OpenStreetMap by default) and one pin; click or tap to drop or move it. */
export default function LocationMap({ value, onPick, onReady, label }: LocationMapProps) {
  const tiles = useMapTiles();
  const centre: [number, number] = value
    ? [value.latitude, value.longitude]
    : [MAP_DEFAULTS.center.lat, MAP_DEFAULTS.center.lng];
  return (
    <MapContainer
      center={centre}
      zoom={value ? MAP_DEFAULTS.singleMarkerMaxZoom : MAP_DEFAULTS.zoom}
      scrollWheelZoom={false}
      className="littleloop-map z-0 h-64 w-full rounded-control bg-ink-100 sm:h-80"
    >
      <TileLayer url={tiles.mapTileUrl} attribution={tiles.mapAttribution} />
      <PickOnClick onPick={onPick} />
      <FollowValue value={value} />
      <Bridge onReady={onReady} label={label} />
      {value ? (
        <Marker
          position={[value.latitude, value.longitude]}
          icon={pinIcon}
          keyboard={false}
          title="Pickup point"
        />
      ) : null}
    </MapContainer>
  );
}
