import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ReportStatus } from '../../../../common/enums.js';
import type {
  AdminReport,
  AdminStats,
  AuditEntry,
  ModerationDecision,
  ModerationItem,
} from '../../../../common/schemas/admin.js';
import { LIST_HEADERS } from '../../../../common/items.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { toast } from '../../../components/ui/toast.js';
import type { AdminUser } from '../../../../common/schemas/users.js';

export type { AdminReport };

/** Rows per page on the dashboard's lists; "Load more" asks for the next page. */
export const ADMIN_LIST_PAGE = 50;

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: (search: string) => ['admin', 'users', search] as const,
  reports: (search: string) => ['admin', 'reports', search] as const,
  moderation: ['admin', 'moderation'] as const,
  audit: ['admin', 'audit'] as const,
};

/** One page of an admin list: its rows, the next page's cursor and the number of matches. */
async function fetchPage<T>(path: string, query: Record<string, string | number | undefined>) {
  const { data, headers } = await api.getWithHeaders<T[]>(path, { query });
  return {
    rows: data,
    nextCursor: headers.get(LIST_HEADERS.nextCursor) ?? undefined,
    totalCount: Number(headers.get(LIST_HEADERS.totalCount) ?? data.length),
  };
}

function usePagedList<T>(key: readonly unknown[], path: string, search?: string) {
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchPage<T>(path, { limit: ADMIN_LIST_PAGE, cursor: pageParam, search }),
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the rows on screen until its answer arrives (no flash, no lost dialog).
    placeholderData: keepPreviousData,
  });
  return {
    ...query,
    rows: query.data?.pages.flatMap((page) => page.rows),
    totalCount: query.data?.pages[0]?.totalCount,
  };
}

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: () => api.get<AdminStats>('/api/admin/stats'),
  });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}

export function useAdminUsers(search: string) {
  return usePagedList<AdminUser>(adminKeys.users(search), '/api/admin/users', search);
}

export function useAdminReports(search: string) {
  return usePagedList<AdminReport>(adminKeys.reports(search), '/api/admin/reports', search);
}

export function useModerationQueue() {
  return usePagedList<ModerationItem>(adminKeys.moderation, '/api/admin/moderation');
}

export function useAuditLog() {
  return usePagedList<AuditEntry>(adminKeys.audit, '/api/admin/audit-log');
}

/**
 * After any administrator action every admin list, the stats and the audit log are read again.
 * A read still in flight is called off first: it may have left before the action changed
 * anything, and a list whose first read is in flight would otherwise take that answer instead of
 * reading again (a user deleted while a search for them was on its way stayed on screen).
 */
function useAdminMutation<V>(
  mutationFn: (variables: V) => Promise<unknown>,
  texts: { success: string | ((variables: V) => string); failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_data, variables) => {
      toast({
        title: typeof texts.success === 'function' ? texts.success(variables) : texts.success,
        variant: 'success',
      });
      await queryClient.cancelQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => handleApiError(error, { title: texts.failure }),
  });
}

/** PRODUCT §6 Make Premium / Make Free; the toasts are PRODUCT §8's. */
export function useSetUserPremium() {
  return useAdminMutation(
    ({ userId, isPremium }: { userId: number; isPremium: boolean }) =>
      api.put<AdminUser>(`/api/admin/users/${userId}/premium`, { isPremium }),
    { success: 'User premium status updated successfully', failure: 'Failed to update user premium status' },
  );
}

export function useDeleteUser() {
  return useAdminMutation(({ userId }: { userId: number }) => api.delete(`/api/admin/users/${userId}`), {
    success: 'User and all associated data deleted successfully',
    failure: 'Failed to delete user',
  });
}

export function useSetReportStatus() {
  return useAdminMutation(
    ({ reportId, status }: { reportId: number; status: ReportStatus }) =>
      api.put<AdminReport>(`/api/admin/reports/${reportId}`, { status }),
    { success: 'Report status updated successfully', failure: 'Failed to update report status' },
  );
}

export function useDeleteReport() {
  return useAdminMutation(
    ({ reportId }: { reportId: number }) => api.delete(`/api/admin/reports/${reportId}`),
    {
      success: 'Report deleted successfully',
      failure: 'Failed to delete report',
    },
  );
}

export function useModerateItem() {
  return useAdminMutation(
    ({ itemId, decision }: { itemId: number; decision: ModerationDecision }) =>
      api.put(`/api/admin/items/${itemId}/moderation`, { decision }),
    {
      success: ({ decision }) => (decision === 'approve' ? 'Listing approved' : 'Listing hidden'),
      failure: 'Failed to update listing',
    },
  );
}

export function useDeleteListing() {
  return useAdminMutation(({ itemId }: { itemId: number }) => api.delete(`/api/admin/items/${itemId}`), {
    success: 'Listing deleted',
    failure: 'Failed to delete listing',
  });
}
