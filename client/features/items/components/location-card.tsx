import { lazy, Suspense, useCallback, useRef } from 'react';
import { CircleAlert, Crosshair, LocateFixed, MapPin, X } from 'lucide-react';
import { MapLoadBoundary } from '../../../components/map-load-boundary.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../components/ui/toast.js';
import { useGeolocation, type Coordinates } from '../../../lib/geolocation.js';
import type { MapHandle } from './location-map.js';
import { usePinPlace } from '../api/pin-place.js';

// docs/DESIGN.md: maps load only when shown. Leaflet and its CSS arrive with this chunk.
const LocationMap = lazy(() => import('./location-map.js'));

const MAP_LABEL = 'Map. Click or tap to place the pickup point; arrow keys move the map.';

/** Five decimals is about a metre: precise enough to read back, short enough to listen to. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

type LocationCardProps = {
  value: Coordinates | null;
  onChange: (value: Coordinates | null) => void;
  /** What the server said about latitude or longitude. */
  error?: string | undefined;
  disabled?: boolean;
  title?: string;
};

/**
 * docs/DESIGN.md map card (PRODUCT §2 'Set Location'): a map to drop or move a pin, the device's
 * position on request, and the chosen coordinates as text for screen-reader users.
 *
 * The map follows any value that lands outside its view. Without a pin, the server places the
 * item from the profile's city or ZIP code (docs/API.md, POST /api/items).
 */
export function LocationCard({
  value,
  onChange,
  error,
  disabled = false,
  title = 'Set Location',
}: LocationCardProps) {
  const geolocation = useGeolocation();
  const mapHandle = useRef<MapHandle | null>(null);
  const locating = geolocation.state.status === 'loading';
  const pinPlace = usePinPlace(value).data?.place;

  const onReady = useCallback((handle: MapHandle) => {
    mapHandle.current = handle;
  }, []);

  const onPick = useCallback(
    (position: Coordinates) => {
      if (!disabled) onChange(position);
    },
    [disabled, onChange],
  );

  const locateDevice = async () => {
    const result = await geolocation.locate();
    if (result.ok) onChange(result.position);
    // PRODUCT §8: errors surface as toasts; the text also stays beside the button.
    else toast({ title: 'Location Error', description: result.message, variant: 'destructive' });
  };

  const geolocationError = geolocation.state.status === 'error' ? geolocation.state.message : null;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-extrabold">{title}</h2>
        <CardDescription>
          Tap the map where families can pick the item up, or use your location. Others only see the rough
          area, never the exact spot.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void locateDevice()}
            disabled={disabled || locating}
            aria-busy={locating}
          >
            {locating ? <ButtonSpinner /> : <LocateFixed aria-hidden="true" />}
            Use my location
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              const centre = mapHandle.current?.getCenter();
              if (centre) onChange(centre);
            }}
            disabled={disabled}
          >
            <Crosshair aria-hidden="true" />
            Place pin at map center
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              geolocation.reset();
              onChange(null);
            }}
            disabled={disabled || value === null}
          >
            <X aria-hidden="true" />
            Clear location
          </Button>
        </div>

        <MapLoadBoundary
          className="h-64 rounded-control border border-dashed border-ink-300 sm:h-80"
          hint="You can still use your location, or try again later."
        >
          <Suspense
            fallback={
              <div className="relative">
                <Skeleton className="h-64 w-full sm:h-80" />
                <p className="absolute inset-0 flex items-center justify-center font-semibold text-ink-600">
                  Loading map…
                </p>
              </div>
            }
          >
            <LocationMap value={value} onPick={onPick} onReady={onReady} label={MAP_LABEL} />
          </Suspense>
        </MapLoadBoundary>

        <p aria-live="polite" className="flex items-start gap-2 text-sm text-ink-700">
          <MapPin className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
          {value ? (
            <span>
              {pinPlace ? (
                <>
                  Pin placed near <span className="font-bold">{pinPlace.label}</span>
                  <span className="sr-only"> ({formatCoordinates(value)}, latitude and longitude)</span>
                </>
              ) : (
                <>
                  Pin placed at <span className="font-bold tabular-nums">{formatCoordinates(value)}</span>{' '}
                  <span className="text-ink-600">(latitude, longitude)</span>
                </>
              )}
            </span>
          ) : (
            <span>No location set yet. Items without one do not show up in distance searches.</span>
          )}
        </p>

        {geolocationError ? (
          <p className="flex items-start gap-1.5 text-sm font-semibold text-danger-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{geolocationError}</span>
          </p>
        ) : null}
        {error ? (
          <p className="flex items-start gap-1.5 text-sm font-semibold text-danger-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{error}</span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
