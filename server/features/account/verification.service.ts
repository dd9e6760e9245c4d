import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailVerificationTokens, users, type UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { grantReferralRewardIfDue } from './referral.service.js';

export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired.';
const LINK_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a single-use link that verifies the parent's e-mail (decision 008). Security mail: sent
 * whatever the e-mail preference says. Earlier links stay valid until used or expired.
 */
export async function sendVerificationEmail(
  deps: { db: Database; clock: Clock; mailer: Mailer; publicUrl: string },
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
): Promise<void> {
  // 32 random bytes: unguessable; only its hash is stored, so a database leak verifies nobody.
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(emailVerificationTokens).values({
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
  });
  const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Verify your e-mail for LittleLoop',
    text: [
      `Hi ${user.firstName},`,
      '',
      'Please confirm this is your e-mail address by opening this link:',
      link,
      '',
      'The link works once and for 3 days. If you did not create a LittleLoop account, ignore this e-mail.',
    ].join('\n'),
  });
}

/**
 * Uses a verification link: marks it used (once: a conditional update) and the account
 * verified, in one transaction. Throws 400 for an unknown, used or expired link, or one sent
 * to an address the account no longer has.
 */
export async function verifyEmail(db: Database, clock: Clock, token: string): Promise<UserRow> {
  const now = clock.now();
  const verified = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!used) throw badRequest(INVALID_VERIFICATION_LINK);
    const [user] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning();
    if (!user) throw badRequest(INVALID_VERIFICATION_LINK);
    return user;
  });
  // A referred parent who already listed something earns the referral week now.
  await grantReferralRewardIfDue(db, verified.id, now);
  return verified;
}
