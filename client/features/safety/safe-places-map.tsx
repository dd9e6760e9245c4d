/**
 * The safety guide's small map of safe meet-up places. Only ever imported lazily, so Leaflet
 * and its CSS load when the map is shown (docs/DESIGN.md).
 */
import 'leaflet/dist/leaflet.css';
import '../../components/ui/littleloop-map.css';
import { useEffect } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { MAP_DEFAULTS } from '../../../common/limits.js';
import type { SafeLocation } from '../../../common/schemas/safe-locations.js';
import { useMapTiles } from '../../lib/map-tiles.js';

const shieldIcon = L.divIcon({
  className: 'border-0 bg-transparent',
  html: `<svg viewBox="0 0 36 44" width="32" height="40" aria-hidden="true" style="filter: drop-shadow(0 2px 3px rgb(0 0 0 / 0.35))">
  <path d="M18 43c-1-1.6-15-16-15-26A15 15 0 0 1 33 17c0 10-14 24.4-15 26z" fill="#1e7b72" stroke="#fff" stroke-width="2.5"/>
  <path d="M18 9l7 3v5c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9v-5z" fill="#fff"/>
</svg>`,
  iconSize: [32, 40],
  iconAnchor: [16, 39],
  popupAnchor: [0, -36],
});

type Placed = SafeLocation & { latitude: number; longitude: number };

function FitPlaces({ places }: { places: Placed[] }) {
  const map = useMap();
  useEffect(() => {
    map.getContainer().setAttribute('role', 'region');
    map.getContainer().setAttribute('aria-label', 'Map of safe meet-up places');
    if (places.length === 0) return;
    const bounds = L.latLngBounds(places.map((place) => [place.latitude, place.longitude]));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: MAP_DEFAULTS.singleMarkerMaxZoom });
  }, [map, places]);
  return null;
}

export default function SafePlacesMap({ places }: { places: SafeLocation[] }) {
  const tiles = useMapTiles();
  const placed = places.filter(
    (place): place is Placed => place.latitude !== null && place.longitude !== null,
  );
  return (
    <MapContainer
      center={[MAP_DEFAULTS.center.lat, MAP_DEFAULTS.center.lng]}
      zoom={4}
      scrollWheelZoom={false}
      className="littleloop-map z-0 h-64 w-full rounded-card bg-ink-100 sm:h-80"
    >
      <TileLayer url={tiles.mapTileUrl} attribution={tiles.mapAttribution} />
      <FitPlaces places={placed} />
      {placed.map((place) => (
        <Marker
          key={place.id}
          position={[place.latitude, place.longitude]}
          icon={shieldIcon}
          title={place.name}
        >
          <Popup>
            <strong>{place.name}</strong>
            <br />
            {place.address}, {place.city}
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
