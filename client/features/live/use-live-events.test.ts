import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../alerts/api/alert-keys.js';
import { conversationKeys } from '../messaging/api/conversation-keys.js';
import { liveEventHandlers } from './use-live-events.js';

describe('live event handlers', () => {
  it('refetches everything the stream feeds on a resync event (the server may have missed events)', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationKeys.unreadCount(), { count: 1 });
    queryClient.setQueryData(conversationKeys.list(), []);
    queryClient.setQueryData(notificationKeys.all, []);
    liveEventHandlers(queryClient).resync?.({ type: 'resync' });
    for (const key of [conversationKeys.unreadCount(), conversationKeys.list(), notificationKeys.all]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });
});
