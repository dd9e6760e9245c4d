import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, ImageOff, MessageCircle, RefreshCw, ShieldCheck } from 'lucide-react';
import { exchangeBadgeLabel } from '../../../../common/format.js';
import { cardImageUrl } from '../../../../common/items.js';
import { TIMINGS } from '../../../../common/limits.js';
import type { ConversationDetail, ConversationItem } from '../../../../common/schemas/conversations.js';
import { paths } from '../../../app/paths.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Badge, exchangeBadgeVariant } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { PremiumCrown, VerifiedTick } from '../../../components/ui/trust-marks.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';
import { refreshAfterReading, useConversation, useSendMessage } from '../api/conversations.js';
import { MessageComposer } from './message-composer.js';
import { MessageThread } from './message-thread.js';

/**
 * Where a conversation shows: inside the message dialog (its title names the dialog), or in the
 * thread pane of /messages, where it fills the pane and its heading is an h2.
 */
export type ConversationLayout = 'dialog' | 'pane';

type TitleProps = ComponentProps<'h2'> & { layout: ConversationLayout };

function ViewTitle({ layout, className, ...props }: TitleProps) {
  if (layout === 'dialog') return <DialogTitle className={className} {...props} />;
  // tabIndex -1: the inbox moves focus here when a conversation is picked from the list.
  return (
    <h2
      tabIndex={-1}
      className={cn('text-xl font-extrabold text-ink-900 outline-none', className)}
      {...props}
    />
  );
}

function ViewDescription({ layout, ...props }: ComponentProps<'p'> & { layout: ConversationLayout }) {
  return layout === 'dialog' ? <DialogDescription {...props} /> : <p className="text-ink-600" {...props} />;
}

type ConversationViewProps = {
  conversationId: number;
  viewerId: number;
  layout: ConversationLayout;
  /** Runs when a link leads away from the conversation (the dialog closes). */
  onLeave?: () => void;
  /** The pane's way back to the list on phones, shown before the heading. */
  back?: ReactNode;
  /** Moves focus to the heading once the thread has loaded (it was just picked in the list). */
  focusHeading?: boolean;
};

/**
 * One conversation (PRODUCT §2): the other parent, the item it is about, the thread with its read
 * receipts, the composer and the safety line. The message dialog and the inbox's thread pane
 * both show it; loading it marks the other person's messages read.
 */
