import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authThrottle } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { tooManyRequests } from '../../lib/errors.js';

export const THROTTLE = { maxFailures: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * Refuses with 429 once a key (an account and address pair, or an address) has failed
 * THROTTLE.maxFailures times inside the current window.
 */
export async function assertNotThrottled(db: Database, clock: Clock, key: string): Promise<void> {
  const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
  if (!row) return;
  const windowEndsAt = row.windowStartedAt.getTime() + THROTTLE.windowMs;
  const now = clock.now().getTime();
  if (windowEndsAt > now && row.failures >= THROTTLE.maxFailures) {
    const minutes = Math.max(1, Math.ceil((windowEndsAt - now) / 60_000));
    throw tooManyRequests(
      `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
}

/** Counts one failure; a window that has ended starts again at one. */
export async function recordFailure(db: Database, clock: Clock, key: string): Promise<void> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
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

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
