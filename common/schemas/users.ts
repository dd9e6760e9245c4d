import { z } from 'zod';
import { timeZoneSchema } from './reach.js';
import { reliabilitySchema } from './giveaway.js';
import { entityId, NOT_BLANK, text } from './primitives.js';
import { LIMITS } from '../limits.js';

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

export const emailSchema = text({ message: 'Please enter a valid email address' })
  .trim()
  .max(LIMITS.email, tooLong('Email', LIMITS.email))
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());

const firstNameSchema = text({ message: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .meta(NOT_BLANK)
  .max(LIMITS.firstName, tooLong('First name', LIMITS.firstName));

const lastNameSchema = text({ message: 'Last name is required' })
  .trim()
  .min(1, 'Last name is required')
  .meta(NOT_BLANK)
  .max(LIMITS.lastName, tooLong('Last name', LIMITS.lastName));

/**
 * As built: the browser's time zone, so quiet hours start at the parent's own bedtime. A hint
 * only: one this server does not know is ignored rather than refusing the sign-in.
 */
const browserTimeZone = timeZoneSchema.optional().catch(undefined);

/** PRODUCT §5: sign-in needs a valid e-mail and any non-empty password. */
export const loginSchema = z.object({
  email: emailSchema,
  password: text({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.password, tooLong('Password', LIMITS.password)),
  timeZone: browserTimeZone,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** PRODUCT §5: registration; the password is at least 6 characters. */
export const registerSchema = z.object({
  email: emailSchema,
  password: text({ message: 'Password must be at least 6 characters long' })
    .min(LIMITS.passwordMin, 'Password must be at least 6 characters long')
    .max(LIMITS.password, tooLong('Password', LIMITS.password)),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  timeZone: browserTimeZone,
});
export type RegisterInput = z.infer<typeof registerSchema>;

const optionalText = (field: string, max: number) =>
  text()
    .trim()
    .max(max, tooLong(field, max))
    .nullish()
    .transform((value) => (value ? value : null));

/** PRODUCT §5 profile form: names required, the location fields optional. */
export const updateProfileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  city: optionalText('City', LIMITS.city),
  zipCode: optionalText('ZIP code', LIMITS.zipCode),
  state: optionalText('State', LIMITS.state),
  country: optionalText('Country', LIMITS.country),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** What a signed-in user sees of their own account: never the password or payment ids. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  isVerified: z.boolean(),
  rating: z.string(),
  totalRatings: z.number().int(),
  credits: z.number().int(),
  emailNotifications: z.boolean(),
  mobileNotifications: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionEndsAt: z.string().nullable(),
  isPremium: z.boolean(),
  premiumBadge: z.boolean(),
  isAdmin: z.boolean(),
  referralCode: z.string().nullable(),
  referredBy: z.string().nullable(),
  freeMonthsEarned: z.number().int(),
  /** As a receiving family: handovers completed, promises that reached an end, no-shows. */
  reliability: reliabilitySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * What anyone signed in may see of another parent (PRODUCT §2 profile dialog). Their subscription
 * stays theirs: isPremium is the evaluated premium rule, not the stored flag.
 */
export const publicUserSchema = currentUserSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  city: true,
  zipCode: true,
  state: true,
  country: true,
  isVerified: true,
  rating: true,
  totalRatings: true,
  isPremium: true,
  premiumBadge: true,
  reliability: true,
  createdAt: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The administrator's view of a user (PRODUCT §6 users table). */
export const adminUserSchema = currentUserSchema.extend({
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const setPremiumSchema = z.object({
  isPremium: z.boolean({ message: 'isPremium must be true or false' }),
});
export type SetPremiumInput = z.infer<typeof setPremiumSchema>;

export const idParamsSchema = z.object({
  id: entityId('Id must be a positive integer'),
});

/** PRODUCT §5 report: a trimmed, non-empty reason. */
export const reportUserSchema = z.object({
  userId: entityId('userId must be a user id'),
  reason: text({ message: 'A reason is required to report this user' })
    .trim()
    .min(1, 'A reason is required to report this user')
    .meta(NOT_BLANK)
    .max(1000, 'Reason must be at most 1000 characters'),
  description: text()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ReportUserInput = z.infer<typeof reportUserSchema>;

/** Reporting a listing: the same reason rule as reporting a parent. */
export const reportItemSchema = reportUserSchema.omit({ userId: true }).extend({
  reason: text({ message: 'A reason is required to report this listing' })
    .trim()
    .min(1, 'A reason is required to report this listing')
    .meta(NOT_BLANK)
    .max(1000, 'Reason must be at most 1000 characters'),
});
export type ReportItemInput = z.infer<typeof reportItemSchema>;
