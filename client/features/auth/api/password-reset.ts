import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '../../../../common/schemas/password-reset.js';
import { api } from '../../../lib/api-client.js';

const messageBody = (value: unknown) => value as { message: string };

/** Asks for a reset link by e-mail; the answer is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['forgot-password'],
    mutationFn: async (input: ForgotPasswordInput) =>
      messageBody(await api.post('/api/forgot-password', input)),
  });
}

/** PRODUCT §7 POST /api/reset-password {token, newPassword}. */
export function useResetPassword() {
  return useMutation({
    mutationKey: ['reset-password'],
    mutationFn: async (input: ResetPasswordInput) =>
      messageBody(await api.post('/api/reset-password', input)),
  });
}
