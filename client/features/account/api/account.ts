import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  UpdateNotificationsInput,
} from '../../../../common/schemas/account.js';
import { toast } from '../../../components/ui/toast.js';
import { ApiError, api, apiRequest } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { authKeys } from '../../auth/api/current-user.js';
import type { MessageResult, ReferralCode } from '../../../../common/schemas/account.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';

/** PATCH /api/user/notifications; the answer becomes the current user. PRODUCT §8: 'Update failed'. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationsInput) => api.patch<CurrentUser>('/api/user/notifications', input),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      toast({ title: 'Settings updated', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Update failed' }),
  });
}

/** POST /api/referral/generate. PRODUCT §8: 'Generation failed'; success says what the code gives. */
export function useGenerateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReferralCode>('/api/referral/generate', undefined),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
      toast({
        title: 'Referral code ready',
        description: 'Share it with a friend: it will give you both 1 week free premium.',
        variant: 'success',
      });
    },
    onError: (error) => handleApiError(error, { title: 'Generation failed' }),
  });
}

export const REFERRAL_INVALID = 'The referral code is invalid or has already been used.';
export const REFERRAL_NETWORK_FAILURE = 'Failed to apply referral code. Please try again.';
export const REFERRAL_APPLIED = 'Referral code applied! You and your friend both earned 1 week free premium.';
/** As built: the week waits until the parent is real, and PRODUCT's 'earned' would not be true yet. */
export const REFERRAL_APPLIED_PENDING =
  'Referral code applied! You and your friend will both earn 1 week free premium once you have verified your e-mail and listed an item or completed a handover.';

/**
 * POST /api/referral/apply with the code trimmed and upper-cased (PRODUCT §5). PRODUCT §8: a refusal
 * is 'Invalid Code' with the server's text (or the generic one); no answer at all is the
 * network failure text.
 */
export function useApplyReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<CurrentUser & { referralRewarded?: boolean }>('/api/referral/apply', {
        referralCode: code.trim().toUpperCase(),
      }),
    onSuccess: ({ referralRewarded = true, ...user }) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      toast({
        title: 'Referral applied',
        description: referralRewarded ? REFERRAL_APPLIED : REFERRAL_APPLIED_PENDING,
        variant: 'success',
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 0) {
        toast({ title: 'Error', description: REFERRAL_NETWORK_FAILURE, variant: 'destructive' });
        return;
      }
      handleApiError(error, { title: 'Invalid Code', description: REFERRAL_INVALID });
    },
  });
}

/** POST /api/user/verification-email: a new verification link. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: () => api.post<MessageResult>('/api/user/verification-email', undefined),
    onSuccess: ({ message }) =>
      toast({ title: 'Verification e-mail sent', description: message, variant: 'success' }),
    onError: (error) => handleApiError(error, { title: 'Could not send the e-mail' }),
  });
}

/**
 * POST /api/user/password. The server signs out every other device; this one keeps going under
 * a new session cookie, so nothing cached needs to change.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<MessageResult>('/api/user/password', input),
    onSuccess: ({ message }) =>
      toast({ title: 'Password changed', description: message, variant: 'success' }),
    onError: (error) => handleApiError(error, { title: 'Could not change your password' }),
  });
}

/** POST /api/verify-email with the link's token; works signed in or not. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<MessageResult>('/api/verify-email', { token }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
  });
}

/** DELETE /api/user; afterwards every cached answer is dropped and the visitor lands on /. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest<MessageResult>('/api/user', { method: 'DELETE', body: input }),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
    onError: (error) => handleApiError(error, { title: 'Could not delete your account' }),
  });
}

/** The export is a plain download: the browser saves the server's attachment. */
export const EXPORT_URL = '/api/user/export';
