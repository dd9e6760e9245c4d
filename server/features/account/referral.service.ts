import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  REFERRAL_ALPHABET,
  REFERRAL_CODE_LENGTH,
  type ApplyReferralInput,
} from '../../../common/schemas/account.js';
import { REFERRAL_REWARD_DAYS } from '../../../common/limits.js';
import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { setOwnerPriority } from '../items/items.repo.js';

export const INVALID_REFERRAL_CODE = 'The referral code is invalid or has already been used.';
export const OWN_REFERRAL_CODE = 'You cannot use your own referral code';
export const ALREADY_REFERRED = 'You have already used a referral code';

const REWARD_MS = REFERRAL_REWARD_DAYS * 24 * 60 * 60 * 1000;

function randomCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1)
    code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * The parent's referral code (SPEC §1): made once, the same on every later call. Two calls at
 * once agree, because only the first write of a code to the row counts.
 */
export async function generateReferralCode(db: Database, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      const [row] = await db
        .update(users)
        .set({ referralCode: randomCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ referralCode: users.referralCode });
      if (row?.referralCode) return row.referralCode;
    } catch (error) {
      // Another parent holds this code already: draw again.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const [existing] = await db
      .select({ referralCode: users.referralCode })
      .from(users)
      .where(eq(users.id, userId));
    if (existing?.referralCode) return existing.referralCode;
  }
  throw new AppError(500, 'Could not make a unique referral code');
}

/**
 * Applies a friend's code (SPEC §1, §5): both parents get a week of Premium added to the later
 * of now and the end of what they have, and the applicant's referredBy is set, all in one
 * transaction holding both rows' locks, so no race grants twice. Throws 400 for an unknown or
 * own code and 409 once the applicant has used a code.
 */
export async function applyReferralCode(
  db: Database,
  applicantId: number,
  input: ApplyReferralInput,
  now: Date,
): Promise<UserRow> {
  const code = input.referralCode;
  return db.transaction(async (tx) => {
    const [referrer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code))
      .limit(1);
    if (!referrer)
      throw badRequest(INVALID_REFERRAL_CODE, [{ path: 'referralCode', message: INVALID_REFERRAL_CODE }]);
    if (referrer.id === applicantId)
      throw badRequest(OWN_REFERRAL_CODE, [{ path: 'referralCode', message: OWN_REFERRAL_CODE }]);
    // Locks in id order, so two friends applying each other's codes cannot deadlock.
    const locked = await tx
      .select({ id: users.id, referredBy: users.referredBy, referralCode: users.referralCode })
      .from(users)
      .where(inArray(users.id, [applicantId, referrer.id]))
      .orderBy(asc(users.id))
      .for('update');
    const applicant = locked.find((row) => row.id === applicantId);
    const owner = locked.find((row) => row.id === referrer.id);
    if (!applicant) throw new AppError(401, 'Unauthorized');
    if (applicant.referredBy) throw conflict(ALREADY_REFERRED);
    if (owner?.referralCode !== code) throw badRequest(INVALID_REFERRAL_CODE);
    const extended = sql`greatest(${now.toISOString()}::timestamptz, coalesce(${users.subscriptionEndsAt}, ${now.toISOString()}::timestamptz)) + ${`${REWARD_MS} milliseconds`}::interval`;
    await tx
      .update(users)
      .set({ subscriptionEndsAt: extended, updatedAt: now })
      .where(eq(users.id, referrer.id));
    const [updated] = await tx
      .update(users)
      .set({ subscriptionEndsAt: extended, referredBy: code, updatedAt: now })
      .where(eq(users.id, applicantId))
      .returning();
    if (!updated) throw new AppError(401, 'Unauthorized');
    // Premium owners' listings go first in browse (SPEC §1); the hourly upkeep clears it later.
    await setOwnerPriority(tx, applicantId, true);
    await setOwnerPriority(tx, referrer.id, true);
    return updated;
  });
}