export function ConversationView({
  conversationId,
  viewerId,
  layout,
  onLeave,
  back,
  focusHeading = false,
}: ConversationViewProps) {
  const queryClient = useQueryClient();
  const conversation = useConversation(conversationId);
  const send = useSendMessage();
  const loadedAt = conversation.dataUpdatedAt;
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = !conversation.isPending;

  // PRODUCT §2/§9: opening (and so reading) a conversation refreshes the list after 1 second.
  useEffect(() => {
    if (!loadedAt) return;
    const timer = window.setTimeout(
      () => refreshAfterReading(queryClient),
      TIMINGS.conversationRefreshAfterOpenMs,
    );
    return () => window.clearTimeout(timer);
  }, [loadedAt, queryClient]);

  useEffect(() => {
    if (focusHeading && settled) heading.current?.focus();
  }, [focusHeading, settled]);

  if (conversation.isPending)
    return <ThreadSkeleton title="Loading conversation" layout={layout} back={back} />;
  if (conversation.isError) {
    const gone = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
        {layout === 'pane' && back ? <div className="justify-self-start">{back}</div> : null}
        <ViewTitle layout={layout} ref={heading}>
          {gone ? 'Conversation not found' : "We couldn't load this conversation"}
        </ViewTitle>
        <ViewDescription layout={layout}>
          {gone ? 'It may have been deleted.' : errorMessage(conversation.error) || 'Please try again.'}
        </ViewDescription>
        {gone ? null : (
          <Button variant="outline" onClick={() => void conversation.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    );
  }

  const detail = conversation.data;
  const other = otherPerson(detail, viewerId);
  const pane = layout === 'pane';
  const title = (
    <ViewTitle
      layout={layout}
      ref={heading}
      className={cn('flex min-w-0 items-center gap-1.5', pane ? 'text-lg sm:text-xl' : 'text-lg')}
    >
      <span className="truncate">
        {other.firstName} {other.lastName}
      </span>
      {other.isPremium ? <PremiumCrown /> : null}
      {other.isVerified ? <VerifiedTick /> : null}
    </ViewTitle>
  );

  return (
    <>
      {pane ? (
        <header className="grid gap-3">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {back}
            <Avatar person={other} size="md" />
            {title}
          </div>
          {detail.item ? <ItemStrip item={detail.item} /> : null}
        </header>
      ) : (
        <DialogHeader>
          <div className="flex items-center gap-3">
            <Avatar person={other} size="md" />
            <div className="grid min-w-0 gap-0.5">
              {title}
              {detail.item ? (
                <p className="flex min-w-0 items-center gap-2 text-sm text-ink-600">
                  <span className="shrink-0">About</span>
                  <ItemLink item={detail.item} onClick={onLeave} />
                  <Badge variant={exchangeBadgeVariant[detail.item.exchangeType]} className="shrink-0">
                    {exchangeBadgeLabel(detail.item)}
                  </Badge>
                </p>
              ) : null}
            </div>
          </div>
        </DialogHeader>
      )}

      <MessageThread
        messages={detail.messages}
        viewerId={viewerId}
        otherName={other.firstName}
        className={pane ? 'max-h-none min-h-0 flex-1' : undefined}
      />

      {detail.isBlocked ? (
        <p className="flex items-start gap-2 rounded-control bg-ink-100 p-3 text-sm text-ink-700">
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Messages can't be sent in this conversation because one of you has blocked the other.
        </p>
      ) : null}

      <MessageComposer
        disabled={detail.isBlocked}
        pending={send.isPending}
        onSend={(content) => send.mutateAsync({ conversationId, content })}
      />

      <p className="flex items-center gap-1.5 text-sm text-ink-600">
        <ShieldCheck className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
        <span>
          Meet in a public place.{' '}
          <Link
            to={paths.safetyGuide}
            onClick={onLeave}
            className="font-bold text-primary-700 underline underline-offset-4"
          >
            Safety guide
          </Link>
        </span>
      </p>
    </>
  );
}

function otherPerson(detail: ConversationDetail, viewerId: number) {
  return detail.buyerId === viewerId ? detail.seller : detail.buyer;
}

function ItemLink({ item, onClick }: { item: ConversationItem; onClick?: (() => void) | undefined }) {
  return (
    <Link
      to={paths.item(item.id)}
      onClick={onClick}
      className="truncate font-bold text-primary-700 underline-offset-4 hover:underline"
    >
      {item.title}
    </Link>
  );
}

/** The pane's top line: the item the conversation is about, with its photo and badge. */
function ItemStrip({ item }: { item: ConversationItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-control border border-ink-200 bg-ink-50 p-2">
      {item.imageUrl ? (
        <img
          src={cardImageUrl(item.imageUrl)}
          alt=""
          width={56}
          height={42}
          decoding="async"
          className="h-[42px] w-14 shrink-0 rounded-md bg-ink-100 object-cover"
        />
      ) : (
        <span className="flex h-[42px] w-14 shrink-0 items-center justify-center rounded-md bg-ink-100 text-ink-500">
          <ImageOff className="size-5" aria-hidden="true" />
        </span>
      )}
      <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-ink-600">
        <span className="shrink-0">About</span>
        <ItemLink item={item} />
        <Badge variant={exchangeBadgeVariant[item.exchangeType]} className="shrink-0">
          {exchangeBadgeLabel(item)}
        </Badge>
      </p>
    </div>
  );
}

/** A thread still on its way: its title, the shape of a few messages and a spinner. */
export function ThreadSkeleton({
  title,
  layout,
  back,
}: {
  title: string;
  layout: ConversationLayout;
  back?: ReactNode;
}) {
  const heading = (
    <ViewTitle layout={layout} className="flex items-center gap-2 text-lg">
      <MessageCircle className="size-5 text-primary-700" aria-hidden="true" />
      {title}
    </ViewTitle>
  );
  return (
    <div className={cn('grid gap-3', layout === 'pane' && 'content-start')}>
      {layout === 'dialog' ? (
        <DialogHeader>{heading}</DialogHeader>
      ) : (
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {back}
          {heading}
        </div>
      )}
      <div className="grid gap-2 rounded-control border border-ink-200 bg-ink-50 p-3">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-10 w-3/5" />
      </div>
      <Spinner label={title} className="justify-self-center text-primary-700" />
    </div>
  );
}
