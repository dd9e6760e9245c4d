import { z } from 'zod';
import { NOT_BLANK } from './primitives.js';
import { LIMITS } from '../limits.js';
import { emailSchema } from './users.js';

/** PRODUCT §5 forgot password: a valid e-mail address. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const RESET_TOKEN_MISSING = 'Reset token is missing. Please request a new password reset.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** PRODUCT §7 POST /api/reset-password {token, newPassword}; PRODUCT §5's minimum of 6. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ message: RESET_TOKEN_MISSING })
    .trim()
    .min(1, RESET_TOKEN_MISSING)
    .meta(NOT_BLANK)
    .max(200),
  newPassword: z
    .string({ message: PASSWORD_TOO_SHORT })
    .min(LIMITS.passwordMin, PASSWORD_TOO_SHORT)
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset screen's form: the new password twice (PRODUCT §5). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: resetPasswordSchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** The same answer whether or not an account has this address. */
export const RESET_REQUESTED =
  'If an account exists for that address, we have sent it a link to reset the password. The link works once, for one hour.';
export const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
export const RESET_LINK_USED = 'This reset link has already been used. Please request a new password reset.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Please request a new password reset.';
export const RESET_LINK_INVALID = 'This reset link is not valid. Please request a new password reset.';
