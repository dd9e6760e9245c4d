import { randomInt } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  REFERRAL_ALPHABET,
  REFERRAL_CODE_LENGTH,
  type ApplyReferralInput,
} from '../../../common/schemas/account.js';
import { REFERRAL_REWARD_DAYS, REFERRAL_REWARDS_PER_YEAR } from '../../../common/limits.js';
import { exchanges, items, users, type UserRow } from '../../db/schema.js';
import { rowsOf, type Database } from '../../db/client.js';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { setOwnerPriority } from '../items/items.service.js';

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
 * The parent's referral code (PRODUCT §1): made once, the same on every later call. Two calls at
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
 * Applies a friend's code (PRODUCT §1, §5): the applicant's referredBy is set, and the week of
 * Premium for both follows once the applicant is a real parent (grantReferralRewardIfDue), at
 * once when they already are. Throws 400 for an unknown or own code and 409 once the applicant
 * has used a code. `rewarded` says whether the week was granted now.
 */
export async function applyReferralCode(
  db: Database,
  applicantId: number,
  input: ApplyReferralInput,
  now: Date,
): Promise<{ user: UserRow; rewarded: boolean }> {
  const code = input.referralCode;
  await db.transaction(async (tx) => {
    const [referrer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code))
      .limit(1);
    if (!referrer)
      throw badRequest(INVALID_REFERRAL_CODE, [{ path: 'referralCode', message: INVALID_REFERRAL_CODE }]);
    if (referrer.id === applicantId)
      throw badRequest(OWN_REFERRAL_CODE, [{ path: 'referralCode', message: OWN_REFERRAL_CODE }]);
    const [applicant] = await tx
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, applicantId))
      .for('update');
    if (!applicant) throw new AppError(401, 'Unauthorized');
    if (applicant.referredBy) throw conflict(ALREADY_REFERRED);
    await tx.update(users).set({ referredBy: code, updatedAt: now }).where(eq(users.id, applicantId));
  });
  const rewarded = await grantReferralRewardIfDue(db, applicantId, now);
  const [user] = await db.select().from(users).where(eq(users.id, applicantId));
  if (!user) throw new AppError(401, 'Unauthorized');
  return { user, rewarded };
}

/** Whether a parent's row still leaves a referral week to earn: referred, verified, not yet rewarded. */
export function mayEarnReferralWeek(
  user: Pick<UserRow, 'referredBy' | 'referralRewardedAt' | 'isVerified'>,
): boolean {
  return Boolean(user.referredBy) && user.referralRewardedAt === null && user.isVerified;
}

/**
 * Grants a referred parent's week of Premium, and the code owner's, once the parent is real: a
 * verified e-mail and something done (a listing, or a completed handover), so throwaway sign-ups
 * earn nothing. A code owner earns at most REFERRAL_REWARDS_PER_YEAR weeks in a year; the friend
 * still gets theirs. Once only, under both rows' locks; call it after anything that may qualify
 * a parent (verifying, listing, completing a handover). Returns whether it granted now.
 */
export async function grantReferralRewardIfDue(db: Database, userId: number, now: Date): Promise<boolean> {
  const [candidate] = await db
    .select({
      referredBy: users.referredBy,
      referralRewardedAt: users.referralRewardedAt,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(eq(users.id, userId));
  // The common case (no code, or already rewarded, or not verified yet) costs one read.
  if (!candidate || !mayEarnReferralWeek(candidate)) return false;
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, candidate.referredBy ?? ''))
      .limit(1);
    // Locks in id order, so two friends qualifying at once cannot deadlock.
    const locked = await tx
      .select({ id: users.id, referredBy: users.referredBy, rewardedAt: users.referralRewardedAt })
      .from(users)
      .where(inArray(users.id, owner ? [userId, owner.id] : [userId]))
      .orderBy(asc(users.id))
      .for('update');
    const friend = locked.find((row) => row.id === userId);
    if (!friend?.referredBy || friend.rewardedAt) return false;
    const [didSomething] = rowsOf<{ real: boolean }>(
      await tx.execute(sql`select (
        exists (select 1 from ${items} where ${items.userId} = ${userId})
        or exists (select 1 from ${exchanges} where ${exchanges.status} = 'completed'
          and (${exchanges.buyerId} = ${userId} or ${exchanges.sellerId} = ${userId}))
      ) as real`),
    );
    if (!didSomething?.real) return false;
    const extended = sql`greatest(${now.toISOString()}::timestamptz, coalesce(${users.subscriptionEndsAt}, ${now.toISOString()}::timestamptz)) + ${`${REWARD_MS} milliseconds`}::interval`;
    await tx
      .update(users)
      .set({ subscriptionEndsAt: extended, referralRewardedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    await setOwnerPriority(tx, userId, true);
    if (owner) {
      const yearAgo = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000);
      const [earned] = await tx
        .select({ weeks: count() })
        .from(users)
        .where(
          and(
            eq(users.referredBy, friend.referredBy),
            gte(users.referralRewardedAt, yearAgo),
            ne(users.id, userId),
          ),
        );
      if ((earned?.weeks ?? 0) < REFERRAL_REWARDS_PER_YEAR) {
        await tx
          .update(users)
          .set({ subscriptionEndsAt: extended, updatedAt: now })
          .where(eq(users.id, owner.id));
        await setOwnerPriority(tx, owner.id, true);
      }
    }
    return true;
  });
}
