import { useDeferredValue, useMemo } from 'react';
import { Expand, LayoutGrid, Map as MapIcon } from 'lucide-react';
import { DISTANCE, SKELETONS } from '../../common/limits.js';
import { hasPremium } from '../../common/premium.js';
import type { Item } from '../../common/schemas/items.js';
import { Button } from '../components/ui/button.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import { toast } from '../components/ui/toast.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useDiscoverItems } from '../features/discovery/api/discover-items.js';
import {
  activeFilters,
  browseViews,
  clearAll,
  clearFilters,
  countText,
  effectiveSort,
  hasAnyCriteria,
  isDistanceActive,
  toItemsQuery,
  withoutFilter,
  type BrowseView,
} from '../features/discovery/browse-state.js';
import { ActiveFilters } from '../features/discovery/components/active-filters.js';
import { LoadMore } from '../features/discovery/components/load-more.js';
import { rememberDevicePosition } from '../features/discovery/device-position.js';
import { rememberPlace } from '../features/discovery/starting-place.js';
import { useStartFromPlace } from '../features/discovery/use-start-from-place.js';
import { MapView } from '../features/discovery/map/map-view.js';
import { useBrowseState } from '../features/discovery/use-browse-state.js';
import { ItemCard } from '../features/items/components/item-card.js';
import { ItemGrid, ItemGridError } from '../features/items/components/item-grid.js';
import { BrowseControls } from '../features/discovery/components/browse-controls.js';
import { BrowseEmptyState } from '../features/discovery/components/browse-empty-state.js';
import { ItemsWithoutLocation } from '../features/items/components/items-without-location.js';
import { useGeolocation } from '../features/items/components/location-geolocation.js';
import { useUserProfileDialog } from '../features/users/components/use-user-profile-dialog.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { uniqueItems } from '../features/discovery/unique-items.js';

/** How many first cards load their photo at once: about one screenful. */
const EAGER_CARDS = 4;
/** Cards rendered with the results at once: two rows on a desktop, the rest follow. */
const FIRST_RENDER_CARDS = 8;
/** Fewer results than this inside a radius offer 'Show items further away'. */
const FEW_NEARBY = 6;

/**
 * PRODUCT §2 Browse: search, filters, a place and a distance, the order, and the results as a
 * grid or a map. Everything the user chooses lives in the URL query (use-browse-state.ts), so
 * a search can be shared and Back and Forward walk through it.
 */
