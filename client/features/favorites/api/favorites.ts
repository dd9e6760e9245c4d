import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { favoriteIdsSchema, FavoriteStatus } from '../../../../common/schemas/favorites.js';
import { ALREADY_FAVORITED, FAVORITE_TEXTS } from '../../../../common/favorites.js';
import { toast } from '../../../components/ui/toast.js';
import { ApiError, api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import type { FavoriteIds, FavoriteWithItem } from '../../../../common/schemas/favorites.js';

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => ['favorites', 'ids'] as const,
  withItems: () => ['favorites', 'with-items'] as const,
  status: (itemId: number) => ['favorites', 'status', itemId] as const,
};

/** GET /api/favorites/ids: every item the signed-in parent saved, in one call for all cards. */
export function useFavoriteIds() {
  return useQuery({
    queryKey: favoriteKeys.ids(),
    queryFn: ({ signal }) => api.get<FavoriteIds>('/api/favorites/ids', { signal }),
    select: (data) => new Set(data.itemIds),
  });
}

/** GET /api/favorites/with-items: the saved items, newest first (PRODUCT §2 /favorites). */
export function useFavoritesWithItems() {
  return useQuery({
    queryKey: favoriteKeys.withItems(),
    queryFn: ({ signal }) => api.get<FavoriteWithItem[]>('/api/favorites/with-items', { signal }),
  });
}

type Toggle = { itemId: number; favorite: boolean };
type IdsData = z.infer<typeof favoriteIdsSchema>;

/** A duplicate add (409) or the removal of something already gone (404) ends where asked. */
function alreadyThere(error: unknown, favorite: boolean): boolean {
  if (!(error instanceof ApiError)) return false;
  return favorite ? error.status === 409 || error.message === ALREADY_FAVORITED : error.status === 404;
}

/**
 * POST /api/favorites or DELETE /api/favorites/{itemId} (PRODUCT §4: the heart toggles). The heart
 * changes at once and goes back if the server says no; toasts per PRODUCT §8.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, favorite }: Toggle) => {
      try {
        if (favorite) await api.post('/api/favorites', { itemId });
        else await api.delete(`/api/favorites/${itemId}`);
      } catch (error) {
        if (!alreadyThere(error, favorite)) throw error;
      }
    },
    onMutate: async ({ itemId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids() });
      const previous = queryClient.getQueryData<IdsData>(favoriteKeys.ids());
      if (previous) {
        const others = previous.itemIds.filter((id) => id !== itemId);
        queryClient.setQueryData<IdsData>(favoriteKeys.ids(), {
          itemIds: favorite ? [...others, itemId] : others,
        });
      }
      // The per-item answer, used only when the ids could not be read.
      queryClient.setQueryData<FavoriteStatus>(favoriteKeys.status(itemId), (status) =>
        status ? { isFavorited: favorite } : status,
      );
      return { previous };
    },
    onSuccess: (_result, { favorite }) =>
      toast({ title: favorite ? FAVORITE_TEXTS.added : FAVORITE_TEXTS.removed, variant: 'success' }),
    onError: (error, { itemId, favorite }, context) => {
      if (context?.previous) queryClient.setQueryData(favoriteKeys.ids(), context.previous);
      queryClient.setQueryData<FavoriteStatus>(favoriteKeys.status(itemId), (status) =>
        status ? { isFavorited: !favorite } : status,
      );
      handleApiError(error, { title: favorite ? FAVORITE_TEXTS.addFailed : FAVORITE_TEXTS.removeFailed });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

/**
 * One item's heart: whether it is saved, and a toggle. While a toggle for this item is on its
 * way, further taps wait, so a double tap can't send add and remove out of order.
 */
export function useFavorite(itemId: number) {
  const ids = useFavoriteIds();
  // Fallback when the ids can't be read: PRODUCT §7's per-item check, GET /api/favorites/{itemId}.
  const status = useQuery({
    queryKey: favoriteKeys.status(itemId),
    queryFn: ({ signal }) => api.get<FavoriteStatus>(`/api/favorites/${itemId}`, { signal }),
    enabled: ids.isError,
  });
  const toggle = useToggleFavorite();
  const isFavorited = ids.isSuccess ? ids.data.has(itemId) : (status.data?.isFavorited ?? false);
  return {
    isFavorited,
    /** Settled: a failed read leaves the heart usable (it shows unsaved). */
    isReady: ids.isSuccess || (ids.isError && !status.isPending),
    isPending: toggle.isPending,
    toggle: () => {
      if (toggle.isPending) return;
      toggle.mutate({ itemId, favorite: !isFavorited });
    },
  };
}
