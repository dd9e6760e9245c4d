import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../common/schemas/users.js';
import { api, errorMessage } from '../../../lib/api-client.js';
import { withTimeZone } from '../../../lib/time-zone.js';
import { toast } from '../../../components/ui/toast.js';
import { storeSignedInUser } from './current-user.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';

export function login(input: LoginInput) {
  return api.post<CurrentUser>('/api/login', withTimeZone(input));
}

/** Signs in; the toasts are PRODUCT §8's. Field errors are the form's business. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['login'],
    mutationFn: login,
    onSuccess: (user) => {
      storeSignedInUser(queryClient, user);
      toast({
        title: 'Welcome back!',
        description: 'You have been successfully signed in.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Unable to Sign In',
        description: errorMessage(error) || 'Please check your email and password and try again.',
        variant: 'destructive',
      });
    },
  });
}