export function BrowsePage() {
  usePageTitle('Browse Items');
  const user = useSignedInUser();
  const premium = hasPremium(user);
  const browse = useBrowseState();
  const { update } = browse;
  const { state, waitForPlace } = useStartFromPlace(browse.state, update);
  const query = useMemo(() => toItemsQuery(state, { premium }), [state, premium]);
  const results = useDiscoverItems(query, { enabled: !waitForPlace });
  const geolocation = useGeolocation();
  const profile = useUserProfileDialog({ viewerId: user.id });

  const items = useMemo(() => uniqueItems(results.data?.pages), [results.data]);
  // The first cards commit at once, so their photos start loading; the others follow in a
  // deferred render, which React splits into short tasks so the page stays responsive. A page
  // rendered on the server also holds only the first ones, so taking it over is quick too.
  const deferredCount = useDeferredValue(items.length, FIRST_RENDER_CARDS);
  const shownCount = Math.min(items.length, Math.max(deferredCount, FIRST_RENDER_CARDS));
  const shownItems = useMemo(() => items.slice(0, shownCount), [items, shownCount]);
  // Nearest first, the items without a location come last (PRODUCT §5 keeps them in a distance
  // search); they get their own heading, so a far-away town's listing does not read as 'near'.
  const splitUnplaced = state.position !== undefined && effectiveSort(state) === 'nearest';
  const placedItems = splitUnplaced ? shownItems.filter((item) => item.distance != null) : shownItems;
  const unplacedItems = splitUnplaced ? shownItems.filter((item) => item.distance == null) : [];
  const firstPage = results.data?.pages[0];
  const total = firstPage?.totalCount ?? (results.hasNextPage ? undefined : items.length);
  const filters = activeFilters(state, { premium });
  const filtersActive = filters.length > 0;
  // The distance has its own slider outside the collapsible panel.
  const panelFilterCount = filters.filter(({ key }) => key !== 'maxDistance').length;
  const loadError = results.isError && !results.data ? results.error : undefined;
  const locating = geolocation.state.status === 'loading';

  const locate = async () => {
    const result = await geolocation.locate();
    if (!result.ok) {
      // PRODUCT §8: location errors surface as toasts with PRODUCT's texts.
      toast({ title: 'Location Error', description: result.message, variant: 'destructive' });
      return;
    }
    const { lat, lng } = rememberDevicePosition(result.position);
    rememberPlace({ lat, lng });
    update((s) => ({ ...s, position: { lat, lng } }));
  };

  const onClearFilters = () => update(clearFilters);
  const renderCard = (item: Item, index: number) => (
    <ItemCard item={item} eager={index < EAGER_CARDS} onOwnerClick={(owner) => profile.open(owner.id)} />
  );
  const placedCount = items.filter((item) => item.distance != null).length;
  const canWiden =
    isDistanceActive(state) && !results.isPending && !results.hasNextPage && placedCount < FEW_NEARBY;

  const emptyState = (
    <BrowseEmptyState
      filtersActive={filtersActive}
      hasSearch={Boolean(state.search)}
      onClearFilters={onClearFilters}
    />
  );

  const loadMore = (
    <LoadMore
      hasNextPage={results.hasNextPage}
      isFetchingNextPage={results.isFetchingNextPage}
      error={results.isFetchNextPageError ? results.error : null}
      onLoadMore={() => void results.fetchNextPage()}
    />
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">Browse Items</h1>
        <p className="mt-1 text-ink-600">
          Books, toys and clothes that families nearby are giving away, swapping or selling.
        </p>
      </header>

      <BrowseControls
        state={state}
        update={update}
        premium={premium}
        panelFilterCount={panelFilterCount}
        onLocate={() => void locate()}
        locating={locating}
      />

      <ActiveFilters
        filters={filters}
        onRemove={(key) => update((s) => withoutFilter(s, key))}
        onClearFilters={onClearFilters}
        onClearAll={hasAnyCriteria(state, { premium }) ? () => update(clearAll) : undefined}
      />

      <Tabs
        value={state.view}
        onValueChange={(view) => {
          const next = browseViews.find((value) => value === view);
          if (next) update((s) => ({ ...s, view: next as BrowseView }));
        }}
        activationMode="manual"
        className="grid gap-4"
      >
        {/* The cards' titles are h3s: this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 className="sr-only">Search results</h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-lg font-extrabold text-ink-900">
            {results.isPending || loadError || total === undefined
              ? ''
              : countText(total, firstPage?.totalAtLeast)}
          </p>
          <TabsList aria-label="View">
            <TabsTrigger value="grid">
              <LayoutGrid aria-hidden="true" />
              Grid
            </TabsTrigger>
            <TabsTrigger value="map">
              <MapIcon aria-hidden="true" />
              Map
            </TabsTrigger>
          </TabsList>
        </div>

        <TabsContent value="grid" className="mt-0 grid gap-2">
          {placedItems.length > 0 || unplacedItems.length === 0 ? (
            <ItemGrid
              items={results.data ? placedItems : undefined}
              isPending={results.isPending}
              error={loadError}
              onRetry={() => void results.refetch()}
              skeletonCount={SKELETONS.browse}
              empty={emptyState}
              label="Search results"
              renderItem={renderCard}
            />
          ) : null}
          {unplacedItems.length > 0 ? (
            <ItemsWithoutLocation
              items={unplacedItems}
              renderItem={(item, index) => renderCard(item, placedItems.length + index)}
            />
          ) : null}
          {canWiden ? (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => update((s) => ({ ...s, maxDistance: DISTANCE.maxKm }))}
            >
              <Expand aria-hidden="true" />
              Show items further away
            </Button>
          ) : null}
          {items.length > 0 && shownCount === items.length ? loadMore : null}
        </TabsContent>

        <TabsContent value="map" className="mt-0">
          {loadError ? (
            <ItemGridError error={loadError} onRetry={() => void results.refetch()} />
          ) : (
            <MapView
              items={items}
              isPending={results.isPending}
              position={state.position}
              fitKey={JSON.stringify(query)}
              footer={!results.isPending && items.length === 0 ? emptyState : loadMore}
            />
          )}
        </TabsContent>
      </Tabs>

      {profile.dialog}
    </div>
  );
}
