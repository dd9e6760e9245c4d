import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '../../../../common/schemas/alerts.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { notificationKeys } from '../../../lib/query-keys.js';

/** GET /api/notifications: the newest alert notifications and how many are unread. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => api.get<NotificationList>('/api/notifications', { signal }),
  });
}

export function markAllNotificationsRead() {
  return api.post('/api/notifications/mark-all-read');
}

/** POST /api/notifications/mark-all-read, from the alerts page. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      toast({ title: 'Notifications cleared', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Error clearing notifications' }),
  });
}

/** POST /api/notifications/{id}/read, when a notification is opened. Marked read at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/notifications/${id}/read`),
    onMutate: (id) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.all, (list) => {
        if (!list) return list;
        const target = list.notifications.find((entry) => entry.id === id);
        if (!target || target.readAt) return list;
        return {
          unreadCount: Math.max(0, list.unreadCount - 1),
          notifications: list.notifications.map((entry) =>
            entry.id === id ? { ...entry, readAt: new Date().toISOString() } : entry,
          ),
        };
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
