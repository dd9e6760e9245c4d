import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import type { ConversationSummary } from '../../common/schemas/conversations.js';
import { Button } from '../components/ui/button.js';
import { ConfirmDialog } from '../components/ui/confirm-dialog.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Input } from '../components/ui/input.js';
import { LoadError } from '../components/ui/load-error.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useItem } from '../features/items/api/get-items.js';
import { useConversations, useDeleteConversation } from '../features/messaging/api/conversations.js';
import {
  ConversationCard,
  ConversationCardSkeleton,
} from '../features/messaging/components/conversation-card.js';
import { ThreadPane } from '../features/messaging/components/thread-pane.js';
import {
  CONVERSATION_PARAM,
  inboxHref,
  readInboxState,
  type InboxHistoryState,
} from '../features/messaging/inbox-url.js';
import { cn } from '../lib/cn.js';
import { parseId } from '../lib/parse-id.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { matchesSearch } from '../features/messaging/conversation-search.js';
import { ItemFilterBanner } from '../features/messaging/components/item-filter-banner.js';
import { NoMessagesYet } from '../features/messaging/components/no-messages-yet.js';

const LOADING_CARDS = 4;

/**
 * PRODUCT §2 /messages (optional ?item={id}): the conversations, searchable, refreshed every 30
 * seconds as a fallback behind the live event stream. A card opens its conversation
 * (?conversation={id}): beside the list from 1024 px, on its own with Back below that.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const viewer = useSignedInUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const itemId = parseId(searchParams.get('item') ?? undefined);
  const selectedId = parseId(searchParams.get(CONVERSATION_PARAM) ?? undefined);
  const historyState = readInboxState(location.state);
  const listHref = inboxHref(searchParams, undefined);
  const conversations = useConversations({ poll: true });
  const filterItem = useItem(itemId);
  const deleteConversation = useDeleteConversation();
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<ConversationSummary | null>(null);

  const all = conversations.data ?? [];
  const aboutItem = itemId === undefined ? all : all.filter((conversation) => conversation.itemId === itemId);
  const shown = aboutItem.filter((conversation) => matchesSearch(conversation, search));
  const itemTitle =
    filterItem.data?.title ?? aboutItem.find((conversation) => conversation.item)?.item?.title ?? 'this item';
  const unreadShown = shown.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  // The count says what the list shows: 'n of m' while an item filter or a search narrows it.
  const countText = `${shown.length === all.length ? '' : `${shown.length} of `}${all.length} ${
    all.length === 1 ? 'conversation' : 'conversations'
  }${unreadShown > 0 ? `, ${unreadShown} unread` : ''}`;

  const showAll = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('item');
        return next;
      },
      // The list behind an open conversation was the filtered one: Back now leads to this one.
      { replace: true, state: historyState ? { ...historyState, listBehind: false } : location.state },
    );

  // Picking from the list adds one entry above it; switching beside the list replaces that
  // entry, so Back (or the phone's back gesture) always returns to the list.
  const openState = (): InboxHistoryState => ({
    picked: true,
    listBehind: selectedId === undefined ? true : (historyState?.listBehind ?? false),
  });

  // Back from a conversation: focus returns to its card in the list.
  const list = useRef<HTMLDivElement>(null);
  const previousSelection = useRef(selectedId);
  useEffect(() => {
    const previous = previousSelection.current;
    previousSelection.current = selectedId;
    if (previous === undefined || selectedId !== undefined) return;
    list.current?.querySelector<HTMLElement>(`[data-conversation-id="${previous}"]`)?.focus();
  }, [selectedId]);

  const noConversations = conversations.isSuccess && all.length === 0 && selectedId === undefined;
  const open = selectedId !== undefined;

  return (
    <div
      className={cn(
        'mx-auto grid gap-5 px-4 py-6 sm:px-6',
        noConversations ? 'max-w-3xl sm:py-8' : 'max-w-3xl lg:max-w-6xl',
      )}
    >
      <header className={cn('grid gap-1', open && 'max-lg:sr-only')}>
        <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">Messages</h1>
        <p className="text-ink-600">
          {conversations.isSuccess ? countText : 'Your conversations with other parents.'}
        </p>
      </header>

      {noConversations ? (
        <NoMessagesYet />
      ) : (
        <div className="lg:grid lg:h-[calc(100dvh-12rem)] lg:min-h-[28rem] lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-6 xl:grid-cols-[24rem_minmax(0,1fr)]">
          <div className={cn('flex min-h-0 flex-col gap-4', open && 'max-lg:hidden')}>
            {/* The cards' names are h3s: this keeps the outline whole (h1, h2, h3). */}
            <h2 className="sr-only">Your conversations</h2>
            {all.length > 0 || search ? (
              <div className="relative shrink-0">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
                  aria-hidden="true"
                />
                <Input
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder="Search by name, item or message"
                  aria-label="Search conversations"
                  className="pl-10"
                />
              </div>
            ) : null}

            {itemId !== undefined ? (
              <ItemFilterBanner itemId={itemId} itemTitle={itemTitle} onShowAll={showAll} />
            ) : null}

            <div ref={list} className="lg:-m-1.5 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:p-1.5">
              {conversations.isPending ? (
                <div role="status" aria-label="Loading conversations" className="grid gap-3">
                  {Array.from({ length: LOADING_CARDS }, (_, index) => (
                    <ConversationCardSkeleton key={index} />
                  ))}
                </div>
              ) : conversations.isError ? (
                <LoadError
                  title="We couldn't load your messages"
                  error={conversations.error}
                  onRetry={() => void conversations.refetch()}
                />
              ) : all.length === 0 ? (
                <NoMessagesYet />
              ) : shown.length === 0 ? (
                <EmptyState
                  icon={SearchX}
                  title={
                    search.trim()
                      ? `No conversations match “${search.trim()}”`
                      : `No messages about ${itemTitle} yet`
                  }
                  action={
                    search.trim() ? (
                      <Button variant="outline" onClick={() => setSearch('')}>
                        Clear search
                      </Button>
                    ) : (
                      <Button variant="outline" onClick={showAll}>
                        Show All Messages
                      </Button>
                    )
                  }
                />
              ) : (
                <ul aria-label="Conversations" className="grid gap-3">
                  {shown.map((conversation) => (
                    <li key={conversation.id}>
                      <ConversationCard
                        conversation={conversation}
                        viewerId={viewer.id}
                        to={inboxHref(searchParams, conversation.id)}
                        state={openState()}
                        replace={open}
                        selected={conversation.id === selectedId}
                        onDelete={() => setToDelete(conversation)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>

          <ThreadPane
            conversationId={selectedId}
            viewerId={viewer.id}
            listHref={listHref}
            listBehind={historyState?.listBehind ?? false}
            picked={historyState !== null}
            className={cn('lg:h-full', open ? 'h-[calc(100dvh-7rem)] min-h-[24rem]' : 'max-lg:hidden')}
          />
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this conversation?"
        description={
          toDelete
            ? `Your conversation with ${toDelete.otherUser.firstName} ${toDelete.otherUser.lastName} will be removed from your messages. They keep their copy, and a new message from them brings it back.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        pending={deleteConversation.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const deletedId = toDelete.id;
          deleteConversation.mutate(deletedId, {
            onSuccess: () => {
              if (deletedId === selectedId) void navigate(listHref, { replace: true });
            },
            onSettled: () => setToDelete(null),
          });
        }}
      />
    </div>
  );
}
