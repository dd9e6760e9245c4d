import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportStatus } from '../../../common/enums.js';
import { hasPremium, hasPremiumByFlagOrSubscription } from '../../../common/premium.js';
import type { AdminStats, ModerationDecision } from '../../../common/schemas/admin.js';
import type { Database } from '../../db/client.js';
import { items, userReports, users, type UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { enqueueItemsListed } from '../alerts/alerts.outbox.js';
import { ensureAdmin } from '../auth/auth.service.js';
import { setOwnerPriority } from '../items/items.service.js';
import type { StripeApi } from '../billing/billing.stripe.js';
import { cancelSubscriptionOf, deleteAccountRows, deleteStoredPhotos } from '../users/account-deletion.js';
import {
  countAwaitingModeration,
  countReports,
  countUsersByPremiumFields,
  recordAudit,
  type AuditActor,
} from './admin.repo.js';

/** The administrator's lists, paged newest first by keyset (decision 011). */
export {
  findUserLabels,
  listAuditPage,
  listModerationPage,
  listReportsPage,
  listUsersPage,
  type AuditActor,
  type Page,
} from './admin.repo.js';

/**
 * What every administrator action needs. The API and the operator's command line build the
 * same thing, so both go through these functions and leave the same audit trail.
 */
export type AdminDeps = {
  db: Database;
  clock: Clock;
  storage: Storage;
  /** Tells every app instance's browse pages that listings changed. */
  listingsChanged: () => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Set when card billing is configured: a deleted account's subscription is cancelled. */
  stripe?: Pick<StripeApi, 'subscriptions'> | undefined;
};

export const ADMINS_CANNOT_BE_CHANGED = 'Administrators cannot be changed';
export const ADMINS_CANNOT_BE_DELETED = 'Administrators cannot be deleted';

/** An administrator as the audit log names them. */
export function auditActorOf(user: Pick<UserRow, 'id' | 'email'>): AuditActor {
  return { id: user.id, label: user.email };
}

function fullName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName} <${user.email}>`;
}

/**
 * PRODUCT §6 Make Premium / Make Free: sets the manual Premium flag (paid and referral periods run
 * on by themselves), keeps the owner's listings' priority equal to their premium status, and
 * records it. 404 for a missing user, 403 for an administrator.
 */
export async function setUserPremium(
  deps: AdminDeps,
  actor: AuditActor,
  userId: number,
  isPremium: boolean,
): Promise<UserRow> {
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User');
    // PRODUCT §6: Make Premium / Make Free is not offered for administrators.
    if (target.isAdmin) throw forbidden(ADMINS_CANNOT_BE_CHANGED);
    const [row] = await tx
      .update(users)
      .set({ isPremium, premiumBadge: isPremium, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound('User');
    await setOwnerPriority(tx, row.id, hasPremium(row, now));
    await recordAudit(
      tx,
      actor,
      {
        action: isPremium ? 'user.premium.grant' : 'user.premium.remove',
        targetType: 'user',
        targetId: row.id,
        targetLabel: fullName(row),
      },
      now,
    );
    return row;
  });
  await deps.listingsChanged();
  return updated;
}

/**
 * PRODUCT §6 delete: the account and everything that is theirs (account-deletion.ts) in one
 * transaction with its audit record, then the photo files. 404 for a missing user, 403 for an
 * administrator.
 */
export async function deleteUser(deps: AdminDeps, actor: AuditActor, userId: number): Promise<void> {
  const now = deps.clock.now();
  const [billing] = await deps.db
    .select({ isAdmin: users.isAdmin, subscriptionId: users.stripeSubscriptionId })
    .from(users)
    .where(eq(users.id, userId));
  if (billing && !billing.isAdmin) await cancelSubscriptionOf(deps.stripe, billing.subscriptionId, deps.log);
  const deleted = await deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User');
    if (target.isAdmin) throw forbidden(ADMINS_CANNOT_BE_DELETED);
    const rows = await deleteAccountRows(tx, userId);
    if (!rows) throw notFound('User');
    await recordAudit(
      tx,
      actor,
      { action: 'user.delete', targetType: 'user', targetId: userId, targetLabel: fullName(target) },
      now,
    );
    return rows;
  });
  await deleteStoredPhotos(deps.storage, deleted.storageKeys, deps.log);
  await deps.listingsChanged();
}

/** PRODUCT §4: an administrator sets a report's status; reviewedAt and reviewedBy record who and when. */
export async function setReportStatus(
  deps: Pick<AdminDeps, 'db' | 'clock'>,
  actor: AuditActor,
  reportId: number,
  status: ReportStatus,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(userReports).where(eq(userReports.id, reportId)).for('update');
    if (!before) throw notFound('Report');
    const [row] = await tx
      .update(userReports)
      .set({
        status,
        reviewedAt: status === 'pending' ? null : now,
        reviewedBy: status === 'pending' ? null : actor.id,
      })
      .where(eq(userReports.id, reportId))
      .returning();
    if (!row) throw notFound('Report');
    await recordAudit(
      tx,
      actor,
      {
        action: 'report.status',
        targetType: 'report',
        targetId: reportId,
        targetLabel: before.reason.slice(0, 120),
        details: { from: before.status, to: status },
      },
      now,
    );
    return row;
  });
}

export async function deleteReport(
  deps: Pick<AdminDeps, 'db' | 'clock'>,
  actor: AuditActor,
  reportId: number,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(userReports).where(eq(userReports.id, reportId)).returning();
    if (!removed) throw notFound('Report');
    await recordAudit(
      tx,
      actor,
      {
        action: 'report.delete',
        targetType: 'report',
        targetId: reportId,
        targetLabel: removed.reason.slice(0, 120),
        details: { reporterId: removed.reporterId, reportedUserId: removed.reportedUserId },
      },
      now,
    );
  });
}

/**
 * An administrator's decision on a listing in the moderation queue. Approve shows it to every
 * family (and sends the alerts its hiding held back); hide keeps it from everyone but its owner.
 * Either way moderatorReviewed records that a person decided.
 */
export async function moderateItem(
  deps: AdminDeps,
  actor: AuditActor,
  itemId: number,
  decision: ModerationDecision,
) {
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: items.id, title: items.title, isHidden: items.isHidden, flagReason: items.flagReason })
      .from(items)
      .where(eq(items.id, itemId))
      .for('update');
    if (!before) throw notFound('Item');
    const [row] = await tx
      .update(items)
      .set({ moderatorReviewed: true, isHidden: decision === 'hide', updatedAt: now })
      .where(eq(items.id, itemId))
      .returning({ id: items.id, isHidden: items.isHidden, moderatorReviewed: items.moderatorReviewed });
    if (!row) throw notFound('Item');
    // The decision answers the parents who reported the listing too.
    await tx
      .update(userReports)
      .set({ status: 'resolved', reviewedAt: now, reviewedBy: actor.id })
      .where(and(eq(userReports.itemId, itemId), eq(userReports.status, 'pending')));
    if (decision === 'approve' && before.isHidden) await enqueueItemsListed(tx, [itemId], now);
    await recordAudit(
      tx,
      actor,
      {
        action: decision === 'approve' ? 'item.approve' : 'item.hide',
        targetType: 'item',
        targetId: itemId,
        targetLabel: before.title,
        details: { flagReason: before.flagReason },
      },
      now,
    );
    return row;
  });
  await deps.listingsChanged();
  return updated;
}

/** Deletes a listing from the moderation queue (its photos stay until the upload sweep). */
export async function deleteListing(deps: AdminDeps, actor: AuditActor, itemId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(items)
      .where(eq(items.id, itemId))
      .returning({ title: items.title, userId: items.userId, flagReason: items.flagReason });
    if (!removed) throw notFound('Item');
    await recordAudit(
      tx,
      actor,
      {
        action: 'item.delete',
        targetType: 'item',
        targetId: itemId,
        targetLabel: removed.title,
        details: { ownerId: removed.userId, flagReason: removed.flagReason },
      },
      now,
    );
  });
  await deps.listingsChanged();
}

/** PRODUCT §6 stats cards: premium users have the premium flag or an active subscription (§4, second reading). */
export async function getStats(db: Database, now: Date): Promise<AdminStats> {
  const groups = await countUsersByPremiumFields(db, now);
  let totalUsers = 0;
  let premiumUsers = 0;
  for (const group of groups) {
    totalUsers += group.n;
    if (hasPremiumByFlagOrSubscription(group)) premiumUsers += group.n;
  }
  const reports = await countReports(db);
  return {
    totalUsers,
    premiumUsers,
    freeUsers: totalUsers - premiumUsers,
    totalReports: reports.total,
    pendingReports: reports.pending,
    flaggedListings: await countAwaitingModeration(db),
  };
}

/** The command line's create-admin: ensureAdmin (as ADMIN_EMAIL does at start-up), recorded. */
export async function createAdministrator(
  deps: Pick<AdminDeps, 'db' | 'clock'>,
  actor: AuditActor,
  credentials: { email: string; password: string },
): Promise<UserRow> {
  const admin = await ensureAdmin(deps.db, deps.clock, credentials);
  await recordAudit(
    deps.db,
    actor,
    { action: 'admin.create', targetType: 'user', targetId: admin.id, targetLabel: admin.email },
    deps.clock.now(),
  );
  return admin;
}
