import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findUserById } from '../users/users.service.js';
import { blockedBetween } from './blocks.rule.js';
import { deleteBlock, insertBlock, listBlockedUsers } from './blocks.repo.js';
import type { Executor } from '../../db/executor.js';

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
