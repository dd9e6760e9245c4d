import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput } from '../../../../common/schemas/reviews.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import type { Exchange, Review } from '../../../../common/schemas/reviews.js';

export const reviewKeys = {
  all: ['reviews'] as const,
  ofUser: (userId: number) => ['reviews', 'user', userId] as const,
  exchanges: ['reviews', 'exchanges'] as const,
  partners: (itemId: number) => ['reviews', 'partners', itemId] as const,
};

/** GET /api/users/{id}/reviews: what parents who exchanged with them said, newest first. */
export const userReviewsQuery = (userId: number) =>
  queryOptions({
    queryKey: reviewKeys.ofUser(userId),
    queryFn: () => api.get<Review[]>(`/api/users/${userId}/reviews`),
  });

export function useUserReviews(userId: number) {
  return useQuery(userReviewsQuery(userId));
}

/** GET /api/exchanges: one's recorded exchanges, each saying whether a review is still due. */
export function useMyExchanges(enabled = true) {
  return useQuery({
    queryKey: reviewKeys.exchanges,
    queryFn: () => api.get<Exchange[]>('/api/exchanges'),
    enabled,
  });
}

/** GET /api/items/{id}/exchange-partners: who the owner talked with about the item. */
export function useExchangePartners(itemId: number, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.partners(itemId),
    queryFn: () => api.get<Exchange['otherUser'][]>(`/api/items/${itemId}/exchange-partners`),
    enabled,
  });
}

/** POST /api/items/{id}/exchange: the owner records who received the item. */
export function useRecordExchange(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receiverId: number) => api.post<Exchange>(`/api/items/${itemId}/exchange`, { receiverId }),
    onSuccess: (exchange) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['giveaway', itemId] });
      void queryClient.invalidateQueries({ queryKey: ['items'] });
      // The receiver confirms first: the owner's word alone never opens reviews.
      toast({
        title: 'Exchange recorded',
        description: `We asked ${exchange.otherUser.firstName} to confirm. Once they do, you can review each other.`,
        variant: 'success',
      });
    },
    onError: (error) => handleApiError(error, { title: 'Could not record the exchange' }),
  });
}

/** POST /api/exchanges/{id}/reviews: rate the other side once. */
export function useCreateReview(exchangeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => api.post<Review>(`/api/exchanges/${exchangeId}/reviews`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['giveaway'] });
      toast({ title: 'Review posted', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Could not post the review' }),
  });
}

/** POST /api/reviews/{id}/response: the reviewed parent answers once. */
export function useRespondToReview(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (response: string) => api.post<Review>(`/api/reviews/${reviewId}/response`, { response }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      toast({ title: 'Answer posted', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Could not post the answer' }),
  });
}
