/**
 * The Leaflet part of the Browse map. Only ever imported lazily (map-view.tsx), so Leaflet,
 * supercluster and the map CSS load when the map is shown, not with the rest of the app.
 */
import 'leaflet/dist/leaflet.css';
import './discovery-map.css';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import L from 'leaflet';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { categoryLabels, conditionLabels, type Category, type Condition } from '../../../../common/enums.js';
import { exchangePriceLabel } from '../../../../common/format.js';
import { MAP_DEFAULTS } from '../../../../common/limits.js';
import { paths } from '../../../app/paths.js';
import { Badge, exchangeBadgeVariant } from '../../../components/ui/badge.js';
import type { SearchPosition } from '../browse-state.js';
import {
  CLUSTER_MAX_ZOOM,
  MAP_MAX_ZOOM,
  createClusterIndex,
  isCluster,
  type ClusterIndex,
} from './clusters.js';
import { clusterIcon, itemIcon } from './map-icons.js';
import { sellerFirstName, type PlacedItem } from './map-labels.js';
import type { MapSelection } from './map-selection.js';
import { useMapTiles } from '../../../lib/map-tiles.js';

/** A list pick pans here at least, so the chosen marker stands clear of its neighbours. */
const FOCUS_ZOOM = 13;

export type DiscoveryMapProps = {
  items: PlacedItem[];
  selection: MapSelection | null;
  onSelect: (id: number) => void;
  /** The search position: the map starts there and marks it. */
  centre: SearchPosition | undefined;
  /** Changes when the search does; the map then fits its markers again (not on 'Load more'). */
  fitKey: string;
  /** False while a search is loading: the map stays where it is until the results arrive. */
  ready: boolean;
  label: string;
};

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** PRODUCT §2 Browse map: the configured tiles (OpenStreetMap by default), clustered markers and popups; keyboard friendly. */
export default function DiscoveryMap({
  items,
  selection,
  onSelect,
  centre,
  fitKey,
  ready,
  label,
}: DiscoveryMapProps) {
  const tiles = useMapTiles();
  const start = centre ?? MAP_DEFAULTS.center;
  return (
    <MapContainer
      center={[start.lat, start.lng]}
      zoom={MAP_DEFAULTS.zoom}
      maxZoom={MAP_MAX_ZOOM}
      keyboard
      className="littleloop-map discovery-map z-0 size-full bg-ink-100"
    >
      <TileLayer url={tiles.mapTileUrl} attribution={tiles.mapAttribution} maxZoom={MAP_MAX_ZOOM} />
      <MapLabel label={label} />
      {centre ? (
        <CircleMarker
          center={[centre.lat, centre.lng]}
          radius={8}
          interactive={false}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1e7b72', fillOpacity: 1 }}
        />
      ) : null}
      {/* Markers first: they must be listening before the first fit moves the map. */}
      <ItemMarkers items={items} selection={selection} onSelect={onSelect} />
      <FitToItems items={items} centre={centre} fitKey={fitKey} ready={ready} />
    </MapContainer>
  );
}

/** Names the map for assistive technology; the side list is the way through the results. */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/**
 * PRODUCT §9: the default centre and zoom with no items (the search position if there is one),
 * otherwise the markers' bounds, never closer than zoom 15 (so a single marker is not at street level).
 */
function FitToItems({
  items,
  centre,
  fitKey,
  ready,
}: {
  items: PlacedItem[];
  centre: SearchPosition | undefined;
  fitKey: string;
  ready: boolean;
}) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const key = `${fitKey}|${items.length > 0}`;
    if (fitted.current === key) return;
    fitted.current = key;
    if (items.length === 0) {
      const start = centre ?? MAP_DEFAULTS.center;
      map.setView([start.lat, start.lng], MAP_DEFAULTS.zoom, { animate: false });
      return;
    }
    const bounds = L.latLngBounds(items.map((item) => [item.latitude, item.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: MAP_DEFAULTS.singleMarkerMaxZoom, animate: false });
  }, [map, items, centre, fitKey, ready]);
  return null;
}

/** The map's zoom and bounds as a string, re-read whenever the map stops moving. */
function useMapView(): { zoom: number; bbox: [number, number, number, number] } {
  const map = useMap();
  const subscribe = useCallback(
    (onChange: () => void) => {
      map.on('moveend', onChange);
      return () => {
        map.off('moveend', onChange);
      };
    },
    [map],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => `${map.getZoom()}|${map.getBounds().toBBoxString()}`,
  );
  return useMemo(() => {
    const [zoom = '0', bbox = ''] = snapshot.split('|');
    const [west = -180, south = -85, east = 180, north = 85] = bbox.split(',').map(Number);
    return { zoom: Math.round(Number(zoom)), bbox: [west, south, east, north] };
  }, [snapshot]);
}

/**
 * Markers, clustered with supercluster when they crowd. The selected item always stands on its
 * own (highlighted, on top, its popup open), so a pick from the list is never lost in a bubble.
 */
