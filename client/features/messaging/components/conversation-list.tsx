import { useEffect, useRef } from 'react';
import { Search, SearchX } from 'lucide-react';
import type { ConversationSummary } from '../../../../common/schemas/conversations.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { Input } from '../../../components/ui/input.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { cn } from '../../../lib/cn.js';
import type { InboxHistoryState } from '../inbox-url.js';
import { ConversationCard, ConversationCardSkeleton } from './conversation-card.js';
import { ItemFilterBanner } from './item-filter-banner.js';
import { NoMessagesYet } from './no-messages-yet.js';

const LOADING_CARDS = 4;

/**
 * The inbox's list column: the search, the item filter's banner, and the conversations with
 * their loading, error and empty states. Back from a conversation returns focus to its card.
 */
export function ConversationList({
  conversations,
  all,
  shown,
  search,
  onSearchChange,
  itemId,
  itemTitle,
  onShowAll,
  viewerId,
  selectedId,
  hrefFor,
  openState,
  onDelete,
}: {
  conversations: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  all: ConversationSummary[];
  shown: ConversationSummary[];
  search: string;
  onSearchChange: (search: string) => void;
  /** The item the list is filtered to, if any. */
  itemId: number | undefined;
  itemTitle: string;
  onShowAll: () => void;
  viewerId: number;
  /** The conversation open beside the list (or instead of it on phones). */
  selectedId: number | undefined;
  hrefFor: (conversationId: number) => string;
  openState: () => InboxHistoryState;
  onDelete: (conversation: ConversationSummary) => void;
}) {
  const open = selectedId !== undefined;
  const list = useRef<HTMLDivElement>(null);
  const previousSelection = useRef(selectedId);
  useEffect(() => {
    const previous = previousSelection.current;
    previousSelection.current = selectedId;
    if (previous === undefined || selectedId !== undefined) return;
    list.current?.querySelector<HTMLElement>(`[data-conversation-id="${previous}"]`)?.focus();
  }, [selectedId]);

  return (
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
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search by name, item or message"
            aria-label="Search conversations"
            className="pl-10"
          />
        </div>
      ) : null}

      {itemId !== undefined ? (
        <ItemFilterBanner itemId={itemId} itemTitle={itemTitle} onShowAll={onShowAll} />
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
                <Button variant="outline" onClick={() => onSearchChange('')}>
                  Clear search
                </Button>
              ) : (
                <Button variant="outline" onClick={onShowAll}>
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
                  viewerId={viewerId}
                  to={hrefFor(conversation.id)}
                  state={openState()}
                  replace={open}
                  selected={conversation.id === selectedId}
                  onDelete={() => onDelete(conversation)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
