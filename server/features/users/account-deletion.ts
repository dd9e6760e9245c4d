import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { uploads, userBlocks, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { StripeApi } from '../billing/billing.stripe.js';
import { photoKeys } from '../uploads/uploads.service.js';
import type { Executor } from '../../db/executor.js';

export type DeletedAccount = { id: number; storageKeys: string[] };

/**
 * Removes a user and everything that is theirs (PRODUCT §6), inside the caller's transaction:
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

/** Deletes every rendition of each photo; a failure leaves an orphan file, logged, never an error. */
export async function deleteStoredPhotos(
  storage: Storage,
  storageKeys: string[],
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  for (const storageKey of storageKeys) {
    for (const key of photoKeys(storageKey)) {
      await storage.delete(key).catch((error: unknown) => {
        log?.warn({ err: error, key }, 'could not delete a deleted account’s photo');
      });
    }
  }
}

export const SUBSCRIPTION_NOT_CANCELLED =
  'We could not cancel the Premium subscription with the card provider, so nothing was deleted. Please try again in a moment.';

/** Stripe states in which a subscription no longer bills anyone. */
const FINISHED_SUBSCRIPTION = new Set(['canceled', 'incomplete_expired']);

/**
 * Ends the card subscription of an account about to be deleted, so nobody is billed for an
 * account that no longer exists. Without Stripe configured there is nothing that could bill.
 * Throws a 503 (and the caller deletes nothing) when Stripe cannot be reached.
 */
export async function cancelSubscriptionOf(
  stripe: Pick<StripeApi, 'subscriptions'> | undefined,
  subscriptionId: string | null,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!subscriptionId || !stripe) return;
  try {
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    if (!FINISHED_SUBSCRIPTION.has(current.status)) await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    log?.warn(
      { err: error, subscriptionId },
      'could not cancel the subscription of an account being deleted',
    );
    throw new AppError(503, SUBSCRIPTION_NOT_CANCELLED);
  }
}

/**
 * Deletes the account in one transaction, then its photo files; a card subscription is
 * cancelled first (cancelSubscriptionOf). The caller tells the browse
 * cache (app.listings.changed()) and records what it must (the admin audit log).
 */
export async function deleteAccount(
  deps: {
    db: Database;
    storage: Storage;
    stripe?: Pick<StripeApi, 'subscriptions'> | undefined;
    log?: Pick<FastifyBaseLogger, 'warn'>;
  },
  userId: number,
): Promise<boolean> {
  const [billing] = await deps.db
    .select({ subscriptionId: users.stripeSubscriptionId })
    .from(users)
    .where(eq(users.id, userId));
  if (!billing) return false;
  await cancelSubscriptionOf(deps.stripe, billing.subscriptionId, deps.log);
  const deleted = await deps.db.transaction((tx) => deleteAccountRows(tx, userId));
  if (!deleted) return false;
  await deleteStoredPhotos(deps.storage, deleted.storageKeys, deps.log);
  return true;
}