function ItemMarkers({
  items,
  selection,
  onSelect,
}: {
  items: PlacedItem[];
  selection: MapSelection | null;
  onSelect: (id: number) => void;
}) {
  const view = useMapView();
  const selectedId = selection?.id;
  const index = useMemo(
    () => createClusterIndex(items.filter((item) => item.id !== selectedId)),
    [items, selectedId],
  );
  const selected = items.find((item) => item.id === selectedId);
  const features = index.getClusters(view.bbox, view.zoom);

  return (
    <>
      {features.map((feature) => {
        if (isCluster(feature)) {
          const [lng = 0, lat = 0] = feature.geometry.coordinates;
          return (
            <ClusterMarker
              key={`cluster-${feature.properties.cluster_id}`}
              index={index}
              clusterId={feature.properties.cluster_id}
              count={feature.properties.point_count}
              position={[lat, lng]}
              onSelect={onSelect}
            />
          );
        }
        const { item } = feature.properties as { item: PlacedItem };
        return <ItemMarker key={`item-${item.id}`} item={item} selection={null} onSelect={onSelect} />;
      })}
      {selected ? (
        <ItemMarker key={`item-${selected.id}`} item={selected} selection={selection} onSelect={onSelect} />
      ) : null}
    </>
  );
}

function ItemMarker({
  item,
  selection,
  onSelect,
}: {
  item: PlacedItem;
  /** Set only on the selected item's marker. */
  selection: MapSelection | null;
  onSelect: (id: number) => void;
}) {
  const map = useMap();
  const marker = useRef<L.Marker>(null);
  const selected = selection !== null;
  const icon = useMemo(() => itemIcon(item, selected), [item, selected]);
  const seq = selection?.seq ?? 0;
  const fromList = selection?.source === 'list';
  const { latitude, longitude } = item;

  // A new pick: from the list the map pans to the marker; either way its popup opens.
  useEffect(() => {
    if (!seq) return;
    if (fromList) {
      map.setView([latitude, longitude], Math.max(map.getZoom(), FOCUS_ZOOM), {
        animate: !prefersReducedMotion(),
      });
    }
    marker.current?.openPopup();
  }, [map, seq, fromList, latitude, longitude]);

  return (
    <Marker
      ref={marker}
      position={[latitude, longitude]}
      icon={icon}
      title={item.title}
      keyboard
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={{
        // Clicking a marker (or Enter on it) opens its popup; that selects the list entry.
        popupopen: () => {
          if (!selected) onSelect(item.id);
        },
      }}
    >
      <Popup>
        <ItemPopup item={item} />
      </Popup>
    </Marker>
  );
}

/** PRODUCT §2 popup: title, category and condition, price or Free/Swap, 'Listed by', and a link. */
function ItemPopup({ item }: { item: PlacedItem }) {
  const category = categoryLabels[item.category as Category] ?? item.category;
  const condition = conditionLabels[item.condition as Condition] ?? item.condition;
  return (
    <div className="grid min-w-44 gap-1.5 font-sans text-ink-900">
      <p className="text-base leading-snug font-extrabold">{item.title}</p>
      <p className="text-sm text-ink-600">
        {category} · {condition}
      </p>
      <p>
        <Badge variant={exchangeBadgeVariant[item.exchangeType]} className="text-sm">
          {exchangePriceLabel(item)}
        </Badge>
      </p>
      <p className="text-sm text-ink-700">
        Listed by <span className="font-bold">{sellerFirstName(item)}</span>
      </p>
      <Link to={paths.item(item.id)} aria-label={`View item: ${item.title}`} className="discovery-popup-link">
        View item
      </Link>
    </div>
  );
}

/**
 * A bubble with its count. Clicking (or Enter) zooms in until it splits; items that share one
 * spot never split, so their bubble opens a list of them instead.
 */
function ClusterMarker({
  index,
  clusterId,
  count,
  position,
  onSelect,
}: {
  index: ClusterIndex;
  clusterId: number;
  count: number;
  position: [number, number];
  onSelect: (id: number) => void;
}) {
  const map = useMap();
  const expansionZoom = index.getClusterExpansionZoom(clusterId);
  const sameSpot = expansionZoom > CLUSTER_MAX_ZOOM;
  const icon = useMemo(() => clusterIcon(count, sameSpot), [count, sameSpot]);
  const expand = () => map.setView(position, expansionZoom, { animate: !prefersReducedMotion() });

  if (sameSpot) {
    const leaves = index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.item);
    return (
      <Marker position={position} icon={icon} keyboard>
        <Popup>
          <div className="grid gap-1 font-sans text-ink-900">
            <p className="text-sm font-extrabold">{count} items here</p>
            <ul className="grid max-h-56 gap-0.5 overflow-y-auto">
              {leaves.map((leaf) => (
                <li key={leaf.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(leaf.id)}
                    className="min-h-11 w-full rounded-control px-2 text-left text-sm font-bold hover:bg-primary-50"
                  >
                    {leaf.title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </Popup>
      </Marker>
    );
  }

  return (
    <Marker
      position={position}
      icon={icon}
      keyboard
      eventHandlers={{
        click: expand,
        keypress: (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') expand();
        },
      }}
    />
  );
}
