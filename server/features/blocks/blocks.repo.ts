import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { userBlocks, users, type UserRow } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

/**
 * Records the block; blocking twice changes nothing. Both parents' block_count goes up with it
 * (the browse cache's test), so call it inside a transaction.
 */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  const inserted = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  if (inserted.length > 0) await changeBlockCounts(db, [blockerId, blockedId], 1);
}

/** Lifts the block, if there is one, and lowers both block counts with it. */
export async function deleteBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockerId: userBlocks.blockerId });
  if (removed.length > 0) await changeBlockCounts(db, [blockerId, blockedId], -1);
}

async function changeBlockCounts(db: Executor, userIds: number[], by: 1 | -1): Promise<void> {
  await db
    .update(users)
    .set({ blockCount: sql`${users.blockCount} + ${by}` })
    .where(inArray(users.id, userIds));
}

/** The people a user blocked, most recently blocked first. */
export async function listBlockedUsers(db: Executor, blockerId: number): Promise<UserRow[]> {
  const rows = await db
    .select({ user: getTableColumns(users) })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
  return rows.map((row) => row.user);
}
