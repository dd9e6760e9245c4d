import { createContext, useContext, useMemo, type ReactNode } from 'react';

type FavoritesScope = { viewerId: number };

const FavoritesContext = createContext<FavoritesScope | null>(null);

/**
 * Mounted in the member layout: says that a signed-in member is looking, so item cards show
 * their heart by default (hidden on the member's own items). Outside it, cards show no heart.
 */
export function FavoritesProvider({ viewerId, children }: { viewerId: number; children: ReactNode }) {
  const scope = useMemo(() => ({ viewerId }), [viewerId]);
  return <FavoritesContext value={scope}>{children}</FavoritesContext>;
}

export function useFavoritesScope(): FavoritesScope | null {
  return useContext(FavoritesContext);
}
