import { useState } from 'react';
import { ChevronDown, MapPin } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.js';
import type { SearchPosition } from '../browse-state.js';
import { NearBox, positionText } from './near-box.js';

type NearPlaceButtonProps = {
  position: SearchPosition | undefined;
  isDevicePosition: boolean;
  onChange: (position: SearchPosition) => void;
  onLocate: () => Promise<boolean>;
  locating: boolean;
};

/**
 * The 'near {place}' chip: says where a list is measured from, and one tap opens the place
 * search (city, ZIP code or the device's location) to change it.
 */
export function NearPlaceButton({
  position,
  isDevicePosition,
  onChange,
  onLocate,
  locating,
}: NearPlaceButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          className="inline-flex min-h-11 max-w-full items-center gap-1.5 justify-self-start rounded-full border border-primary-200 bg-primary-50 px-4 text-sm font-bold text-primary-900 hover:border-primary-400 hover:bg-primary-100"
        >
          <MapPin className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
          <span className="truncate">
            {position ? (
              <>
                Near <span className="font-extrabold">{positionText(position, isDevicePosition)}</span>
              </>
            ) : (
              'Choose your place'
            )}
          </span>
          <span className="sr-only">, change place</span>
          <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label="Change place">
        <NearBox
          position={undefined}
          isDevicePosition={false}
          autoFocus
          onPick={(place) => {
            onChange({ lat: place.latitude, lng: place.longitude, label: place.label });
            setOpen(false);
          }}
          onClear={() => undefined}
          onLocate={() => {
            void onLocate().then((found) => {
              if (found) setOpen(false);
            });
          }}
          locating={locating}
        />
      </PopoverContent>
    </Popover>
  );
}
