import { Link } from 'react-router';
import { Bell, BellRing, MessageCircle } from 'lucide-react';
import { NOTIFICATION_POPOVER } from '../../../common/limits.js';
import { cn } from '../../lib/cn.js';
import { Button } from '../ui/button.js';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../ui/popover.js';

/** One conversation with unread messages, as the bell lists it. */
export type UnreadConversation = {
  id: number;
  /** The other person's display name. */
  name: string;
  itemTitle?: string | null;
  preview?: string | null;
  unreadCount: number;
  href: string;
};

type NotificationBellProps = {
  count: number;
  conversations: UnreadConversation[];
  /** Mark everything read; the Clear All button only shows when this is given. */
  onClearAll?: () => void;
  clearing?: boolean;
  messagesHref: string;
};

/** SPEC §9: the badge caps at 9+. */
export function formatUnreadCount(count: number): string {
  return count > NOTIFICATION_POPOVER.badgeCap ? `${NOTIFICATION_POPOVER.badgeCap}+` : String(count);
}

/**
 * The header's unread-messages bell (SPEC §2). Presentational: messaging passes the count and
 * the conversations in. The popover lists at most 5 conversations.
 */
export function NotificationBell({
  count,
  conversations,
  onClearAll,
  clearing = false,
  messagesHref,
}: NotificationBellProps) {
  const shown = conversations.slice(0, NOTIFICATION_POPOVER.maxConversations);
  const label = count > 0 ? `Notifications, ${formatUnreadCount(count)} unread` : 'Notifications';
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          {count > 0 ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
          {count > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-white bg-accent-600 px-1 text-[11px] leading-none font-black text-white"
            >
              {formatUnreadCount(count)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Unread messages" className="p-0">
        <div className="flex items-center justify-between gap-2 border-b border-ink-200 px-4 py-2">
          <h2 className="font-extrabold">Notifications</h2>
          {onClearAll && shown.length > 0 ? (
            <Button variant="link" size="inline" onClick={onClearAll} disabled={clearing}>
              Clear All
            </Button>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-ink-600">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <Bell className="size-6" aria-hidden="true" />
            </span>
            <p className="font-semibold">All caught up! No unread messages</p>
          </div>
        ) : (
          <ul className="max-h-80 divide-y divide-ink-100 overflow-y-auto">
            {shown.map((conversation) => (
              <li key={conversation.id}>
                <PopoverClose asChild>
                  <Link
                    to={conversation.href}
                    className="flex min-h-11 items-start gap-3 px-4 py-3 hover:bg-primary-50"
                  >
                    <MessageCircle className="mt-0.5 size-5 shrink-0 text-primary-600" aria-hidden="true" />
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-bold">{conversation.name}</span>
                        <span className="shrink-0 rounded-full bg-accent-600 px-2 text-xs font-black text-white">
                          {formatUnreadCount(conversation.unreadCount)}
                          <span className="sr-only"> unread</span>
                        </span>
                      </span>
                      {conversation.itemTitle ? (
                        <span className="truncate text-sm text-ink-600">{conversation.itemTitle}</span>
                      ) : null}
                      {conversation.preview ? (
                        <span className="truncate text-sm text-ink-700">{conversation.preview}</span>
                      ) : null}
                    </span>
                  </Link>
                </PopoverClose>
              </li>
            ))}
          </ul>
        )}
        <div className={cn('border-t border-ink-200 p-2')}>
          <PopoverClose asChild>
            <Button asChild variant="ghost" className="w-full">
              <Link to={messagesHref}>View all messages</Link>
            </Button>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
