import { Link } from 'react-router';
import { BellOff, CheckCheck, Sparkles } from 'lucide-react';
import { relativeTime } from '../../../../common/format.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { cn } from '../../../lib/cn.js';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { AlertListLoading } from './section-state.js';

/** The notices Wanted posts and saved searches produced, newest first, with Mark all read. */
export function NotificationsSection() {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <section aria-labelledby="notifications-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="notifications-heading" className="text-xl font-extrabold text-ink-900">
            Notifications
          </h2>
          <p className="text-ink-600">
            {unread > 0 ? `${unread} unread` : 'New items that match your Wanted posts and saved searches.'}
          </p>
        </div>
        {unread > 0 ? (
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            <CheckCheck aria-hidden="true" />
            Mark all read
          </Button>
        ) : null}
      </div>

      {notifications.isPending ? (
        <AlertListLoading label="Loading notifications" />
      ) : notifications.isError ? (
        <LoadError
          title="We couldn't load your notifications"
          headingLevel={3}
          error={notifications.error}
          onRetry={() => void notifications.refetch()}
        />
      ) : notifications.data.notifications.length === 0 ? (
        <EmptyState
          icon={BellOff}
          headingLevel="h3"
          title="No notifications yet"
          description="When a new item matches one of your alerts, it shows up here and on the bell."
        />
      ) : (
        <ul aria-label="Notifications" className="grid gap-2">
          {notifications.data.notifications.map((notice) => {
            const isUnread = notice.readAt === null;
            const content = (
              <>
                <Sparkles
                  className={cn('mt-0.5 size-5 shrink-0', isUnread ? 'text-accent-600' : 'text-ink-400')}
                  aria-hidden="true"
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex items-start justify-between gap-2">
                    <span
                      className={cn(
                        'break-words',
                        isUnread ? 'font-extrabold text-ink-900' : 'font-semibold',
                      )}
                    >
                      {isUnread ? <span className="sr-only">Unread: </span> : null}
                      {notice.title}
                    </span>
                    <time dateTime={notice.createdAt} className="shrink-0 text-xs text-ink-600">
                      {relativeTime(notice.createdAt)}
                    </time>
                  </span>
                  {notice.body ? <span className="text-sm text-ink-700">{notice.body}</span> : null}
                </span>
              </>
            );
            const classes = cn(
              'flex min-h-11 items-start gap-3 rounded-card border p-3 text-left shadow-soft',
              isUnread ? 'border-primary-200 bg-primary-50/50' : 'border-ink-200 bg-white text-ink-700',
            );
            return (
              <li key={notice.id}>
                {notice.itemId ? (
                  <Link
                    to={paths.item(notice.itemId)}
                    onClick={() => (isUnread ? markOne.mutate(notice.id) : undefined)}
                    className={cn(classes, 'hover:border-primary-300')}
                  >
                    {content}
                  </Link>
                ) : (
                  <div className={classes}>{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
