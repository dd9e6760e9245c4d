import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authThrottle } from '../db/schema.js';
import type { Clock } from './clock.js';
import { tooManyRequests } from './errors.js';

/**
 * A fixed-window limit: at most `max` counted attempts per key in `windowMs`. Counts live in
 * PostgreSQL (the auth_throttle table) so every app instance sees the same ones.
 */
export type ThrottleRule = { max: number; windowMs: number; refusal: (minutes: number) => string };

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** Sign-in and registration: 10 failures per account and address (or address) in 15 minutes. */
export const SIGN_IN_RULE: ThrottleRule = {
  max: 10,
  windowMs: 15 * 60 * 1000,
  refusal: (minutes) => `Too many failed attempts. Please wait ${minutesText(minutes)} and try again.`,
};

/** Photo uploads cost real CPU (decoding, re-encoding): 60 upload requests per parent in 10 minutes. */
export const UPLOAD_RULE: ThrottleRule = {
  max: 60,
  windowMs: 10 * 60 * 1000,
  refusal: (minutes) => `Too many uploads. Please wait ${minutesText(minutes)} and try again.`,
};

/** Refuses with 429 once the key has been counted `rule.max` times inside the current window. */
export async function assertUnderLimit(
  db: Database,
  clock: Clock,
  key: string,
  rule: ThrottleRule,
): Promise<void> {
  const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
  if (!row) return;
  const windowEndsAt = row.windowStartedAt.getTime() + rule.windowMs;
  const now = clock.now().getTime();
  if (windowEndsAt > now && row.failures >= rule.max) {
    throw tooManyRequests(rule.refusal(Math.max(1, Math.ceil((windowEndsAt - now) / 60_000))));
  }
}

/** Counts one attempt; a window that has ended starts again at one. */
export async function countAttempt(
  db: Database,
  clock: Clock,
  key: string,
  rule: ThrottleRule,
): Promise<void> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - rule.windowMs);
  await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
      },
    });
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
