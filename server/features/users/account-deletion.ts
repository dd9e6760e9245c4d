import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { uploads, userBlocks, users } from '../../db/schema.js';
import type { Storage } from '../../lib/storage.js';
import { cardKey, detailKey } from '../uploads/uploads.service.js';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DeletedAccount = { id: number; storageKeys: string[] };

/**
 * Removes a user and everything that is theirs (SPEC §6), inside the caller's transaction:
 * listings, messages, conversations, favourites, exchanges, saved searches, wishlists, alerts,
 * reports and sessions go through the foreign keys' cascades; the other side of each block has
 * its block count lowered; the user's photo records go too, and their storage keys are returned
 * so the files can be deleted once the transaction has committed (deleteStoredPhotos).
 * Returns undefined when there is no such user.
 */
export async function deleteAccountRows(tx: Executor, userId: number): Promise<DeletedAccount | undefined> {
  // Block counts of the people on the other side of this user's blocks (the browse cache's test).
  const blocks = await tx
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  const others = blocks.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId));
  if (others.length > 0) {
    for (const otherId of others) {
      await tx
        .update(users)
        .set({ blockCount: sql`greatest(${users.blockCount} - 1, 0)` })
        .where(eq(users.id, otherId));
    }
  }

  const photos = await tx
    .delete(uploads)
    .where(eq(uploads.userId, userId))
    .returning({ storageKey: uploads.storageKey });
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (deleted.length === 0) return undefined;
  // A photo another account also uploaded (the same bytes) stays theirs.
  const keys = [...new Set(photos.map((row) => row.storageKey))];
  const stillUsed =
    keys.length === 0
      ? []
      : await tx
          .select({ storageKey: uploads.storageKey })
          .from(uploads)
          .where(inArray(uploads.storageKey, keys));
  const shared = new Set(stillUsed.map((row) => row.storageKey));
  return { id: userId, storageKeys: keys.filter((key) => !shared.has(key)) };
}

/** Deletes both renditions of each photo; a failure leaves an orphan file, logged, never an error. */
export async function deleteStoredPhotos(
  storage: Storage,
  storageKeys: string[],
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  for (const storageKey of storageKeys) {
    for (const key of [detailKey(storageKey), cardKey(storageKey)]) {
      await storage.delete(key).catch((error: unknown) => {
        log?.warn({ err: error, key }, 'could not delete a deleted account’s photo');
      });
    }
  }
}

/**
 * Deletes the account in one transaction, then its photo files. The caller tells the browse
 * cache (app.listings.changed()) and records what it must (the admin audit log).
 */
export async function deleteAccount(
  deps: { db: Database; storage: Storage; log?: Pick<FastifyBaseLogger, 'warn'> },
  userId: number,
): Promise<boolean> {
  const deleted = await deps.db.transaction((tx) => deleteAccountRows(tx, userId));
  if (!deleted) return false;
  await deleteStoredPhotos(deps.storage, deleted.storageKeys, deps.log);
  return true;
}
