import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResult } from '../../../../common/schemas/reach.js';
import { api } from '../../../lib/api-client.js';

/**
 * POST /api/notifications/unsubscribe with an e-mail's link token: that kind of e-mail stops.
 * No sign-in needed; a bad token is a 400 with UNSUBSCRIBE_LINK_INVALID.
 */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.post<UnsubscribeResult>('/api/notifications/unsubscribe', { token }),
  });
}

/** POST /api/notifications/resubscribe: the same link's Undo. */
export function useResubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.post<UnsubscribeResult>('/api/notifications/resubscribe', { token }),
  });
}
