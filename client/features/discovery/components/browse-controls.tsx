import { useId, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import type { BrowseState } from '../browse-state.js';
import { isDevicePosition } from '../device-position.js';
import { rememberPlace } from '../starting-place.js';
import type { UpdateBrowseState } from '../use-browse-state.js';
import { DebouncedInput } from './debounced-input.js';
import { DistanceSlider } from './distance-slider.js';
import { FilterPanel } from './filter-panel.js';
import { NearBox } from './near-box.js';
import { SortSelect } from './sort-select.js';

/**
 * Browse's search box, place, distance and order, and the filters (folded away on phones
 * behind a button that counts the active ones).
 */
export function BrowseControls({
  state,
  update,
  premium,
  panelFilterCount,
  onLocate,
  locating,
}: {
  state: BrowseState;
  update: UpdateBrowseState;
  premium: boolean;
  panelFilterCount: number;
  onLocate: () => void;
  locating: boolean;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchId = useId();
  const filterPanelId = useId();
  const hydrated = useHydrated();
  return (
    <section
      aria-label="Search and filters"
      className="grid gap-4 rounded-card border border-ink-200 bg-white p-4 shadow-soft sm:p-5"
    >
      {/* With no script at all, the browser sends the words to Browse itself. */}
      <form role="search" action={paths.browse} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="sr-only">
          Search items
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
            aria-hidden="true"
          />
          <DebouncedInput
            id={searchId}
            name="search"
            type="search"
            enterKeyHint="search"
            value={state.search}
            maxLength={200}
            placeholder="Search books, toys, clothes or brands"
            onCommit={(search) => update((s) => ({ ...s, search }), { replace: true })}
            className="pl-10"
          />
        </div>
      </form>

      <div
        className={cn(
          'grid items-start gap-4 md:grid-cols-2',
          state.position
            ? 'lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_14rem]'
            : 'lg:grid-cols-[minmax(0,1fr)_14rem]',
        )}
      >
        <NearBox
          position={state.position}
          // The device's position is the browser's alone: a page rendered on the server and
          // the browser's first render of it both say the place, then 'your location'.
          isDevicePosition={hydrated && isDevicePosition(state.position)}
          onPick={(place) => {
            const position = { lat: place.latitude, lng: place.longitude, label: place.label };
            rememberPlace(position);
            update((s) => ({ ...s, position }));
          }}
          onClear={() => update((s) => ({ ...s, position: undefined }))}
          onLocate={onLocate}
          locating={locating}
        />
        {state.position ? (
          <DistanceSlider
            value={state.maxDistance}
            onCommit={(maxDistance) => update((s) => ({ ...s, maxDistance }))}
          />
        ) : null}
        <SortSelect state={state} update={update} />
      </div>

      <div className="grid gap-3">
        <Button
          variant="outline"
          className="justify-self-start lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filterPanelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {filtersOpen ? 'Hide filters' : 'Show filters'}
          {panelFilterCount > 0 ? (
            <span className="rounded-full bg-primary-600 px-2 text-sm text-white">
              {panelFilterCount}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </Button>
        <FilterPanel
          state={state}
          premium={premium}
          update={update}
          className={cn(
            filtersOpen ? 'grid' : 'hidden',
            'items-start gap-4 sm:grid-cols-2 lg:grid lg:grid-cols-3 xl:grid-cols-6',
          )}
          id={filterPanelId}
        />
      </div>
    </section>
  );
}
