import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authThrottle } from '../db/schema.js';
import type { Clock } from './clock.js';
import { tooManyRequests } from './errors.js';
import { DEFAULT_RATE_LIMITS, type ThrottleRule } from './rate-limits.js';

export type { ThrottleRule } from './rate-limits.js';

/**
 * Counts live in PostgreSQL (the auth_throttle table), so every app instance sees the same ones,
 * and each count is one atomic statement: concurrent attempts never pass more than the limit.
 */

/** Sign-in failures per account (kept for callers of the earlier API; see rate-limits.ts). */
export const SIGN_IN_RULE: ThrottleRule = DEFAULT_RATE_LIMITS.signInPerAccount;
/** Photo upload requests per parent (kept for callers of the earlier API). */
export const UPLOAD_RULE: ThrottleRule = DEFAULT_RATE_LIMITS.uploadsPerUser;

/** The longest a backoff window grows to. */
const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

function maxStrikes(rule: ThrottleRule): number {
  return rule.backoff ? Math.max(0, Math.floor(Math.log2(MAX_WINDOW_MS / rule.windowMs))) : 0;
}

function refuse(rule: ThrottleRule, retryAfterMs: number): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  throw tooManyRequests(rule.refusal(Math.max(1, Math.ceil(seconds / 60))), seconds);
}

/**
 * Counts one attempt against the key and refuses it with 429 (with Retry-After) when it is past
 * `rule.max` in the current window. One UPSERT … RETURNING: 40 attempts at once get exactly
 * `max` through. The window starts at the first attempt; with backoff, a window that ended over
 * the limit and is followed at once by more attempts makes the next one twice as long.
 */
export async function consumeAttempt(
  db: Database,
  clock: Clock,
  key: string,
  rule: ThrottleRule,
): Promise<void> {
  const now = clock.now();
  const t = authThrottle;
  // The current window's length, from the strikes it has collected.
  const length = sql`(${rule.windowMs}::float8 * power(2, ${t.strikes})) * interval '1 millisecond'`;
  const ended = sql`${t.windowStartedAt} + ${length} <= ${now}`;
  // The window that ended was over the limit and the attempts go on within one more window.
  const goesOn = sql`${t.failures} >= ${rule.max} and ${t.windowStartedAt} + 2 * ${length} > ${now}`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, strikes: 0 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        strikes: sql`case when ${ended} then (case when ${goesOn} then least(${t.strikes} + 1, ${maxStrikes(rule)}) else 0 end) else ${t.strikes} end`,
        failures: sql`case when ${ended} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${ended} then ${now} else ${t.windowStartedAt} end`,
      },
    })
    .returning({ failures: t.failures, windowStartedAt: t.windowStartedAt, strikes: t.strikes });
  if (!row || row.failures <= rule.max) return;
  const windowEndsAt = row.windowStartedAt.getTime() + rule.windowMs * 2 ** row.strikes;
  refuse(rule, windowEndsAt - now.getTime());
}

/** Counts one action against several rules at once (say, per parent and per address). */
export async function consumeAttempts(
  db: Database,
  clock: Clock,
  checks: readonly (readonly [key: string, rule: ThrottleRule])[],
): Promise<void> {
  for (const [key, rule] of checks) await consumeAttempt(db, clock, key, rule);
}

/** Gives back one counted attempt (a sign-in that turned out right is not held against its address). */
export async function refundAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
    .where(eq(authThrottle.key, key));
}

/**
 * Refuses with 429 once the key has been counted `rule.max` times inside the current window.
 * Check-then-count (with countAttempt) is not atomic: new code uses consumeAttempt.
 */
export async function assertUnderLimit(
  db: Database,
  clock: Clock,
  key: string,
  rule: ThrottleRule,
): Promise<void> {
  const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
  if (!row) return;
  const windowEndsAt = row.windowStartedAt.getTime() + rule.windowMs * 2 ** row.strikes;
  const now = clock.now().getTime();
  if (windowEndsAt > now && row.failures >= rule.max) refuse(rule, windowEndsAt - now);
}

/** Counts one attempt without refusing; see assertUnderLimit. */
export async function countAttempt(
  db: Database,
  clock: Clock,
  key: string,
  rule: ThrottleRule,
): Promise<void> {
  await consumeAttempt(db, clock, key, { ...rule, max: 2_147_483_647 });
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
