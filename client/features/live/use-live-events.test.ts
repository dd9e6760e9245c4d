import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../../lib/query-keys.js';
import { conversationKeys } from '../../lib/query-keys.js';
import { giveawayKeys } from '../../lib/query-keys.js';
import { itemKeys } from '../../lib/query-keys.js';
import { liveEventHandlers, noticeToast } from './use-live-events.js';

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

describe('a notification event', () => {
  it("refreshes the give-away of the item it is about, and the item's page", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(giveawayKeys.ofItem(5), null);
    queryClient.setQueryData(itemKeys.detail(5), null);
    queryClient.setQueryData(giveawayKeys.ofItem(6), null);
    liveEventHandlers(queryClient).notification?.({
      type: 'notification',
      notificationId: 1,
      title: 'x',
      itemId: 5,
    });
    expect(queryClient.getQueryState(giveawayKeys.ofItem(5))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(itemKeys.detail(5))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(giveawayKeys.ofItem(6))?.isInvalidated).toBe(false);
  });

  it("says 'New match for your alert' only for an alert's match; a give-away notice is its own title", () => {
    expect(noticeToast('wanted-match', 'Wooden train set')).toEqual({
      title: 'New match for your alert',
      description: 'Wooden train set',
    });
    expect(noticeToast('giveaway-chosen', "You've been chosen for Wooden train set")).toEqual({
      title: "You've been chosen for Wooden train set",
    });
  });
});
