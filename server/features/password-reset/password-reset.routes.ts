import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  forgotPasswordSchema,
  RESET_DONE,
  RESET_REQUESTED,
  resetPasswordSchema,
} from '../../../common/schemas/password-reset.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mail.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';

const messageSchema = z.object({ message: z.string() });
const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/**
 * Password reset by e-mail: POST /api/forgot-password sends a single-use link, and PRODUCT §7's
 * POST /api/reset-password {token, newPassword} sets the new password.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ clock: Clock; mailer: Mailer }> = async (
  app,
  { clock, mailer },
) => {
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
  });

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        description:
          'Sends a reset link when an account has this address; the answer is the same either way.',
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(
        {
          db: app.db,
          clock,
          mailer,
          publicUrl: app.config.publicUrl,
          rateLimits: app.config.rateLimits,
          address: request.ip,
          onSendFailed: (error) => request.log.error({ err: error }, 'password reset e-mail failed'),
          track: (promise) => {
            sending.add(promise);
            void promise.finally(() => sending.delete(promise));
          },
        },
        request.body,
      );
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        description: 'Sets a new password with a reset token and ends every session of that account.',
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(
        { db: app.db, clock, address: request.ip, rateLimits: app.config.rateLimits },
        request.body,
      );
      return { message: RESET_DONE };
    },
  );
};
