import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DISTANCE, PAGE_SIZE, SKELETONS } from '../../common/limits.js';
import type { Item } from '../../common/schemas/items.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useFeaturedItems } from '../features/discovery/api/discover-items.js';
import { browseHref } from '../features/discovery/browse-state.js';
import { NearPlaceButton } from '../features/discovery/components/near-place-button.js';
import { ShowFurtherButton } from '../features/discovery/components/show-further-button.js';
import { isDevicePosition } from '../features/discovery/device-position.js';
import { useHomePlace } from '../features/discovery/use-home-place.js';
import { useLocateHere } from '../features/discovery/use-locate-here.js';
import { FeaturedItems } from '../features/home/components/featured-items.js';
import { HomeChips } from '../features/home/components/home-chips.js';
import { HomeSearch } from '../features/home/components/home-search.js';
import { NoRecentItems } from '../features/home/components/no-recent-items.js';
import { QuickActions } from '../features/home/components/quick-actions.js';
import { RecentItemsHeading } from '../features/home/components/recent-items-heading.js';
import { type HomeFilters, readHomeFilters, recentItemsQuery } from '../features/home/home-filters.js';
import { itemsQuery } from '../features/items/api/get-items.js';
import { ItemCard } from '../features/items/components/item-card.js';
import { ItemGrid } from '../features/items/components/item-grid.js';
import { itemGridImageSizes } from '../features/items/image-sizes.js';
import { useUserProfileDialog } from '../features/users/components/use-user-profile-dialog.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2 home dashboard for signed-in members. */
export function HomePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readHomeFilters(searchParams);
  const { position, widened, waiting, widen, choosePlace } = useHomePlace();
  const here = useLocateHere(choosePlace);
  const recent = useQuery({
    ...itemsQuery(recentItemsQuery(filters, position, widened)),
    // The profile's place is a moment away: one request from it, not one without it first.
    enabled: !waiting,
  });
  const featured = useFeaturedItems();
  const profile = useUserProfileDialog({ viewerId: user.id });
  usePageTitle('Home');
  const browseState = {
    ...filters,
    ...(position ? { position, maxDistance: widened ? DISTANCE.maxKm : DISTANCE.nearbyKm } : {}),
  };
  // Within the radius only the placed items are near; the unplaced ones the server keeps in a
  // distance search (PRODUCT §5) wait on Browse, under their own heading.
  const recentItems =
    position && !widened ? recent.data?.filter((item) => item.distance != null) : recent.data;
  const canWiden =
    position !== undefined && !widened && recentItems !== undefined && recentItems.length < PAGE_SIZE.home;

  // Clicking the selected chip clears it (PRODUCT §2); the state lives in the URL.
  const toggleFilter = (key: keyof HomeFilters, value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (next.get(key) === value) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const renderCard = (item: Item, index: number, imageSizes?: string) => (
    <ItemCard
      item={item}
      eager={index < 4}
      imageSizes={imageSizes}
      onOwnerClick={(owner) => profile.open(owner.id)}
    />
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-7 px-4 py-6 sm:gap-10 sm:px-6 sm:py-10">
      <section aria-labelledby="greeting" className="grid gap-4 sm:gap-5">
        <div>
          <h1 id="greeting" className="text-2xl font-black text-ink-900 sm:text-3xl">
            Welcome back, {user.firstName}!
          </h1>
          <p className="mt-1 text-ink-600">What are you looking for today?</p>
        </div>
        <HomeSearch onSearch={(search) => void navigate(browseHref({ ...browseState, search }))} />
        <HomeChips filters={filters} onToggle={toggleFilter} />
      </section>

      <QuickActions />

      <FeaturedItems
        items={featured.data ?? []}
        // From lg the Featured row has as many columns as cards, and its photos that width.
        renderItem={(item, index, columns) => renderCard(item, index, itemGridImageSizes(columns))}
      />

      <section aria-labelledby="recent-items" className="grid gap-4">
        <RecentItemsHeading
          placed={position !== undefined}
          widened={widened}
          seeAllHref={browseHref(browseState)}
        />
        <NearPlaceButton
          position={position}
          isDevicePosition={isDevicePosition(position)}
          onChange={choosePlace}
          onLocate={here.locate}
          locating={here.locating}
        />
        <ItemGrid
          items={recentItems}
          isPending={recent.isPending}
          error={recent.error}
          onRetry={() => void recent.refetch()}
          skeletonCount={SKELETONS.home}
          label="Recent items"
          renderItem={renderCard}
          empty={
            <NoRecentItems
              nearby={position !== undefined && !widened}
              chipsChosen={Boolean(filters.category || filters.exchangeType)}
            />
          }
        />
        {canWiden ? <ShowFurtherButton onClick={widen} /> : null}
      </section>

      {profile.dialog}
    </div>
  );
}
