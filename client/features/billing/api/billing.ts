import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.js';
import { api, errorMessage } from '../../../lib/api-client.js';
import { authKeys } from '../../auth/api/current-user.js';
import type { BillingRedirect, BillingStatus } from '../../../../common/schemas/billing.js';

export const billingKeys = { status: ['billing'] as const };

export const billingQuery = () =>
  queryOptions({
    queryKey: billingKeys.status,
    queryFn: ({ signal }) => api.get<BillingStatus>('/api/billing', { signal }),
    // Checkout and the portal happen in another tab: coming back here should show the result.
    refetchOnWindowFocus: true,
  });

/** The parent's Premium and whether card billing is set up; polls while a checkout is confirming. */
export function useBillingStatus({ awaitingPayment = false } = {}) {
  return useQuery({
    ...billingQuery(),
    refetchInterval: (query) => (awaitingPayment && !query.state.data?.isPremium ? 3000 : false),
  });
}

/** Premium changed elsewhere (a webhook): the header and every rule read the current user again. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
}

/**
 * Opens a tab at once (inside the click, so no pop-up blocker stops it), then sends it to the
 * address the server answers with: PRODUCT §2's external checkout in a new tab.
 */
function useRedirectInNewTab(path: string, failureTitle: string) {
  return useMutation({
    mutationFn: async (tab: Window | null) => {
      try {
        const { url } = await api.post<BillingRedirect>(path, undefined);
        if (tab) tab.location.href = url;
        else window.location.href = url;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onError: (error) =>
      toast({ title: failureTitle, description: errorMessage(error), variant: 'destructive' }),
  });
}

export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

export const useStartCheckout = () =>
  useRedirectInNewTab('/api/billing/checkout', 'Could not start checkout');
export const useOpenBillingPortal = () =>
  useRedirectInNewTab('/api/billing/portal', 'Could not open subscription management');
