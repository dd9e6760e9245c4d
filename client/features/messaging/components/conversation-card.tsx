import { useId } from 'react';
import { Link, type To } from 'react-router';
import { Trash2 } from 'lucide-react';
import { exchangeBadgeLabel, relativeTime } from '../../../../common/format.js';
import type { ConversationSummary } from '../../../../common/schemas/conversations.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Badge, exchangeBadgeVariant } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { PremiumCrown, VerifiedTick } from '../../../components/ui/trust-marks.js';
import { cn } from '../../../lib/cn.js';

/** PRODUCT §2: the last message, with 'You: ' before one's own. */
export function lastMessagePreview(conversation: ConversationSummary, viewerId: number): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  return `${last.senderId === viewerId ? 'You: ' : ''}${last.content}`;
}

type ConversationCardProps = {
  conversation: ConversationSummary;
  viewerId: number;
  /** The inbox address that opens this conversation (/messages?conversation={id}). */
  to: To;
  /** History state for that navigation, and whether it replaces the current entry. */
  state?: unknown;
  replace?: boolean;
  /** The conversation open beside the list: marked for sight and for screen readers. */
  selected?: boolean;
  onOpen?: () => void;
  onDelete: () => void;
  /** The clock relative times are measured from (tests pass a fixed one). */
  now?: Date;
};

/**
 * PRODUCT §2 conversation card: the other parent's avatar, name, premium crown and verified tick,
 * the unread count, relative time, item title with its FREE / SWAP / price badge and the last
 * message. The name link is stretched over the card, so the whole card opens the thread;
 * Delete stays a separate button beside it.
 */
export function ConversationCard({
  conversation,
  viewerId,
  to,
  state,
  replace,
  selected = false,
  onOpen,
  onDelete,
  now,
}: ConversationCardProps) {
  const nameId = useId();
  const person = conversation.otherUser;
  const name = `${person.firstName} ${person.lastName}`;
  const unread = conversation.unreadCount;
  const when = conversation.lastMessage?.createdAt ?? conversation.lastMessageAt ?? conversation.createdAt;

  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'relative flex gap-3 rounded-card border bg-white p-3 shadow-soft transition-colors hover:border-primary-300 sm:p-4',
        selected
          ? 'border-primary-600 bg-primary-50 ring-1 ring-primary-600 hover:border-primary-600'
          : unread > 0
            ? 'border-primary-200 bg-primary-50/40'
            : 'border-ink-200',
      )}
    >
      <Avatar person={person} size="lg" className="size-12 text-base sm:size-14" />
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="flex min-w-0 items-center gap-1 font-extrabold text-ink-900">
            <Link
              id={nameId}
              to={to}
              state={state}
              replace={replace}
              onClick={onOpen}
              aria-current={selected ? 'page' : undefined}
              data-conversation-id={conversation.id}
              className="truncate text-left after:absolute after:inset-0 after:rounded-card after:content-[''] hover:text-primary-800 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary-600"
            >
              {name}
            </Link>
            {person.isPremium ? <PremiumCrown /> : null}
            {person.isVerified ? <VerifiedTick /> : null}
          </h3>
          {unread > 0 ? (
            <Badge variant="count" className="shrink-0">
              {unread}
              <span className="sr-only"> unread</span>
            </Badge>
          ) : null}
          <time dateTime={when} className="ml-auto shrink-0 text-xs text-ink-600">
            {relativeTime(when, now)}
          </time>
        </div>
        {conversation.item ? (
          <p className="flex min-w-0 items-center gap-2 text-sm text-ink-700">
            <span className="truncate font-semibold">{conversation.item.title}</span>
            <Badge variant={exchangeBadgeVariant[conversation.item.exchangeType]} className="shrink-0">
              {exchangeBadgeLabel(conversation.item)}
            </Badge>
          </p>
        ) : null}
        <p
          className={cn(
            'line-clamp-2 text-sm break-words',
            unread > 0 ? 'font-bold text-ink-900' : 'text-ink-600',
          )}
        >
          {lastMessagePreview(conversation, viewerId)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        onClick={onDelete}
        aria-label={`Delete conversation with ${name}`}
        className="relative z-10 -mt-1 -mr-1 self-start text-ink-600 hover:bg-danger-50 hover:text-danger-700"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </article>
  );
}

export function ConversationCardSkeleton() {
  return (
    <div className="flex gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-soft sm:p-4">
      <Skeleton className="size-12 shrink-0 rounded-full sm:size-14" />
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}
