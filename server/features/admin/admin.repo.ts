import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../../common/schemas/admin.js';
import { adminAuditLog, items, userReports, users } from '../../db/schema.js';
import { decodeKeysetCursor, encodeKeysetCursor, invalidCursor } from '../../lib/keyset-cursor.js';
import type { Executor } from '../../db/executor.js';

export type Page<T> = { rows: T[]; nextCursor: string | undefined; totalCount: number };
export type PageRequest = { limit?: number | undefined; cursor?: string | undefined };

/** A keyset position in a newest-first list: the last row's creation time and id. */
function encodeCursor(row: { createdAt: Date; id: number }): string {
  return encodeKeysetCursor({ k: 'newest', v: [row.createdAt.toISOString(), String(row.id)] });
}

function decodeCursor(raw: string): { createdAt: string; id: number } {
  const [createdAt, id] = decodeKeysetCursor(raw, ['newest'])?.v ?? [];
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^\d+$/.test(id)) throw invalidCursor();
  return { createdAt, id: Number(id) };
}

/** Rows after the cursor in (created_at desc, id desc) order. */
function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const at = decodeCursor(cursor);
  return sql`(${createdAt}, ${id}) < (${at.createdAt}::timestamptz, ${at.id})`;
}

/** `%words%` with LIKE's own characters escaped. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function paged<T extends { createdAt: Date; id: number }>(
  page: PageRequest,
  fetch: (limit: number | undefined) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<Page<T>> {
  const rows = await fetch(page.limit === undefined ? undefined : page.limit + 1);
  const hasMore = page.limit !== undefined && rows.length > page.limit;
  const shown = hasMore ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: hasMore && last ? encodeCursor(last) : undefined,
    totalCount: await total(),
  };
}

/** Every user newest first, or one page of them; `search` looks in names and e-mail. */
export function listUsersPage(db: Executor, query: PageRequest & { search?: string | undefined }) {
  const matches = query.search
    ? or(
        ilike(users.email, likePattern(query.search)),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(query.search)),
      )
    : undefined;
  return paged(
    query,
    (limit) => {
      const select = db
        .select()
        .from(users)
        .where(and(matches, afterCursor(users.createdAt, users.id, query.cursor)))
        .orderBy(desc(users.createdAt), desc(users.id));
      return limit === undefined ? select : select.limit(limit);
    },
    async () => (await db.select({ n: count() }).from(users).where(matches))[0]?.n ?? 0,
  );
}

/** Every report newest first, or one page; by status, and `search` in the reason, text or ids. */
export function listReportsPage(
  db: Executor,
  query: PageRequest & { search?: string | undefined; status?: string | undefined },
) {
  const searchId = query.search && /^\d{1,9}$/.test(query.search) ? Number(query.search) : undefined;
  const matches = and(
    query.status ? eq(userReports.status, query.status) : undefined,
    query.search
      ? or(
          ilike(userReports.reason, likePattern(query.search)),
          ilike(userReports.description, likePattern(query.search)),
          ...(searchId === undefined
            ? []
            : [
                eq(userReports.id, searchId),
                eq(userReports.reporterId, searchId),
                eq(userReports.reportedUserId, searchId),
              ]),
        )
      : undefined,
  );
  return paged(
    query,
    (limit) => {
      const select = db
        .select()
        .from(userReports)
        .where(and(matches, afterCursor(userReports.createdAt, userReports.id, query.cursor)))
        .orderBy(desc(userReports.createdAt), desc(userReports.id));
      return limit === undefined ? select : select.limit(limit);
    },
    async () => (await db.select({ n: count() }).from(userReports).where(matches))[0]?.n ?? 0,
  );
}

/** Names and e-mail addresses of the given users, by id, for the reports list. */
export async function findUserLabels(
  db: Executor,
  ids: number[],
): Promise<Map<number, { name: string; email: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`, email: row.email }]));
}

/**
 * Users counted in the few groups the premium rule can tell apart (flag, subscription status,
 * end date still ahead), so the service applies common/premium.ts to each group instead of
 * repeating the rule in SQL.
 */
export function countUsersByPremiumFields(db: Executor, now: Date) {
  const endsLater = sql<boolean>`coalesce(${users.subscriptionEndsAt} > ${now.toISOString()}::timestamptz, false)`;
  return db
    .select({
      isPremium: users.isPremium,
      subscriptionStatus: users.subscriptionStatus,
      endsLater,
      n: count(),
    })
    .from(users)
    .groupBy(sql`1`, sql`2`, sql`3`); // by position: the date is a parameter in each place
}

export async function countReports(db: Executor): Promise<{ total: number; pending: number }> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${userReports.status} = 'pending')`.mapWith(Number),
    })
    .from(userReports);
  return { total: row?.total ?? 0, pending: row?.pending ?? 0 };
}

/**
 * Why a listing is in the moderation queue: flagged by the rules and not yet decided, or
 * reported by a parent (user_reports.item_id) with the report still pending. A decision on the
 * listing resolves its pending reports (moderateItem), so it leaves the queue either way.
 */
function awaitingModeration(): SQL {
  return sql`((${items.flaggedForReview} and not ${items.moderatorReviewed}) or exists (
    select 1 from ${userReports}
    where ${userReports.itemId} = ${items.id} and ${userReports.status} = 'pending'))`;
}

export async function countAwaitingModeration(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items).where(awaitingModeration());
  return row?.n ?? 0;
}

/** The moderation queue, newest first, with each owner's name and e-mail. */
export function listModerationPage(db: Executor, query: PageRequest) {
  return paged(
    query,
    (limit) => {
      const select = db
        .select({
          id: items.id,
          title: items.title,
          description: items.description,
          brand: items.brand,
          imageUrls: items.imageUrls,
          userId: items.userId,
          ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
          ownerEmail: users.email,
          flaggedForReview: items.flaggedForReview,
          flagReason: items.flagReason,
          moderatorReviewed: items.moderatorReviewed,
          isHidden: items.isHidden,
          createdAt: items.createdAt,
        })
        .from(items)
        .innerJoin(users, eq(users.id, items.userId))
        .where(and(awaitingModeration(), afterCursor(items.createdAt, items.id, query.cursor)))
        .orderBy(desc(items.createdAt), desc(items.id));
      return limit === undefined ? select : select.limit(limit);
    },
    () => countAwaitingModeration(db),
  );
}

export type AuditActor = { id: number | null; label: string };
export type AuditRecord = {
  action: AuditAction;
  targetType: 'user' | 'report' | 'item';
  targetId: number;
  targetLabel?: string | null;
  details?: Record<string, unknown>;
};

/** Records an administrator's action; call it inside the action's own transaction. */
export async function recordAudit(tx: Executor, actor: AuditActor, record: AuditRecord, now: Date) {
  await tx.insert(adminAuditLog).values({
    actorId: actor.id,
    actorLabel: actor.label,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel: record.targetLabel?.slice(0, 255) ?? null,
    details: record.details ?? null,
    createdAt: now,
  });
}

export function listAuditPage(db: Executor, query: PageRequest) {
  return paged(
    query,
    (limit) => {
      const select = db
        .select()
        .from(adminAuditLog)
        .where(afterCursor(adminAuditLog.createdAt, adminAuditLog.id, query.cursor))
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id));
      return limit === undefined ? select : select.limit(limit);
    },
    async () => (await db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0,
  );
}
