import { z } from 'zod';

/** docs/OPERATIONS.md: every API failure has this body. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** PRODUCT §6 and §7: the single server text for every premium-only rule. */
export const PREMIUM_REQUIRED = 'Premium subscription required';
