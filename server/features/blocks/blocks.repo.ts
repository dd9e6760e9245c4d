import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userBlocks, users, type UserRow } from '../../db/schema.js';

type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;

/** Records the block; blocking twice changes nothing. */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
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
