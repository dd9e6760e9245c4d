import { useMemo } from 'react';
import { DISTANCE, SKELETONS } from '../../common/limits.js';
import { hasPremium } from '../../common/premium.js';
import type { Item } from '../../common/schemas/items.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useDiscoverItems } from '../features/discovery/api/discover-items.js';
import {
  activeFilters,
  clearAll,
  clearFilters,
  hasAnyCriteria,
  toItemsQuery,
  withoutFilter,
} from '../features/discovery/browse-state.js';
import { ActiveFilters } from '../features/discovery/components/active-filters.js';
import { LoadMore } from '../features/discovery/components/load-more.js';
import { rememberPlace } from '../features/discovery/starting-place.js';
import { useStartFromPlace } from '../features/discovery/use-start-from-place.js';
import { MapView } from '../features/discovery/map/map-view.js';
import { useBrowseState } from '../features/discovery/use-browse-state.js';
import { ItemCard } from '../features/items/components/item-card.js';
import { ItemGrid, ItemGridError } from '../features/items/components/item-grid.js';
import { BrowseControls } from '../features/discovery/components/browse-controls.js';
import { BrowseHeader } from '../features/discovery/components/browse-header.js';
import { BrowseResultsTabs } from '../features/discovery/components/browse-results-tabs.js';
import { ShowFurtherButton } from '../features/discovery/components/show-further-button.js';
import { useBrowseResults } from '../features/discovery/use-browse-results.js';
import { useLocateHere } from '../features/discovery/use-locate-here.js';
import { BrowseEmptyState } from '../features/discovery/components/browse-empty-state.js';
import { ItemsWithoutLocation } from '../features/items/components/items-without-location.js';
import { useUserProfileDialog } from '../features/users/components/use-user-profile-dialog.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** How many first cards load their photo at once: about one screenful. */
const EAGER_CARDS = 4;

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
  const here = useLocateHere(({ lat, lng }) => {
    rememberPlace({ lat, lng });
    update((s) => ({ ...s, position: { lat, lng } }));
  });
  const profile = useUserProfileDialog({ viewerId: user.id });

  const shown = useBrowseResults(state, results);
  const { items, placedItems, unplacedItems, loadError } = shown;
  const filters = activeFilters(state, { premium });
  const filtersActive = filters.length > 0;
  // The distance has its own slider outside the collapsible panel.
  const panelFilterCount = filters.filter(({ key }) => key !== 'maxDistance').length;

  const onClearFilters = () => update(clearFilters);
  const renderCard = (item: Item, index: number) => (
    <ItemCard item={item} eager={index < EAGER_CARDS} onOwnerClick={(owner) => profile.open(owner.id)} />
  );

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
      <BrowseHeader />

      <BrowseControls
        state={state}
        update={update}
        premium={premium}
        panelFilterCount={panelFilterCount}
        onLocate={() => void here.locate()}
        locating={here.locating}
      />

      <ActiveFilters
        filters={filters}
        onRemove={(key) => update((s) => withoutFilter(s, key))}
        onClearFilters={onClearFilters}
        onClearAll={hasAnyCriteria(state, { premium }) ? () => update(clearAll) : undefined}
      />

      <BrowseResultsTabs
        view={state.view}
        onViewChange={(view) => update((s) => ({ ...s, view }))}
        count={shown.count}
        grid={
          <>
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
            {shown.canWiden ? (
              <ShowFurtherButton onClick={() => update((s) => ({ ...s, maxDistance: DISTANCE.maxKm }))} />
            ) : null}
            {items.length > 0 && shown.allShown ? loadMore : null}
          </>
        }
        map={
          loadError ? (
            <ItemGridError error={loadError} onRetry={() => void results.refetch()} />
          ) : (
            <MapView
              items={items}
              isPending={results.isPending}
              position={state.position}
              fitKey={JSON.stringify(query)}
              footer={!results.isPending && items.length === 0 ? emptyState : loadMore}
            />
          )
        }
      />

      {profile.dialog}
    </div>
  );
}
