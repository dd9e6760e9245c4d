import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../lib/query-keys.js';
import type { NotificationList } from '../../../common/schemas/alerts.js';
import { notificationKeys } from '../../lib/query-keys.js';
import { giveawayKeys } from '../../lib/query-keys.js';
import { itemKeys } from '../../lib/query-keys.js';
import { toast } from '../../components/ui/toast.js';

export const EVENTS_URL = '/api/events';

/** After the browser gives up on a stream (it closed it), wait this long, doubling up to the cap. */
export const RECONNECT_DELAY_MS = { first: 1000, max: 30_000 } as const;

type Listener = (data: unknown) => void;

function parse(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data)) as unknown;
  } catch {
    return undefined;
  }
}

function numberField(data: unknown, field: string): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}

function stringField(data: unknown, field: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * What each server-sent event changes in the cache. Events carry ids, not content, so screens
 * refetch what they show: the conversation list, the open thread, the unread total, the alerts.
 */
export function liveEventHandlers(queryClient: QueryClient): Record<string, Listener> {
  const refreshConversation = (conversationId: number | undefined) => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    if (conversationId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
    }
  };
  return {
    message: (data) => {
      refreshConversation(numberField(data, 'conversationId'));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() });
    },
    unread: (data) => {
      const count = numberField(data, 'count');
      if (count === undefined) return;
      queryClient.setQueryData(conversationKeys.unreadCount(), { count });
      // The bell lists the conversations with unread messages: keep it in step with the total.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    },
    read: (data) => refreshConversation(numberField(data, 'conversationId')),
    'conversation-deleted': (data) => {
      refreshConversation(numberField(data, 'conversationId'));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() });
    },
    notification: (data) => {
      const itemId = numberField(data, 'itemId');
      if (itemId !== undefined) {
        // A give-away notice (a request, a choice, a pickup, a handover) changes the item's page.
        void queryClient.invalidateQueries({ queryKey: giveawayKeys.ofItem(itemId) });
        void queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) });
        void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
      }
      const title = stringField(data, 'title');
      const notificationId = numberField(data, 'notificationId');
      // The event has no kind: the refreshed list says whether it is an alert's match.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all }).then(() => {
        if (!title) return;
        const list = queryClient.getQueryData<NotificationList>(notificationKeys.all);
        const kind = list?.notifications.find((notice) => notice.id === notificationId)?.kind;
        toast(noticeToast(kind, title));
      });
    },
    // The server lost events for a while (its database connection dropped): refetch everything.
    resync: () => refreshAll(queryClient),
  };
}

const ALERT_KINDS = new Set(['wanted-match', 'saved-search-match']);
const REVIEWS_KEY = ['reviews'] as const;

/** An alert's match says so; any other notice (a give-away's) is its own title. */
export function noticeToast(
  kind: string | undefined,
  title: string,
): { title: string; description?: string } {
  if (kind === undefined || ALERT_KINDS.has(kind))
    return { title: 'New match for your alert', description: title };
  return { title };
}

/** Everything the stream feeds, refreshed after a reconnect since events may have been missed. */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/**
 * Listens to GET /api/events for the signed-in member; mount once, in the member layout.
 * EventSource reconnects by itself after a dropped connection; when it gives up (the server
 * answered with an error and the stream is CLOSED) a new one is made after a growing delay.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const handlers = liveEventHandlers(queryClient);
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let delay: number = RECONNECT_DELAY_MS.first;
    let hasConnected = false;
    let stopped = false;

    const connect = () => {
      const current = new EventSource(EVENTS_URL);
      source = current;
      for (const [type, handle] of Object.entries(handlers)) {
        current.addEventListener(type, (event) => handle(parse(event as MessageEvent)));
      }
      current.addEventListener('open', () => {
        delay = RECONNECT_DELAY_MS.first;
        // The first open needs nothing: the screens just fetched. Later ones may have missed events.
        if (hasConnected) refreshAll(queryClient);
        hasConnected = true;
      });
      current.addEventListener('error', () => {
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        current.close();
        retryTimer = window.setTimeout(connect, delay);
        delay = Math.min(delay * 2, RECONNECT_DELAY_MS.max);
      });
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);
}
