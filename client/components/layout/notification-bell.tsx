import { useId } from 'react';
import { Link } from 'react-router';
import { Bell, BellRing, MessageCircle, Sparkles } from 'lucide-react';
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
  /** When the newest message came, already formatted ('5m ago'). */
  time?: string | null;
  /** Opens the conversation in place (the message dialog) instead of following href. */
  onOpen?: () => void;
};

/** An unread alert notification: a new item matching a Wanted post or saved search. */
export type AlertNotice = {
  id: number;
  title: string;
  body?: string | null;
  href: string;
  time?: string | null;
  /** Called as the notice is opened, e.g. to mark it read. */
  onOpen?: () => void;
};

type NotificationBellProps = {
  /** Everything unread: messages plus alert notices. */
  count: number;
  /** The count is still being read (a page the server drew, or a first load): said as busy, not as 0. */
  counting?: boolean;
  conversations: UnreadConversation[];
  /** Unread alert notices, listed below the conversations (at most 5 shown). */
  alerts?: AlertNotice[];
  alertsHref?: string;
  /** Mark everything read; the Clear All button only shows when this is given. */
  onClearAll?: () => void;
  clearing?: boolean;
  messagesHref: string;
};

const entryClasses =
  'flex min-h-11 w-full items-start gap-3 px-4 py-3 text-left hover:bg-primary-50 focus-visible:bg-primary-50';

function ConversationEntry({ conversation }: { conversation: UnreadConversation }) {
  return (
    <>
      <MessageCircle className="mt-0.5 size-5 shrink-0 text-primary-600" aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-bold">{conversation.name}</span>
          <span className="flex shrink-0 items-center gap-2">
            {conversation.time ? <span className="text-xs text-ink-600">{conversation.time}</span> : null}
            <span className="rounded-full bg-accent-600 px-2 text-xs font-black text-white">
              {formatUnreadCount(conversation.unreadCount)}
              <span className="sr-only"> unread</span>
            </span>
          </span>
        </span>
        {conversation.itemTitle ? (
          <span className="truncate text-sm text-ink-600">{conversation.itemTitle}</span>
        ) : null}
        {conversation.preview ? (
          <span className="truncate text-sm text-ink-700">{conversation.preview}</span>
        ) : null}
      </span>
    </>
  );
}

/** PRODUCT §9: the badge caps at 9+. */
export function formatUnreadCount(count: number): string {
  return count > NOTIFICATION_POPOVER.badgeCap ? `${NOTIFICATION_POPOVER.badgeCap}+` : String(count);
}

/**
 * The header's bell (PRODUCT §2). Presentational: the member layout passes the count and the
 * conversations in. The popover lists at most 5 conversations with unread messages, then at
 * most 5 unread alert notices (new items matching a Wanted post or saved search).
 */
export function NotificationBell({
  count,
  counting = false,
  conversations,
  alerts = [],
  alertsHref,
  onClearAll,
  clearing = false,
  messagesHref,
}: NotificationBellProps) {
  const shown = conversations.slice(0, NOTIFICATION_POPOVER.maxConversations);
  const shownAlerts = alerts.slice(0, NOTIFICATION_POPOVER.maxConversations);
  const isEmpty = shown.length === 0 && shownAlerts.length === 0;
  const alertsHeadingId = useId();
  const label = count > 0 ? `Notifications, ${formatUnreadCount(count)} unread` : 'Notifications';
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-busy={counting || undefined}
          className="relative"
        >
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
      <PopoverContent aria-label="Notifications" className="p-0">
        <div className="flex items-center justify-between gap-2 border-b border-ink-200 px-4 py-2">
          <h2 className="font-extrabold">Notifications</h2>
          {onClearAll && !isEmpty ? (
            <Button variant="link" size="inline" onClick={onClearAll} disabled={clearing}>
              Clear All
            </Button>
          ) : null}
        </div>
        {isEmpty ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-ink-600">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <Bell className="size-6" aria-hidden="true" />
            </span>
            <p className="font-semibold">All caught up! No unread messages</p>
          </div>
        ) : (
          <div className="max-h-[min(26rem,60dvh)] overflow-y-auto">
            {shown.length > 0 ? (
              <section aria-label="Unread conversations">
                <ul className="divide-y divide-ink-100">
                  {shown.map((conversation) => (
                    <li key={conversation.id}>
                      <PopoverClose asChild>
                        {conversation.onOpen ? (
                          <button type="button" onClick={conversation.onOpen} className={entryClasses}>
                            <ConversationEntry conversation={conversation} />
                          </button>
                        ) : (
                          <Link to={conversation.href} className={entryClasses}>
                            <ConversationEntry conversation={conversation} />
                          </Link>
                        )}
                      </PopoverClose>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {shownAlerts.length > 0 ? (
              <section
                aria-labelledby={alertsHeadingId}
                className={cn(shown.length > 0 && 'border-t border-ink-200')}
              >
                <h3
                  id={alertsHeadingId}
                  className="px-4 pt-3 pb-1 text-xs font-extrabold tracking-wide text-ink-600 uppercase"
                >
                  Alerts
                </h3>
                <ul className="divide-y divide-ink-100">
                  {shownAlerts.map((notice) => (
                    <li key={notice.id}>
                      <PopoverClose asChild>
                        <Link to={notice.href} onClick={notice.onOpen} className={entryClasses}>
                          <Sparkles className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden="true" />
                          <span className="grid min-w-0 flex-1 gap-0.5">
                            <span className="flex items-center justify-between gap-2">
                              <span className="truncate font-bold">{notice.title}</span>
                              {notice.time ? (
                                <span className="shrink-0 text-xs text-ink-600">{notice.time}</span>
                              ) : null}
                            </span>
                            {notice.body ? (
                              <span className="line-clamp-2 text-sm text-ink-700">{notice.body}</span>
                            ) : null}
                          </span>
                        </Link>
                      </PopoverClose>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        )}
        <div className={cn('flex gap-1 border-t border-ink-200 p-2')}>
          <PopoverClose asChild>
            <Button asChild variant="ghost" className="flex-1">
              <Link to={messagesHref}>View all messages</Link>
            </Button>
          </PopoverClose>
          {alertsHref ? (
            <PopoverClose asChild>
              <Button asChild variant="ghost" className="flex-1">
                <Link to={alertsHref}>Alerts</Link>
              </Button>
            </PopoverClose>
          ) : null}
        </div>
      </PopoverContent>
    </Popover>
  );
}
