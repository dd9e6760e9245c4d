import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../common/schemas/users.js';
import { PRODUCT_NAME } from '../../../../common/product-copy.js';
import { api, errorMessage } from '../../../lib/api-client.js';
import { withTimeZone } from '../../../lib/time-zone.js';
import { toast } from '../../../components/ui/toast.js';
import { storeSignedInUser } from './current-user.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';

export function register(input: RegisterInput) {
  return api.post<CurrentUser>('/api/register', withTimeZone(input));
}

/** Creates an account and signs it in; the toasts are PRODUCT §8's. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['register'],
    mutationFn: register,
    onSuccess: (user) => {
      storeSignedInUser(queryClient, user);
      toast({
        title: `Welcome to ${PRODUCT_NAME}`,
        description: 'Your account has been created successfully.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Unable to Create Account',
        description: errorMessage(error) || 'Please check your information and try again.',
        variant: 'destructive',
      });
    },
  });
}
