import { useState } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { relativeTime } from '../../common/format.js';
import { Footer } from '../components/layout/footer.js';
import { MemberHeader } from '../components/layout/header.js';
import { NotificationBell } from '../components/layout/notification-bell.js';
import { toast } from '../components/ui/toast.js';
import { useLogout } from '../features/auth/api/logout.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { notificationKeys } from '../lib/query-keys.js';
import {
  markAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../features/alerts/api/notifications.js';
import { FavoritesProvider } from '../features/favorites/favorites-context.js';
import { useLiveEvents } from '../features/live/use-live-events.js';
import { conversationKeys } from '../lib/query-keys.js';
import {
  MESSAGING_TEXTS,
  markAllConversationsRead,
  unreadConversations,
  useConversations,
  useUnreadCount,
} from '../features/messaging/api/conversations.js';
import { MessageDialogProvider } from '../features/messaging/message-dialog-context.js';
import { useMessageDialog } from '../lib/member-actions.js';
import { handleApiError } from '../lib/handle-api-error.js';
import { paths } from './paths.js';
import { SkipLink } from './visitor-layout.js';

/**
 * The bell, wired (PRODUCT §2): the badge counts unread messages plus unread alert notices; the
 * popover lists up to 5 conversations with unread messages (opening one opens the message
 * dialog) and then the unread alert notices. Clear All marks both read.
 */
function MemberNotifications({ viewerId }: { viewerId: number }) {
  const queryClient = useQueryClient();
  const messageDialog = useMessageDialog();
  const unread = useUnreadCount();
  const unreadMessages = unread.data?.count ?? 0;
  // The list is only needed while something is unread; the event stream keeps it fresh.
  const conversations = useConversations({ enabled: unreadMessages > 0 });
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const [clearing, setClearing] = useState(false);
  const now = new Date();

  const unreadNotices = (notifications.data?.notifications ?? []).filter((notice) => notice.readAt === null);
  const count = unreadMessages + (notifications.data?.unreadCount ?? 0);
  const entries = unreadConversations(unreadMessages > 0 ? conversations.data : []).map((conversation) => ({
    id: conversation.id,
    name: `${conversation.otherUser.firstName} ${conversation.otherUser.lastName}`,
    itemTitle: conversation.item?.title ?? null,
    preview: conversation.lastMessage
      ? `${conversation.lastMessage.senderId === viewerId ? 'You: ' : ''}${conversation.lastMessage.content}`
      : null,
    unreadCount: conversation.unreadCount,
    time: conversation.lastMessageAt ? relativeTime(conversation.lastMessageAt, now) : null,
    href: paths.messages,
    onOpen: () => messageDialog.open({ conversationId: conversation.id }),
  }));
  const alerts = unreadNotices.map((notice) => ({
    id: notice.id,
    title: notice.title,
    body: notice.body,
    time: relativeTime(notice.createdAt, now),
    href: notice.itemId ? paths.item(notice.itemId) : paths.alerts,
    onOpen: () => markRead.mutate(notice.id),
  }));

  // PRODUCT §7/§8: mark everything read, refresh, and say so once.
  const clearAll = async () => {
    setClearing(true);
    try {
      await Promise.all([
        unreadMessages > 0 || entries.length > 0 ? markAllConversationsRead() : undefined,
        unreadNotices.length > 0 ? markAllNotificationsRead() : undefined,
      ]);
      toast({ title: MESSAGING_TEXTS.cleared, variant: 'success' });
    } catch (error) {
      handleApiError(error, { title: MESSAGING_TEXTS.clearFailed });
    } finally {
      setClearing(false);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }
  };

  return (
    <NotificationBell
      count={count}
      counting={unread.isPending || notifications.isPending}
      conversations={entries}
      alerts={alerts}
      alertsHref={paths.alerts}
      onClearAll={() => void clearAll()}
      clearing={clearing}
      messagesHref={paths.messages}
    />
  );
}

/** Listens to the server's live events for as long as a member is signed in. */
function LiveEvents() {
  useLiveEvents();
  return null;
}

/**
 * Header, page and footer for signed-in members, with what every member screen shares: the
 * live event stream, the one message dialog, and the favourite hearts on item cards.
 */
export function MemberLayout() {
  const user = useSignedInUser();
  const logout = useLogout();
  return (
    <FavoritesProvider viewerId={user.id}>
      <MessageDialogProvider viewerId={user.id}>
        <LiveEvents />
        <div className="flex min-h-dvh flex-col">
          <SkipLink />
          <MemberHeader
            user={user}
            onLogout={() => logout.mutate()}
            loggingOut={logout.isPending}
            notifications={<MemberNotifications viewerId={user.id} />}
          />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <Footer signedIn />
        </div>
      </MessageDialogProvider>
    </FavoritesProvider>
  );
}
