import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  UpdateNotificationSettingsInput,
} from '../../../../common/schemas/reach.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';

export const reachKeys = {
  all: ['notification-settings'] as const,
  settings: () => ['notification-settings', 'settings'] as const,
  /** This browser's own state: whether it can get pushes, and whether it is subscribed. */
  thisBrowser: () => ['notification-settings', 'this-browser'] as const,
};

const SETTINGS_MUTATION = ['notification-settings', 'update'] as const;

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: reachKeys.settings(),
    queryFn: ({ signal }) => api.get<NotificationSettings>('/api/notifications/settings', { signal }),
  });

/** GET /api/notifications/settings: what the parent hears about, when, and on how many devices. */
export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}

/** The settings with a partial change laid over them, as the server will store it. */
export function applySettingsChange(
  settings: NotificationSettings,
  change: UpdateNotificationSettingsInput,
): NotificationSettings {
  const kinds = { ...settings.kinds };
  for (const [kind, switches] of Object.entries(change.kinds ?? {})) {
    const key = kind as keyof typeof kinds;
    kinds[key] = { ...kinds[key], ...switches };
  }
  return {
    ...settings,
    kinds,
    quietHours: { ...settings.quietHours, ...change.quietHours },
    timeZone: change.timeZone ?? settings.timeZone,
    digest: change.digest ?? settings.digest,
  };
}

/**
 * PATCH /api/notifications/settings. Each checkbox or switch shows its new state at once; a
 * refusal puts it back and says 'Update failed' (PRODUCT §8, as the account switches do). With
 * several changes on their way, only the last answer is written, so one cannot undo another.
 */
export function useUpdateNotificationSettings({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  const othersInFlight = () => queryClient.isMutating({ mutationKey: SETTINGS_MUTATION }) > 1;
  return useMutation({
    mutationKey: SETTINGS_MUTATION,
    mutationFn: (change: UpdateNotificationSettingsInput) =>
      api.patch<NotificationSettings>('/api/notifications/settings', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: reachKeys.settings() });
      const previous = queryClient.getQueryData<NotificationSettings>(reachKeys.settings());
      if (previous) queryClient.setQueryData(reachKeys.settings(), applySettingsChange(previous, change));
      return { previous };
    },
    onSuccess: (settings) => {
      if (!othersInFlight()) queryClient.setQueryData(reachKeys.settings(), settings);
    },
    onError: (error, _change, context) => {
      if (othersInFlight()) void queryClient.invalidateQueries({ queryKey: reachKeys.settings() });
      else if (context?.previous) queryClient.setQueryData(reachKeys.settings(), context.previous);
      // The time zone is sent in the background; the next visit tries again.
      if (!quiet) handleApiError(error, { title: 'Update failed' });
    },
  });
}
