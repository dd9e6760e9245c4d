import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { items, userReports, users } from '../../db/schema.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { consumeAttempts } from '../../lib/throttle.js';

export const ALREADY_REPORTED_USER = 'You have already reported this user; an administrator will look at it';
export const ALREADY_REPORTED_ITEM =
  'You have already reported this listing; an administrator will look at it';

/** 429 past the reports allowed per parent and per address (rate-limits.ts); every report counts. */
export async function limitReports(
  app: FastifyInstance,
  clock: Clock,
  request: FastifyRequest,
  reporterId: number,
): Promise<void> {
  const limits = app.config.rateLimits;
  await consumeAttempts(app.db, clock, [
    [`report:user:${reporterId}`, limits.reportsPerUser],
    [`report:address:${request.ip}`, limits.reportsPerAddress],
  ]);
}

type ReportInput = { reason: string; description: string | null };
export type FiledReport = { id: number; status: string };

/**
 * Files a report for the administrators (PRODUCT §6): about a parent, or about one of their
 * listings (itemId set, the reported user its owner). One pending report per reporter and
 * target (409); never about oneself or one's own listing (400).
 */
export async function fileReport(
  db: Database,
  reporterId: number,
  target: { userId: number } | { itemId: number },
  input: ReportInput,
): Promise<FiledReport> {
  let reportedUserId: number;
  let itemId: number | null = null;
  if ('itemId' in target) {
    const [item] = await db
      .select({ id: items.id, userId: items.userId })
      .from(items)
      .where(eq(items.id, target.itemId));
    if (!item) throw notFound('Item');
    if (item.userId === reporterId) throw badRequest('You cannot report your own listing');
    reportedUserId = item.userId;
    itemId = item.id;
  } else {
    // PRODUCT §6: parents report other users, not themselves.
    if (target.userId === reporterId)
      throw badRequest('You cannot report yourself', [
        { path: 'userId', message: 'You cannot report yourself' },
      ]);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
    if (!user) throw notFound('User');
    reportedUserId = user.id;
  }
  try {
    const [report] = await db
      .insert(userReports)
      .values({ reporterId, reportedUserId, itemId, reason: input.reason, description: input.description })
      .returning({ id: userReports.id, status: userReports.status });
    if (!report) throw new AppError(500, 'insert into user_reports returned no row');
    return report;
  } catch (error) {
    // The partial unique indexes hold one pending report per reporter and target.
    if (isUniqueViolation(error)) throw conflict(itemId ? ALREADY_REPORTED_ITEM : ALREADY_REPORTED_USER);
    throw error;
  }
}
