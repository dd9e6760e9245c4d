import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../../../common/limits.js';
import { api, isUnauthorizedError } from '../../../lib/api-client.js';
import { toast, type ToastInput } from '../../../components/ui/toast.js';
import { forgetPrivatePages } from '../../../lib/private-caches.js';
import { clearSession } from './current-user.js';

// Between clearing the session and the redirect to / (PRODUCT §4, ~100 ms) the router already
// sees a visitor; this flag lets it wait instead of bouncing a signed-in-only page to /auth.
let signingOut = false;

export function isSigningOut(): boolean {
  return signingOut;
}

const defaultFailureToast: ToastInput = {
  title: 'Unable to Sign Out',
  description: 'There was an issue signing you out. Please try again.',
};

/**
 * Signs out: forgets the user and all cached data, then goes to / after ~100 ms (PRODUCT §4).
 * `failureToast` lets the admin dashboard use its own wording (PRODUCT §8).
 */
export function useLogout(failureToast: ToastInput = defaultFailureToast) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const leave = () => {
    signingOut = true;
    clearSession(queryClient);
    void forgetPrivatePages();
    window.setTimeout(() => {
      void Promise.resolve(navigate('/', { replace: true })).finally(() => {
        signingOut = false;
      });
    }, TIMINGS.logoutRedirectMs);
  };

  return useMutation({
    mutationKey: ['logout'],
    mutationFn: () => api.post('/api/logout'),
    onSuccess: leave,
    onError: (error) => {
      // A session the server no longer knows is as good as signed out.
      if (isUnauthorizedError(error)) {
        leave();
        return;
      }
      toast({ ...failureToast, variant: 'destructive' });
    },
  });
}
