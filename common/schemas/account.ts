import { z } from 'zod';
import { NOT_BLANK, text } from './primitives.js';
import { LIMITS } from '../limits.js';

/** PRODUCT §7 PATCH /api/user/notifications: the two switches, booleans only. */
export const updateNotificationsSchema = z
  .strictObject({
    emailNotifications: z.boolean({ message: 'emailNotifications must be true or false' }).optional(),
    mobileNotifications: z.boolean({ message: 'mobileNotifications must be true or false' }).optional(),
  })
  .refine((body) => body.emailNotifications !== undefined || body.mobileNotifications !== undefined, {
    message: 'Send emailNotifications or mobileNotifications',
  })
  // Strict, so "one of the two" is "at least one property" in the description.
  .meta({ minProperties: 1 });
export type UpdateNotificationsInput = z.infer<typeof updateNotificationsSchema>;

/** PRODUCT §9: generated codes have 6 characters from an alphabet without look-alikes (0/O, 1/I/L). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = LIMITS.referralCodeEntered;
export const ENTER_REFERRAL_CODE = 'Please enter a referral code';

export const referralCodeSchema = z.object({ referralCode: z.string() });
export type ReferralCode = z.infer<typeof referralCodeSchema>;

/** PRODUCT §5: the code is trimmed and upper-cased on send; an empty one is refused. */
export const applyReferralSchema = z.object({
  referralCode: text({ message: ENTER_REFERRAL_CODE })
    .trim()
    .min(1, ENTER_REFERRAL_CODE)
    .meta(NOT_BLANK)
    .max(LIMITS.referralCode, 'The referral code is invalid or has already been used.')
    .transform((code) => code.toUpperCase()),
});
export type ApplyReferralInput = z.infer<typeof applyReferralSchema>;

/** PRODUCT §5's reset texts, used for changing one's password in settings too. */
export const NEW_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';

/** Changing one's password while signed in: the current one, then the new one. */
export const changePasswordSchema = z.object({
  currentPassword: text({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`),
  newPassword: text({ message: NEW_PASSWORD_TOO_SHORT })
    .min(LIMITS.passwordMin, NEW_PASSWORD_TOO_SHORT)
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** What the typed confirmation of an account deletion must read. */
export const DELETE_CONFIRMATION = 'DELETE';

export const deleteAccountSchema = z.object({
  confirmation: text({ message: `Type ${DELETE_CONFIRMATION} to confirm` })
    .refine((value) => value.trim() === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`)
    .meta({ enum: [DELETE_CONFIRMATION] }),
  password: text({ message: 'Password is required' }).min(1, 'Password is required'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const verifyEmailSchema = z.object({
  token: text({ message: 'The verification link is invalid' })
    .min(1, 'The verification link is invalid')
    .max(200),
});

export const messageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;
