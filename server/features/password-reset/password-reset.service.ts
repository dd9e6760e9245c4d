import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '../../../common/schemas/password-reset.js';
import { PRODUCT_NAME, SUPPORT } from '../../../common/product-copy.js';
import type { Database } from '../../db/client.js';
import { passwordResetTokens, sessions, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RateLimits } from '../../lib/rate-limits.js';
import { clearAttempts, consumeAttempt, consumeAttempts } from '../../lib/throttle.js';
import { signInAccountKey } from '../auth/auth.service.js';
import { findUserByEmail } from '../users/users.service.js';
import type { Executor } from '../../db/executor.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type ResetContext = {
  db: Database;
  clock: Clock;
  rateLimits: Pick<
    RateLimits,
    | 'passwordResetPerEmail'
    | 'passwordResetPerEmailAnywhere'
    | 'passwordResetPerAddress'
    | 'passwordResetTokensPerAddress'
  >;
  mailer: Mailer;
  publicUrl: string;
  /** The requester's network address, for the per-address limit. */
  address: string;
  /** Sending is not awaited (so the answer takes the same time either way); failures land here. */
  onSendFailed: (error: unknown) => void;
  /** Keeps the send promise so closing the app can wait for it. */
  track: (sending: Promise<void>) => void;
};

/** Only the hash is stored: a copy of the table cannot be turned into working links. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function resetMail(firstName: string, link: string) {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hi ${firstName},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      'Open this link to choose a new one. It works once, for one hour:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      `Questions? Write to ${SUPPORT.email}.`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/**
 * Sends a single-use reset link valid for one hour when an account has this address. Answers the
 * same, in about the same time, when none has; throws 429 past the per-address or per-IP limit
 * (counted either way, so the limit reveals nothing either).
 */
export async function requestPasswordReset(ctx: ResetContext, input: ForgotPasswordInput): Promise<void> {
  const addressKey = `reset:ip:${ctx.address}`;
  // Per e-mail and requesting address, so an attacker asking for a parent's address cannot use
  // up her own requests; and per e-mail from anywhere, so her mailbox is not flooded.
  const emailFromAddressKey = `reset:email:${input.email}:ip:${ctx.address}`;
  const emailKey = `reset:email:${input.email}`;
  // Counted atomically before any work, so requests made at once cannot pass the limits.
  await consumeAttempts(ctx.db, ctx.clock, [
    [addressKey, ctx.rateLimits.passwordResetPerAddress],
    [emailFromAddressKey, ctx.rateLimits.passwordResetPerEmail],
    [emailKey, ctx.rateLimits.passwordResetPerEmailAnywhere],
  ]);

  const token = randomBytes(32).toString('base64url');
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  const now = ctx.clock.now();
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    token: hashResetToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    createdAt: now,
  });
  const link = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const sending = ctx.mailer
    .send({ to: user.email, ...resetMail(user.firstName, link) })
    .catch(ctx.onSendFailed);
  ctx.track(sending);
}

/**
 * Sets a new password with a reset token: every outstanding token of that user is used up with
 * it, every session ends (a stolen session does not outlive the reset), and the sign-in lock-out
 * of the account is lifted (someone guessing her password must not keep her out after a reset). Throws 400 with a clear message for a used,
 * expired or unknown token, and 429 after too many bad tokens from one address.
 */
export async function resetPassword(
  ctx: Pick<ResetContext, 'db' | 'clock' | 'address' | 'rateLimits'>,
  input: ResetPasswordInput,
): Promise<void> {
  const throttleKey = `reset-password:${ctx.address}`;
  // Every try is counted first, atomically: one address cannot guess tokens in parallel.
  await consumeAttempt(ctx.db, ctx.clock, throttleKey, ctx.rateLimits.passwordResetTokensPerAddress);
  const tokenHash = hashResetToken(input.token);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  const email = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.token, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return undefined;
    const [user] = await tx
      .update(users)
      .set({ password: passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning({ email: users.email });
    await endResetTokens(tx, claimed.userId, now);
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    return user?.email;
  });
  if (email !== undefined) {
    await clearAttempts(ctx.db, signInAccountKey(email));
    return;
  }

  const [known] = await ctx.db
    .select({ usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.token, tokenHash))
    .limit(1);
  if (!known) throw badRequest(RESET_LINK_INVALID);
  throw badRequest(known.usedAt ? RESET_LINK_USED : RESET_LINK_EXPIRED);
}

/** Every reset link of this parent still open is used up: one reset, or a new password, ends them all. */
export async function endResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
