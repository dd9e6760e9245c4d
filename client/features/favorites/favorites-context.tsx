import { useMemo, type ReactNode } from 'react';
import type { Item } from '../../../common/schemas/items.js';
import { HeartButton } from '../../components/ui/heart-button.js';
import { FavoritesContext, type FavoritesScope } from '../../lib/member-actions.js';
import { useFavorite } from './api/favorites.js';

/**
 * Mounted in the member layout: says that a signed-in member is looking, so item cards show
 * their heart by default (hidden on the member's own items). Outside it, cards show no heart.
 */
export function FavoritesProvider({ viewerId, children }: { viewerId: number; children: ReactNode }) {
  const scope = useMemo<FavoritesScope>(
    () => ({ viewerId, renderHeart: (item) => <ConnectedHeart item={item} /> }),
    [viewerId],
  );
  return <FavoritesContext value={scope}>{children}</FavoritesContext>;
}

/** The default heart: reads the member's favourite ids and toggles with PRODUCT's toasts. */
function ConnectedHeart({ item }: { item: Item }) {
  const favorite = useFavorite(item.id);
  return (
    <HeartButton
      title={item.title}
      pressed={favorite.isFavorited}
      onToggle={favorite.toggle}
      disabled={!favorite.isReady}
    />
  );
}
