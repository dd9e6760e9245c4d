import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { reportStatuses } from '../../../common/enums.js';
import { hasPremium } from '../../../common/premium.js';
import { adminUserSchema, idParamsSchema, setPremiumSchema } from '../../../common/schemas/users.js';
import { userReports } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { setOwnerPriority } from '../items/items.repo.js';
import { findUserById, listUsersNewestFirst, updateUser } from '../users/users.repo.js';
import { presentAdminUser } from '../users/users.present.js';

const guarded = { 401: apiErrorSchema, 403: apiErrorSchema };

const adminReportSchema = z.object({
  id: z.number().int(),
  reporterId: z.number().int(),
  reportedUserId: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.number().int().nullable(),
  /** Set when the report is about a listing (issue 11). */
  itemId: z.number().int().nullable(),
});

/** SPEC §6 administrator calls. Every route here is for administrators only. */
export const adminRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/users',
    { schema: { tags: ['admin'], response: { 200: z.array(adminUserSchema), ...guarded } } },
    async () => (await listUsersNewestFirst(app.db)).map(presentAdminUser),
  );

  app.put(
    '/users/:id/premium',
    {
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        body: setPremiumSchema,
        response: { 200: adminUserSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...guarded },
      },
    },
    async (request) => {
      const target = await findUserById(app.db, request.params.id);
      if (!target) throw notFound('User');
      // SPEC §6: Make Premium / Make Free is not offered for administrators.
      if (target.isAdmin) throw forbidden('Administrators cannot be changed');
      const updated = await updateUser(
        app.db,
        target.id,
        { isPremium: request.body.isPremium, premiumBadge: request.body.isPremium },
        clock.now(),
      );
      if (!updated) throw notFound('User');
      await setOwnerPriority(app.db, updated.id, hasPremium(updated, clock.now()));
      await app.listings.changed();
      return presentAdminUser(updated);
    },
  );

  app.get(
    '/reports',
    { schema: { tags: ['admin'], response: { 200: z.array(adminReportSchema), ...guarded } } },
    async () => {
      const rows = await app.db
        .select()
        .from(userReports)
        .orderBy(desc(userReports.createdAt), desc(userReports.id));
      return rows.map((row) => ({
        ...row,
        status: reportStatuses.includes(row.status as (typeof reportStatuses)[number])
          ? (row.status as (typeof reportStatuses)[number])
          : 'pending',
        createdAt: row.createdAt.toISOString(),
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
      }));
    },
  );
};
