import { z } from 'zod';
import { reportStatuses } from '../enums.js';

/** PRODUCT §3 user_reports as an administrator reads them. */
const reportPersonSchema = z.object({ name: z.string(), email: z.string() });

export const adminReportSchema = z.object({
  id: z.number().int(),
  reporterId: z.number().int(),
  reportedUserId: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.number().int().nullable(),
  /** Set when the report is about a listing rather than only its owner (decision 008). */
  itemId: z.number().int().nullable(),
  /** Who reported and who was reported, so an administrator reads names instead of bare ids. */
  reporter: reportPersonSchema.nullable(),
  reportedUser: reportPersonSchema.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** PUT /api/admin/reports/{id}: PRODUCT §4, pending, resolved or dismissed. */
export const setReportStatusSchema = z.object({
  status: z.enum(reportStatuses, { message: 'Status must be one of pending, resolved, dismissed' }),
});
export type SetReportStatusInput = z.infer<typeof setReportStatusSchema>;

export const ADMIN_PAGE_SIZE = { default: 50, max: 200 } as const;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * The admin lists' paging. With no parameter at all the answer is every row, a plain array as
 * PRODUCT §7's client expects; with `limit` (or `cursor`) it is one page, newest first, and the next
 * page's cursor travels in the x-next-cursor header. x-total-count always holds the number of
 * matches. `search` narrows by words.
 */
export const adminListQuerySchema = z.object({
  search: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: `Limit must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}` })
      .int(`Limit must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
      .min(1, `Limit must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
      .max(ADMIN_PAGE_SIZE.max, `Limit must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
      .optional(),
  ),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200, 'Invalid cursor').optional()),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminReportListQuerySchema = adminListQuerySchema.extend({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(reportStatuses, { message: 'Status must be one of pending, resolved, dismissed' }).optional(),
  ),
});
export type AdminReportListQuery = z.infer<typeof adminReportListQuerySchema>;

/** GET /api/admin/stats: PRODUCT §6's cards, premium counted by common/premium.ts's rule. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  premiumUsers: z.number().int(),
  freeUsers: z.number().int(),
  totalReports: z.number().int(),
  pendingReports: z.number().int(),
  flaggedListings: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const moderationDecisions = ['approve', 'hide'] as const;
export type ModerationDecision = (typeof moderationDecisions)[number];

/** PUT /api/admin/items/{id}/moderation. */
export const moderationDecisionSchema = z.object({
  decision: z.enum(moderationDecisions, { message: 'Decision must be approve or hide' }),
});

/** A listing waiting for an administrator: flagged by the rules (and, later, reported). */
export const moderationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  imageUrls: z.array(z.string()),
  userId: z.number().int(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  flaggedForReview: z.boolean(),
  flagReason: z.string().nullable(),
  moderatorReviewed: z.boolean(),
  isHidden: z.boolean(),
  createdAt: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const auditActions = [
  'user.premium.grant',
  'user.premium.remove',
  'user.delete',
  'report.status',
  'report.delete',
  'item.approve',
  'item.hide',
  'item.delete',
  'admin.create',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int(),
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** How the dashboard words an audit action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'user.premium.grant': 'Made Premium',
  'user.premium.remove': 'Made Free',
  'user.delete': 'Deleted user',
  'report.status': 'Changed report status',
  'report.delete': 'Deleted report',
  'item.approve': 'Approved listing',
  'item.hide': 'Hid listing',
  'item.delete': 'Deleted listing',
  'admin.create': 'Made administrator',
};
