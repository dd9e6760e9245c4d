import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Item } from '../../../../common/schemas/items.js';
import { MapLoadBoundary } from '../../../components/map-load-boundary.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { SearchPosition } from '../browse-state.js';
import { hasPosition } from './map-labels.js';
import { MapLegend } from './map-legend.js';
import type { MapSelection } from './map-selection.js';
import { MapSideList } from './map-side-list.js';

// docs/DESIGN.md: maps load only when shown. Leaflet, supercluster and their CSS come with this chunk.
const DiscoveryMap = lazy(() => import('./discovery-map.js'));

export const MAP_LABEL = 'Map of items';

type MapViewProps = {
  items: Item[];
  isPending: boolean;
  position: SearchPosition | undefined;
  /** Changes with the search, so the map fits the new results (not on 'Load more'). */
  fitKey: string;
  /** Under the side list: 'Load more', or the empty state. */
  footer?: ReactNode;
};

/**
 * PRODUCT §2 map view: the legend, the map and a side list (beside the map on desktops, under it
 * on phones). Picking an item in either selects it in both.
 */
export function MapView({ items, isPending, position, fitKey, footer }: MapViewProps) {
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const placed = useMemo(() => items.filter(hasPosition), [items]);
  // A pick that left the results (a new search) is no pick.
  const current = selection && items.some((item) => item.id === selection.id) ? selection : null;
  const select = (id: number, source: MapSelection['source']) =>
    setSelection((previous) => ({ id, source, seq: (previous?.seq ?? 0) + 1 }));
  const unplaced = items.length - placed.length;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <MapLegend />
        {!isPending && items.length > 0 ? (
          <p className="text-sm text-ink-600">
            {placed.length} on the map
            {unplaced > 0 ? `, ${unplaced} without a location (in the list)` : ''}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 lg:h-[70vh] lg:min-h-[28rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div
          ref={mapBox}
          className="relative h-[55vh] min-h-72 scroll-mt-4 overflow-hidden rounded-card border border-ink-200 bg-ink-100 lg:h-full"
        >
          <MapLoadBoundary className="size-full" hint="The list shows the same items.">
            <Suspense
              fallback={
                <div className="relative size-full">
                  <Skeleton className="size-full rounded-none" />
                  <p className="absolute inset-0 flex items-center justify-center font-semibold text-ink-600">
                    Loading map…
                  </p>
                </div>
              }
            >
              <DiscoveryMap
                items={placed}
                selection={current}
                onSelect={(id) => select(id, 'map')}
                centre={position}
                fitKey={fitKey}
                ready={!isPending}
                label={MAP_LABEL}
              />
            </Suspense>
          </MapLoadBoundary>
        </div>
        <MapSideList
          items={items}
          isPending={isPending}
          selection={current}
          onSelect={(id) => {
            select(id, 'list');
            // On phones the list is under the map: bring the map (and the opening popup) back into view.
            mapBox.current?.scrollIntoView({ block: 'nearest' });
          }}
          footer={footer}
          className="lg:h-full"
        />
      </div>
    </div>
  );
}
