import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { LocateFixed, MapPin, Search, X } from 'lucide-react';
import type { Place } from '../../../../common/schemas/places.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { errorMessage } from '../../../lib/api-client.js';
import { PLACE_QUERY_MIN, usePlaceSuggestions } from '../api/discover-items.js';
import type { SearchPosition } from '../browse-state.js';

/** How long typing rests before places are looked up. */
const LOOKUP_DEBOUNCE_MS = 250;

type NearBoxProps = {
  position: SearchPosition | undefined;
  /** Says 'your location' rather than coordinates for the device's own position. */
  isDevicePosition: boolean;
  onPick: (place: Place) => void;
  onClear: () => void;
  onLocate: () => void;
  locating: boolean;
  autoFocus?: boolean;
  className?: string;
};

/** How the current search position reads: the place's label, 'your location', or coordinates. */
export function positionText(position: SearchPosition, isDevice: boolean): string {
  if (position.label) return position.label;
  if (isDevice) return 'your location';
  return `${position.lat.toFixed(2)}, ${position.lng.toFixed(2)}`;
}

/**
 * Where to search from: type a city or US ZIP code and pick a suggestion (GET /api/geocode),
 * or use the device's position. A combobox with a listbox of suggestions (WAI-ARIA pattern):
 * arrow keys move, Enter picks the highlighted or else the first place, Escape closes.
 */
export function NearBox({
  position,
  isDevicePosition,
  onPick,
  onClear,
  onLocate,
  locating,
  autoFocus,
  className,
}: NearBoxProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Enter pressed before the places for the typed text arrived: pick when they do.
  const [pickOnArrival, setPickOnArrival] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(text.trim()), LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const suggestions = usePlaceSuggestions(term);
  const places = term.length >= PLACE_QUERY_MIN ? (suggestions.data ?? []) : [];
  const showList = open && text.trim().length >= PLACE_QUERY_MIN && term.length >= PLACE_QUERY_MIN;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (place: Place) => {
    onPick(place);
    setText('');
    setTerm('');
    setOpen(false);
    setActive(-1);
    setPickOnArrival(false);
  };

  const typed = text.trim();
  const settled = term === typed && !suggestions.isFetching;
  // Enter came before the places: once they are in, take the first (in render, so the box
  // empties at once; telling the page waits for the effect below).
  const [arrived, setArrived] = useState<{ place: Place }>();
  if (pickOnArrival && settled) {
    setPickOnArrival(false);
    const first = places[0];
    if (first) {
      setArrived({ place: first });
      setText('');
      setTerm('');
      setOpen(false);
      setActive(-1);
    }
  }
  useEffect(() => {
    if (arrived) onPick(arrived.place);
    // Only a new arrival picks; onPick is the page's latest callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (places.length) setActive((index) => (index + 1) % places.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (places.length) setActive((index) => (index <= 0 ? places.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      // Enter takes the highlighted place, else the best (first) one, waiting for it if need be.
      event.preventDefault();
      if (typed.length < PLACE_QUERY_MIN) return;
      const place = places[active] ?? (settled ? places[0] : undefined);
      if (place) {
        choose(place);
      } else if (!settled) {
        setTerm(typed);
        setOpen(true);
        setPickOnArrival(true);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setText('');
      }
    }
  };

  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={inputId}>Near</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            autoFocus={autoFocus}
            placeholder="City or ZIP code"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="pl-10"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Places"
            hidden={!showList}
            className="absolute inset-x-0 top-full z-40 mt-1 max-h-72 overflow-y-auto rounded-control border border-ink-200 bg-white p-1 shadow-xl"
          >
            {places.map((place, index) => (
              <li
                key={`${place.label}-${place.latitude}-${place.longitude}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keep focus in the box while the pointer picks (blur would close the list first).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-control px-3 text-base text-ink-900',
                  index === active ? 'bg-primary-50 text-primary-900' : 'hover:bg-ink-50',
                )}
              >
                <MapPin className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                <span className="truncate">{place.label}</span>
              </li>
            ))}
            {places.length === 0 ? (
              <li
                role="option"
                aria-disabled="true"
                aria-selected="false"
                className="px-3 py-2.5 text-ink-600"
              >
                {suggestions.isError
                  ? errorMessage(suggestions.error) || 'Places could not be looked up.'
                  : suggestions.isFetching
                    ? 'Looking up places…'
                    : 'No places found. Try a city name or a US ZIP code.'}
              </li>
            ) : null}
          </ul>
        </div>
        <Button
          variant="secondary"
          onClick={onLocate}
          disabled={locating}
          aria-busy={locating}
          className="px-3 sm:px-4"
        >
          {locating ? <ButtonSpinner /> : <LocateFixed aria-hidden="true" />}
          <span className="sr-only sm:not-sr-only">Use my location</span>
        </Button>
      </div>
      {position ? (
        <p className="flex min-w-0 items-center gap-1 text-sm text-ink-700">
          <MapPin className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
          <span className="truncate">
            Near <span className="font-bold">{positionText(position, isDevicePosition)}</span>
          </span>
          <button
            type="button"
            onClick={onClear}
            aria-label="Clear location"
            className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </p>
      ) : null}
    </div>
  );
}
