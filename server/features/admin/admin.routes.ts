import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { reportStatuses, type ReportStatus } from '../../../common/enums.js';
import {
  ADMIN_PAGE_SIZE,
  adminListQuerySchema,
  adminReportListQuerySchema,
  adminReportSchema,
  adminStatsSchema,
  auditEntrySchema,
  moderationDecisionSchema,
  moderationItemSchema,
  setReportStatusSchema,
  type AdminReport,
} from '../../../common/schemas/admin.js';
import { LIST_HEADERS } from '../../../common/schemas/items.js';
import { adminUserSchema, idParamsSchema, setPremiumSchema } from '../../../common/schemas/users.js';
import type { userReports } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { signedInUser } from '../../plugins/session.js';
import { presentAdminUser } from '../users/users.present.js';
import {
  auditActorOf,
  deleteListing,
  deleteReport,
  deleteUser,
  findUserLabels,
  getStats,
  listAuditPage,
  listModerationPage,
  listReportsPage,
  listUsersPage,
  moderateItem,
  setReportStatus,
  setUserPremium,
  type AdminDeps,
  type Page,
} from './admin.service.js';
import { NO_RELIABILITY, reliabilityOf, reliabilityOfOne } from '../giveaway/giveaway.service.js';
import type { Executor } from '../../db/executor.js';

const guarded = { 401: apiErrorSchema, 403: apiErrorSchema };
const withErrors = { ...guarded, 400: apiErrorSchema, 404: apiErrorSchema };
const tags = ['admin'];
const PAGING = `With no query parameter every row comes back as a plain array (PRODUCT §7); with limit (and then cursor) one page, newest first, the next page's cursor in ${LIST_HEADERS.nextCursor}. ${LIST_HEADERS.totalCount} holds the number of matches.`;

type ReportRow = typeof userReports.$inferSelect;
type UserLabels = Awaited<ReturnType<typeof findUserLabels>>;

function presentReport(row: ReportRow, people: UserLabels): AdminReport {
  return {
    ...row,
    status: reportStatuses.includes(row.status as ReportStatus) ? (row.status as ReportStatus) : 'pending',
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reporter: people.get(row.reporterId) ?? null,
    reportedUser: people.get(row.reportedUserId) ?? null,
  };
}

/** Reports with the names and e-mails of both parents, looked up in one query. */
async function presentReports(db: Executor, rows: ReportRow[]): Promise<(row: ReportRow) => AdminReport> {
  const people = await findUserLabels(
    db,
    rows.flatMap((row) => [row.reporterId, row.reportedUserId]),
  );
  return (row) => presentReport(row, people);
}

function sendPage<T, R>(reply: FastifyReply, page: Page<T>, present: (row: T) => R): R[] {
  if (page.nextCursor) reply.header(LIST_HEADERS.nextCursor, page.nextCursor);
  reply.header(LIST_HEADERS.totalCount, String(page.totalCount));
  return page.rows.map(present);
}

