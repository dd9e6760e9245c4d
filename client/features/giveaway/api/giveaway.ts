import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ArrangePickupInput,
  ChoosePromiseInput,
  Giveaway,
  ItemPromise,
  MyRequest,
} from '../../../../common/schemas/giveaway.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { itemKeys } from '../../../lib/query-keys.js';
import { giveawayKeys } from '../../../lib/query-keys.js';

/** The exchanges list and the review prompts read it (client/features/reviews). */
const REVIEWS_KEY = ['reviews'] as const;

/** GET /api/items/{id}/giveaway: requests and the promise, as this viewer may see them. */
export const giveawayQuery = (itemId: number) =>
  queryOptions({
    queryKey: giveawayKeys.ofItem(itemId),
    queryFn: ({ signal }) => api.get<Giveaway>(`/api/items/${itemId}/giveaway`, { signal }),
  });

export function useGiveaway(itemId: number, enabled = true) {
  return useQuery({ ...giveawayQuery(itemId), enabled });
}

/**
 * A request, a choice or a handover changes the item's 'Promised' mark, its status and who may
 * review whom: everything that shows them refreshes together.
 */
export function refreshGiveaway(queryClient: QueryClient, itemId?: number) {
  void queryClient.invalidateQueries({
    queryKey: itemId === undefined ? giveawayKeys.all : giveawayKeys.ofItem(itemId),
  });
  void queryClient.invalidateQueries({ queryKey: itemKeys.all });
  void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
}

/** POST /api/items/{id}/requests: ask for a free or swap item, with an optional note. */
export function useRequestItem(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      api.post<MyRequest>(`/api/items/${itemId}/requests`, { note: note.trim() || null }),
    onSuccess: () => {
      refreshGiveaway(queryClient, itemId);
      toast({
        title: 'Request sent',
        description: 'The owner will let you know if they choose you.',
        variant: 'success',
      });
    },
    onError: (error) => handleApiError(error, { title: 'Could not send your request' }),
  });
}

/** DELETE /api/items/{id}/requests/mine: withdraw a waiting request. */
export function useWithdrawRequest(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/items/${itemId}/requests/mine`),
    onSuccess: () => {
      refreshGiveaway(queryClient, itemId);
      toast({ title: 'Request withdrawn', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Could not withdraw your request' }),
  });
}

/** PUT /api/items/{id}/request-window: how long requests collect before the owner chooses. */
export function useSetRequestWindow(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: number) => api.put<Giveaway>(`/api/items/${itemId}/request-window`, { hours }),
    onSuccess: (giveaway) => {
      queryClient.setQueryData(giveawayKeys.ofItem(itemId), giveaway);
      toast({ title: 'Waiting time saved', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Could not save the waiting time' }),
  });
}

/** POST /api/items/{id}/promise: promise the item to a requester, or draw one fairly. */
export function useChooseFamily(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: ChoosePromiseInput) => api.post<ItemPromise>(`/api/items/${itemId}/promise`, choice),
    onSuccess: (promise, choice) => {
      refreshGiveaway(queryClient, itemId);
      toast({
        title: `Promised to ${promise.otherUser.firstName}`,
        description:
          'draw' in choice
            ? `${promise.otherUser.firstName} was drawn fairly. Now agree a time and a safe place.`
            : 'Now agree a time and a safe place.',
        variant: 'success',
      });
    },
    onError: (error) => handleApiError(error, { title: 'Could not promise the item' }),
  });
}

/** PATCH /api/exchanges/{id}/pickup: the time and the place the pair agreed. */
export function useArrangePickup(promise: Pick<ItemPromise, 'id' | 'itemId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArrangePickupInput) =>
      api.patch<ItemPromise>(`/api/exchanges/${promise.id}/pickup`, input),
    onSuccess: () => {
      refreshGiveaway(queryClient, promise.itemId);
      toast({ title: 'Pickup saved', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Could not save the pickup' }),
  });
}

type PromiseAction = 'confirm' | 'release' | 'no-show';

const actionTexts: Record<PromiseAction, { done: string; failed: string }> = {
  confirm: { done: 'Handover confirmed', failed: 'Could not confirm the handover' },
  release: { done: 'Promise released', failed: 'Could not release the promise' },
  'no-show': { done: 'Noted: they did not come', failed: 'Could not record that' },
};

/** POST /api/exchanges/{id}/confirm | release | no-show. */
export function usePromiseAction(promise: Pick<ItemPromise, 'id' | 'itemId'>, action: PromiseAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ItemPromise>(`/api/exchanges/${promise.id}/${action}`),
    onSuccess: () => {
      refreshGiveaway(queryClient, promise.itemId);
      toast({ title: actionTexts[action].done, variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: actionTexts[action].failed }),
  });
}
