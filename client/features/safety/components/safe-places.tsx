import { lazy, Suspense } from 'react';
import { Clock, MapPin } from 'lucide-react';
import { SAFE_LOCATION_TYPE_LABELS } from '../../../../common/schemas/safe-locations.js';
import { MapLoadBoundary } from '../../../components/map-load-boundary.js';
import { Badge } from '../../../components/ui/badge.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useSafeLocations } from '../../../lib/safe-locations.js';

// docs/DESIGN.md: maps load only when shown; Leaflet comes with this chunk.
const SafePlacesMap = lazy(() => import('../safe-places-map.js'));

/** The suggested meet-up places near the parent: a map beside the list, or a line when there are none. */
export function SafePlaces() {
  const places = useSafeLocations();
  if (places.isPending) return <Skeleton className="h-64 w-full sm:h-80" />;
  if (places.isError || places.data.length === 0) {
    return (
      <p className="rounded-card bg-white p-4 text-ink-700 shadow-soft">
        No suggested places near you yet. Any busy public place from the list above is a good choice.
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <div className="lg:sticky lg:top-24">
        <MapLoadBoundary hint="The list of places still works." className="h-64 rounded-card sm:h-80">
          <Suspense fallback={<Skeleton className="h-64 w-full sm:h-80" />}>
            <SafePlacesMap places={places.data} />
          </Suspense>
        </MapLoadBoundary>
      </div>
      <ul className="grid gap-3" aria-label="Safe meet-up places">
        {places.data.map((place) => (
          <li key={place.id} className="rounded-card border border-ink-200 bg-white p-4 shadow-soft">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-extrabold text-ink-900">{place.name}</h3>
              <Badge variant="primary">
                {SAFE_LOCATION_TYPE_LABELS[place.locationType] ?? place.locationType}
              </Badge>
            </div>
            <p className="mt-1 flex items-start gap-1.5 text-ink-700">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {place.address}, {place.city}
              {place.zipCode ? ` ${place.zipCode}` : ''}
            </p>
            {place.hours ? (
              <p className="mt-1 flex items-start gap-1.5 text-sm text-ink-600">
                <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {place.hours}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
