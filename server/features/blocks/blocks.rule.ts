import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { userBlocks } from '../../db/schema.js';

type UserRef = number | AnyPgColumn | SQL;

/**
 * The blocking rule as a condition: true when either user has blocked the other. Blocking
 * works both ways, so every check in every feature's queries goes through this one expression,
 * e.g. `not ${blockedBetween(viewer.id, items.userId)}` to hide a blocked parent's listings.
 * It holds no service logic, so repos may import it.
 */
export function blockedBetween(userA: UserRef, userB: UserRef): SQL {
  return sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${userA} and ${userBlocks.blockedId} = ${userB}) or (${userBlocks.blockerId} = ${userB} and ${userBlocks.blockedId} = ${userA}))`;
}

/**
 * Everyone the user has blocked or been blocked by, as an SQL array: the same rule as
 * blockedBetween, for queries where a correlated check would stop PostgreSQL from walking an
 * index in order (the nearest-first browse). Uncorrelated, it is worked out once per query.
 */
export function blockedEitherWayArray(userId: number | SQL): SQL {
  return sql`array(
    select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${userId}
    union all
    select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${userId})`;
}
