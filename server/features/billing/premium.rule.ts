import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

type PremiumColumns = {
  isPremium: AnyPgColumn;
  subscriptionStatus: AnyPgColumn;
  subscriptionEndsAt: AnyPgColumn;
};

/**
 * hasPremium (common/premium.ts) as an SQL condition on a user's row, for a statement that needs
 * it before the user is read into the app: the premium flag, an active subscription, or a paid
 * period (or referral week) not yet over at `now`. False, never null, so it can be ordered by.
 * It holds no query, so any repo may import it. first-page-with-session.test.ts holds it to
 * hasPremium for each way to have Premium, and for none.
 */
export function isPremiumSql(user: PremiumColumns, now: Date | SQL): SQL<boolean> {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<boolean>`(coalesce(${user.isPremium}, false) or coalesce(${user.subscriptionStatus} = 'active', false) or coalesce(${user.subscriptionEndsAt} > ${at}::timestamptz, false))`;
}
