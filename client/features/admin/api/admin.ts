import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema, type AdminUser } from '../../../../common/schemas/users.js';
import { reportStatuses } from '../../../../common/enums.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { toast } from '../../../components/ui/toast.js';

/** SPEC §3 user_reports as the administrator reads them. */
export const adminReportSchema = z.object({
  id: z.number().int(),
  reporterId: z.number().int(),
  reportedUserId: z.number().int(),
  reason: z.string(),
  description: z.string().nullish(),
  status: z.union([z.enum(reportStatuses), z.string()]),
  createdAt: z.string(),
  reviewedAt: z.string().nullish(),
  reviewedBy: z.number().int().nullish(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminKeys = {
  users: ['/api/admin/users'] as const,
  reports: ['/api/admin/reports'] as const,
};

export const adminUsersQuery = () =>
  queryOptions({
    queryKey: adminKeys.users,
    queryFn: () => api.get('/api/admin/users', { schema: z.array(adminUserSchema) }),
  });

export const adminReportsQuery = () =>
  queryOptions({
    queryKey: adminKeys.reports,
    queryFn: () => api.get('/api/admin/reports', { schema: z.array(adminReportSchema) }),
  });

export function useAdminUsers() {
  return useQuery(adminUsersQuery());
}

export function useAdminReports() {
  return useQuery(adminReportsQuery());
}

/** SPEC §6 Make Premium / Make Free; the toasts are SPEC §8's. */
export function useSetUserPremium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isPremium }: { userId: number; isPremium: boolean }) =>
      api.put(`/api/admin/users/${userId}/premium`, { isPremium }, { schema: adminUserSchema }),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (users) =>
        users?.map((user) => (user.id === updated.id ? updated : user)),
      );
      toast({ title: 'User premium status updated successfully', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Failed to update user premium status' }),
  });
}
