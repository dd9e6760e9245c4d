import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.js';
import { ApiError, api } from '../../../lib/api-client.js';
import { authKeys } from '../../auth/api/current-user.js';

/** PRODUCT §5: trimmed and upper-cased on send. */
export function normalizeReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

export function applyReferralCode(referralCode: string) {
  return api.post('/api/referral/apply', { referralCode: normalizeReferralCode(referralCode) });
}

/** PRODUCT §7 POST /api/referral/apply with PRODUCT §8's toasts for success, refusal and network failure. */
export function useApplyReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['referral', 'apply'],
    mutationFn: applyReferralCode,
    onSuccess: async () => {
      toast({
        title: 'Referral applied',
        description: 'Referral code applied! You and your friend both earned 1 week free premium.',
        variant: 'success',
      });
      // The free week changes what the account may do.
      await queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
    onError: (error) => {
      // ApiError status 0 is a request that never reached the server.
      if (error instanceof ApiError && error.status > 0) {
        toast({
          title: 'Invalid Code',
          description: error.message || 'The referral code is invalid or has already been used.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Error',
        description: 'Failed to apply referral code. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
