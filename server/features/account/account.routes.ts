import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  applyReferralSchema,
  changePasswordSchema,
  deleteAccountSchema,
  PASSWORD_CHANGED,
  messageResultSchema,
  referralCodeSchema,
  updateNotificationsSchema,
  verifyEmailSchema,
} from '../../../common/schemas/account.js';
import { currentUserSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { consumeAttempt } from '../../lib/throttle.js';
import { SESSION_COOKIE, signedInUser } from '../../plugins/session.js';
import { deleteAccount } from '../users/account-deletion.js';
import { updateUser } from '../users/users.service.js';
import { endOtherSessions } from './password-change.js';
import { presentCurrentUser } from '../users/users.present.js';
import { exportAccount } from './export.service.js';
import { applyReferralCode, generateReferralCode } from './referral.service.js';
import { sendVerificationEmail, verifyEmail } from './verification.service.js';
import { reliabilityOfOne } from '../giveaway/giveaway.service.js';
import { endResetTokens } from '../password-reset/password-reset.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };
export const WRONG_PASSWORD = 'The password is not correct';

/** A verification e-mail on request: 5 per parent an hour, so the button cannot flood a mailbox. */

/**
 * One's own account (decision 008): notification switches, the referral code, e-mail
 * verification, the data export and deleting the account.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ clock: Clock; mailer: Mailer }> = async (
  app,
  { clock, mailer },
) => {
  app.patch(
    '/user/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        body: updateNotificationsSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await updateUser(app.db, signedInUser(request).id, request.body, clock.now());
      if (!updated) throw notFound('User');
      return presentCurrentUser(updated, await reliabilityOfOne(app.db, updated.id));
    },
  );

  app.post(
    '/referral/generate',
    {
      onRequest: app.requireUser,
      schema: { tags: ['account'], response: { 200: referralCodeSchema, ...errors } },
    },
    async (request) => ({ referralCode: await generateReferralCode(app.db, signedInUser(request).id) }),
  );

  app.post(
    '/referral/apply',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        description:
          'Records the friend’s code. Both parents get a week of Premium once the applicant has verified their e-mail and listed an item or completed a handover (`referralRewarded` says whether that happened now); a code owner earns at most 12 weeks a year. 400 for an unknown or own code, 409 once a code was used, 429 after 10 codes in an hour.',
        body: applyReferralSchema,
        response: {
          200: currentUserSchema.extend({ referralRewarded: z.boolean() }),
          ...errors,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const applicantId = signedInUser(request).id;
      await consumeAttempt(
        app.db,
        clock,
        `referral:user:${applicantId}`,
        app.config.rateLimits.referralAttemptsPerUser,
      );
      const { user, rewarded } = await applyReferralCode(app.db, applicantId, request.body, clock.now());
      if (rewarded) await app.listings.changed();
      return {
        ...presentCurrentUser(user, await reliabilityOfOne(app.db, user.id)),
        referralRewarded: rewarded,
      };
    },
  );

  app.post(
    '/user/verification-email',
    {
      onRequest: app.requireUser,
      schema: { tags: ['account'], response: { 202: messageResultSchema, 429: apiErrorSchema, ...errors } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (user.isVerified) return reply.code(202).send({ message: 'Your e-mail is already verified' });
      const key = `verification-email:${user.id}`;
      await consumeAttempt(app.db, clock, key, app.config.rateLimits.verificationEmailsPerUser);
      await sendVerificationEmail({ db: app.db, clock, mailer, publicUrl: app.config.publicUrl }, user);
      return reply.code(202).send({ message: `We sent a verification link to ${user.email}` });
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['account'],
        description: 'Uses the single-use link from the verification e-mail; no session needed.',
        body: verifyEmailSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request) => {
      await verifyEmail(app.db, clock, request.body.token);
      return { message: 'Your e-mail is verified' };
    },
  );

  app.get(
    '/user/export',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        description: 'Everything the account holds, as one JSON file to download.',
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const now = clock.now();
      const document = await exportAccount(app.db, user, now);
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="littleloop-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(document);
    },
  );

  app.post(
    '/user/password',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        description:
          'Changes one’s password: the current one must be right (10 tries per 15 minutes, doubling). Every other session of the account ends; this one gets a new id.',
        body: changePasswordSchema,
        response: { 200: messageResultSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      // Counted before the check (atomically), so attempts made at once cannot pass the limit.
      await consumeAttempt(
        app.db,
        clock,
        `password-change:${user.id}`,
        app.config.rateLimits.passwordChangesPerUser,
      );
      if (!(await verifyPassword(user.password, request.body.currentPassword)))
        throw forbidden(WRONG_PASSWORD);
      await updateUser(
        app.db,
        user.id,
        { password: await hashPassword(request.body.newPassword) },
        clock.now(),
      );
      // A reset link sent before the change must not undo it.
      await endResetTokens(app.db, user.id, clock.now());
      // Whoever may hold the old password or another session is signed out; this device stays
      // signed in under a new session id.
      await request.session.regenerate();
      request.session.userId = user.id;
      await request.session.save();
      await endOtherSessions(app.db, user.id, request.session.sessionId);
      return { message: PASSWORD_CHANGED };
    },
  );

  app.delete(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        description:
          'Deletes one’s own account and everything that is theirs; reviews they wrote stay, from a former member.',
        body: deleteAccountSchema,
        response: { 200: messageResultSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const key = `delete-account:${user.id}`;
      // Counted before the check (atomically), so attempts made at once cannot pass the limit.
      await consumeAttempt(app.db, clock, key, app.config.rateLimits.accountDeletionFailuresPerUser);
      if (!(await verifyPassword(user.password, request.body.password))) throw forbidden(WRONG_PASSWORD);
      await deleteAccount(
        { db: app.db, storage: app.storage, stripe: app.stripe, log: request.log },
        user.id,
      );
      await app.listings.changed();
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Your account has been deleted' };
    },
  );
};
