import Supercluster from 'supercluster';
import type { PlacedItem } from './map-labels.js';

/**
 * Above this zoom nothing is clustered. Items still together here share a spot (positions
 * are snapped to a ~1 km grid for everyone but the owner), so their bubble lists them instead.
 */
export const CLUSTER_MAX_ZOOM = 16;

/** The map stops one level above, where every item that can stand alone does. */
export const MAP_MAX_ZOOM = CLUSTER_MAX_ZOOM + 2;

export type ItemPoint = { item: PlacedItem };
export type ClusterIndex = Supercluster<ItemPoint>;
export type MapFeature = ReturnType<ClusterIndex['getClusters']>[number];

/**
 * Clusters markers closer than about 50 screen pixels at the current zoom (supercluster
 * measures on a 512-unit tile; Leaflet's tiles are 256 px), so bubbles never overlap.
 */
export function createClusterIndex(items: PlacedItem[]): ClusterIndex {
  const index = new Supercluster<ItemPoint>({ radius: 100, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    items.map((item) => ({
      type: 'Feature' as const,
      properties: { item },
      geometry: { type: 'Point' as const, coordinates: [item.longitude, item.latitude] },
    })),
  );
  return index;
}

export function isCluster(
  feature: MapFeature,
): feature is Supercluster.ClusterFeature<Supercluster.AnyProps> & {
  properties: Supercluster.ClusterProperties;
} {
  return 'cluster' in feature.properties && feature.properties.cluster === true;
}
