import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowRight, Expand, PackageOpen, PlusCircle, Search } from 'lucide-react';
import { DISTANCE, FEATURED_SLOTS, PAGE_SIZE, SKELETONS } from '../../common/limits.js';
import type { Item } from '../../common/schemas/items.js';
import { Button } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Input } from '../components/ui/input.js';
import { PremiumCrown } from '../components/ui/trust-marks.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useFeaturedItems } from '../features/discovery/api/discover-items.js';
import { browseHref, type SearchPosition } from '../features/discovery/browse-state.js';
import { NearPlaceButton } from '../features/discovery/components/near-place-button.js';
import {
  isDevicePosition,
  readDevicePosition,
  rememberDevicePosition,
} from '../features/discovery/device-position.js';
import { rememberPlace, useStartingPlace } from '../features/discovery/starting-place.js';
import { itemsQuery } from '../features/items/api/get-items.js';
import { useGeolocation } from '../features/items/components/location-geolocation.js';
import { toast } from '../components/ui/toast.js';
import { ItemCard } from '../features/items/components/item-card.js';
import { ItemGrid } from '../features/items/components/item-grid.js';
import { itemGridImageSizes } from '../features/items/image-sizes.js';
import { useUserProfileDialog } from '../features/users/components/use-user-profile-dialog.js';
import { paths } from '../app/paths.js';
import { cn } from '../lib/cn.js';
import { useHydrated } from '../lib/use-hydrated.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { type HomeFilters, readHomeFilters, recentItemsQuery } from '../features/home/home-filters.js';
import { HomeChips } from '../features/home/components/home-chips.js';
import { QuickActions } from '../features/home/components/quick-actions.js';

/** PRODUCT §2 home dashboard for signed-in members. */
export function HomePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readHomeFilters(searchParams);
  const [search, setSearch] = useState('');
  const starting = useStartingPlace();
  const [devicePosition] = useState(readDevicePosition);
  const [chosen, setChosen] = useState<SearchPosition>();
  // Widening is for one place: choosing another starts near it again.
  const [widenedFor, setWidenedFor] = useState<SearchPosition>();
  // The device's position lives in this tab alone: the server rendered without it, so it
  // counts once the page is taken over, never while (the two renders must agree).
  const hydrated = useHydrated();
  const position = chosen ?? starting.position ?? (hydrated ? devicePosition : null) ?? undefined;
  const widened =
    position !== undefined && widenedFor?.lat === position.lat && widenedFor.lng === position.lng;
  const geolocation = useGeolocation();
  const recent = useQuery({
    ...itemsQuery(recentItemsQuery(filters, position, widened)),
    // The profile's place is a moment away: one request from it, not one without it first.
    enabled: !(position === undefined && starting.isPending),
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

  const choosePlace = (next: SearchPosition) => setChosen(rememberPlace(next));
  const locate = async (): Promise<boolean> => {
    const result = await geolocation.locate();
    if (!result.ok) {
      toast({ title: 'Location Error', description: result.message, variant: 'destructive' });
      return false;
    }
    choosePlace(rememberDevicePosition(result.position));
    return true;
  };

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

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(browseHref({ ...browseState, search: search.trim() }));
  };

  const renderCard = (item: Item, index: number, imageSizes?: string) => (
    <ItemCard
      item={item}
      eager={index < 4}
      imageSizes={imageSizes}
      onOwnerClick={(owner) => profile.open(owner.id)}
    />
  );
  const featuredItems = featured.data ?? [];
  // From lg the Featured row has as many columns as cards (3 to 5), and its photos that width.
  const featuredImageSizes = itemGridImageSizes(
    featuredItems.length >= 5 ? 5 : featuredItems.length === 4 ? 4 : 3,
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

        <form role="search" onSubmit={onSearch} className="flex gap-2">
          <label htmlFor="home-search" className="sr-only">
            Search items
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
              aria-hidden="true"
            />
            <Input
              id="home-search"
              type="search"
              enterKeyHint="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search books, toys, clothes or brands"
              className="pl-10"
            />
          </div>
          <Button type="submit">Search</Button>
        </form>

        <HomeChips filters={filters} onToggle={toggleFilter} />
      </section>

      <QuickActions />

      {featuredItems.length >= FEATURED_SLOTS.min ? (
        <section aria-labelledby="featured" className="grid gap-4">
          <h2 id="featured" className="flex items-center gap-2 text-xl font-black">
            <PremiumCrown className="[&_svg]:size-5" />
            Featured
          </h2>
          <ul
            aria-labelledby="featured"
            className={cn(
              'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3',
              featuredItems.length === 4
                ? 'lg:grid-cols-4'
                : featuredItems.length >= 5
                  ? 'lg:grid-cols-5'
                  : '',
            )}
          >
            {featuredItems.map((item, index) => (
              <li key={item.id} className="min-w-0">
                {renderCard(item, index, featuredImageSizes)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="recent-items" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div>
            <h2 id="recent-items" className="text-xl font-black">
              Recent Items Near You
            </h2>
            <p className="text-sm text-ink-600">
              {position
                ? widened
                  ? 'Closest first, at any distance.'
                  : `Closest first, within ${DISTANCE.nearbyKm} km.`
                : 'Newest first. Choose your place to see what is closest.'}
            </p>
          </div>
          <Link
            to={browseHref(browseState)}
            className="inline-flex min-h-11 items-center gap-1 font-bold text-primary-700 underline-offset-4 hover:underline"
          >
            See all
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <NearPlaceButton
          position={position}
          isDevicePosition={isDevicePosition(position)}
          onChange={choosePlace}
          onLocate={locate}
          locating={geolocation.state.status === 'loading'}
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
            <EmptyState
              icon={PackageOpen}
              title="No items found"
              description={
                position && !widened
                  ? `Nothing is listed within ${DISTANCE.nearbyKm} km yet. See what is further away, or share something yourself.`
                  : filters.category || filters.exchangeType
                    ? 'Nothing matches these choices yet. Try another chip, or share something yourself.'
                    : 'Nothing is listed yet. Be the first family to share something.'
              }
              action={
                <Button asChild>
                  <Link to={paths.listItem}>
                    <PlusCircle aria-hidden="true" />
                    List Your First Item
                  </Link>
                </Button>
              }
            />
          }
        />
        {canWiden ? (
          <Button variant="outline" className="justify-self-center" onClick={() => setWidenedFor(position)}>
            <Expand aria-hidden="true" />
            Show items further away
          </Button>
        ) : null}
      </section>

      {profile.dialog}
    </div>
  );
}
