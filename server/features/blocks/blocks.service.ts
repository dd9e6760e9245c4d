import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../../db/client.js';
import { userBlocks, type UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findUserById } from '../users/users.repo.js';
import { deleteBlock, insertBlock, listBlockedUsers } from './blocks.repo.js';
import type { Executor } from '../../db/executor.js';

type UserRef = number | AnyPgColumn | SQL;

/**
 * The blocking rule as a condition: true when either user has blocked the other. Blocking
 * works both ways (issue 8), so every check goes through this one expression. Other features
 * use it in their queries, e.g. `not ${blockedBetween(viewer.id, items.userId)}` to hide a
 * blocked parent's listings.
 */
export function blockedBetween(userA: UserRef, userB: UserRef): SQL {
  return sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${userA} and ${userBlocks.blockedId} = ${userB}) or (${userBlocks.blockerId} = ${userB} and ${userBlocks.blockedId} = ${userA}))`;
}

/**
 * Everyone the user has blocked or been blocked by, as an SQL array: the same rule as
 * blockedBetween, for queries where a correlated check would stop PostgreSQL from walking an
 * index in order (the nearest-first browse). Uncorrelated, it is worked out once per query.
 */
export function blockedEitherWayArray(userId: number): SQL {
  return sql`array(
    select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${userId}
    union all
    select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${userId})`;
}

/** Whether either of the two users has blocked the other; works inside a transaction too. */
export async function isBlockedBetween(db: Executor, userA: number, userB: number): Promise<boolean> {
  const [row] = rowsOf<{ blocked: boolean }>(
    await db.execute(sql`select ${blockedBetween(userA, userB)} as blocked`),
  );
  return row?.blocked === true;
}

/**
 * Blocks another parent: from now on neither can start or continue a conversation with the
 * other, and each disappears from the other's conversation list. Idempotent. Throws 400 for
 * oneself, 404 when the user does not exist.
 */
export async function blockUser(db: Database, actor: UserRow, targetId: number): Promise<void> {
  if (targetId === actor.id) {
    throw badRequest('You cannot block yourself', [{ path: 'id', message: 'You cannot block yourself' }]);
  }
  if (!(await findUserById(db, targetId))) throw notFound('User');
  await db.transaction((tx) => insertBlock(tx, actor.id, targetId));
}

/** Lifts the actor's block on another parent (a block the other placed stays). Idempotent. */
export async function unblockUser(db: Database, actor: UserRow, targetId: number): Promise<void> {
  await db.transaction((tx) => deleteBlock(tx, actor.id, targetId));
}

/** The people the actor has blocked, most recent first. */
export function blockedUsersOf(db: Database, actor: UserRow): Promise<UserRow[]> {
  return listBlockedUsers(db, actor.id);
}