/**
 * PRODUCT §6 administrator calls, and the moderation and audit calls (decision 011). The onRequest
 * guard runs before anything else, so every /api/admin path answers 401 to visitors and 403 to
 * parents, whatever its id, and even when no such route exists.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.addHook('onRequest', app.requireAdmin);
  const deps: AdminDeps = {
    db: app.db,
    clock,
    storage: app.storage,
    listingsChanged: () => app.listings.changed(),
    log: app.log,
    stripe: app.stripe,
  };

  app.get('/stats', { schema: { tags, response: { 200: adminStatsSchema, ...guarded } } }, async () =>
    getStats(app.db, clock.now()),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        description: `Users, newest first; search looks in names and e-mail. ${PAGING}`,
        querystring: adminListQuerySchema,
        response: { 200: z.array(adminUserSchema), ...withErrors },
      },
    },
    async (request, reply) => {
      const page = await listUsersPage(app.db, request.query);
      const reliability = await reliabilityOf(
        app.db,
        page.rows.map((row) => row.id),
      );
      return sendPage(reply, page, (row) => presentAdminUser(row, reliability.get(row.id) ?? NO_RELIABILITY));
    },
  );

  app.put(
    '/users/:id/premium',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: setPremiumSchema,
        response: { 200: adminUserSchema, ...withErrors },
      },
    },
    async (request) => {
      const user = await setUserPremium(
        deps,
        auditActorOf(signedInUser(request)),
        request.params.id,
        request.body.isPremium,
      );
      return presentAdminUser(user, await reliabilityOfOne(app.db, user.id));
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        description:
          'Deletes the account and everything that is theirs (PRODUCT §6) in one transaction, then their photo files. Not for administrators (403).',
        params: idParamsSchema,
        response: { 204: z.null(), ...withErrors },
      },
    },
    async (request, reply) => {
      await deleteUser(deps, auditActorOf(signedInUser(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/reports',
    {
      schema: {
        tags,
        description: `Reports, newest first; status filters, search looks in the reason, the text and the ids. ${PAGING}`,
        querystring: adminReportListQuerySchema,
        response: { 200: z.array(adminReportSchema), ...withErrors },
      },
    },
    async (request, reply) => {
      const page = await listReportsPage(app.db, request.query);
      return sendPage(reply, page, await presentReports(app.db, page.rows));
    },
  );

  app.put(
    '/reports/:id',
    {
      schema: {
        tags,
        description: 'PRODUCT §4: pending, resolved or dismissed; sets reviewedAt and reviewedBy.',
        params: idParamsSchema,
        body: setReportStatusSchema,
        response: { 200: adminReportSchema, ...withErrors },
      },
    },
    async (request) => {
      const report = await setReportStatus(
        deps,
        auditActorOf(signedInUser(request)),
        request.params.id,
        request.body.status,
      );
      return (await presentReports(app.db, [report]))(report);
    },
  );

  app.delete(
    '/reports/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...withErrors } } },
    async (request, reply) => {
      await deleteReport(deps, auditActorOf(signedInUser(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/moderation',
    {
      schema: {
        tags,
        description: `Listings waiting for an administrator: flagged by the moderation rules and not yet decided. ${PAGING}`,
        querystring: adminListQuerySchema.omit({ search: true }),
        response: { 200: z.array(moderationItemSchema), ...withErrors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listModerationPage(app.db, request.query), (row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      })),
  );

  app.put(
    '/items/:id/moderation',
    {
      schema: {
        tags,
        description: 'approve shows the listing to everyone; hide keeps it from all but its owner.',
        params: idParamsSchema,
        body: moderationDecisionSchema,
        response: {
          200: z.object({ id: z.number().int(), isHidden: z.boolean(), moderatorReviewed: z.boolean() }),
          ...withErrors,
        },
      },
    },
    async (request) =>
      moderateItem(deps, auditActorOf(signedInUser(request)), request.params.id, request.body.decision),
  );

  app.delete(
    '/items/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...withErrors } } },
    async (request, reply) => {
      await deleteListing(deps, auditActorOf(signedInUser(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        description: `Every administrator action, newest first, ${ADMIN_PAGE_SIZE.default} a page unless limit says otherwise; the next page's cursor in ${LIST_HEADERS.nextCursor}.`,
        querystring: adminListQuerySchema.omit({ search: true }),
        response: { 200: z.array(auditEntrySchema), ...withErrors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listAuditPage(app.db, {
          limit: request.query.limit ?? ADMIN_PAGE_SIZE.default,
          cursor: request.query.cursor,
        }),
        (row) => ({
          ...row,
          details: (row.details as Record<string, unknown> | null) ?? null,
          createdAt: row.createdAt.toISOString(),
        }),
      ),
  );

  // Any other /api/admin path: the guard above has already answered visitors and parents.
  const unknown = async () => {
    throw notFound('Route');
  };
  app.all('/', { schema: { hide: true } }, unknown);
  app.all('/*', { schema: { hide: true } }, unknown);
};
