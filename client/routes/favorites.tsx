import { Link } from 'react-router';
import { BellRing, Heart, Search } from 'lucide-react';
import { SKELETONS } from '../../common/limits.js';
import { FAVORITE_TEXTS } from '../../common/favorites.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { useFavoritesWithItems } from '../features/favorites/api/favorites.js';
import { ItemGrid } from '../features/items/components/item-grid.js';
import { usePageTitle } from '../lib/use-page-title.js';

/**
 * PRODUCT §2 /favorites: 'Loading your favorites...', then 'No favorites yet' or a count and a
 * grid of item cards. Each card's heart and Message work by themselves (member layout).
 */
export function FavoritesPage() {
  usePageTitle('Favorites');
  const favorites = useFavoritesWithItems();
  const items = favorites.data?.map((favorite) => favorite.item);
  const count = items?.length ?? 0;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-black text-ink-900 sm:text-3xl">
            <Heart className="size-7 fill-accent-500 text-accent-600" aria-hidden="true" />
            Favorites
          </h1>
          <p className="text-ink-600" aria-live="polite">
            {favorites.isPending
              ? FAVORITE_TEXTS.loading
              : favorites.isSuccess
                ? `${count} ${count === 1 ? 'saved item' : 'saved items'}`
                : 'Items you saved with the heart.'}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.alerts}>
            <BellRing aria-hidden="true" />
            Alerts for new items
          </Link>
        </Button>
      </header>

      <ItemGrid
        items={items}
        isPending={favorites.isPending}
        error={favorites.error}
        onRetry={() => void favorites.refetch()}
        skeletonCount={SKELETONS.home}
        label="Favorite items"
        empty={
          <EmptyState
            icon={Heart}
            title={FAVORITE_TEXTS.emptyTitle}
            description={FAVORITE_TEXTS.emptyHint}
            action={
              <Button asChild>
                <Link to={paths.browse}>
                  <Search aria-hidden="true" />
                  Browse Items
                </Link>
              </Button>
            }
          />
        }
      />
    </div>
  );
}
