import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Filter, MessageCircle, RefreshCw, Search, SearchX, X } from 'lucide-react';
import type { ConversationSummary } from '../../common/schemas/conversations.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { ConfirmDialog } from '../components/ui/confirm-dialog.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Input } from '../components/ui/input.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useItem } from '../features/items/api/get-items.js';
import { useConversations, useDeleteConversation } from '../features/messaging/api/conversations.js';
import {
  ConversationCard,
  ConversationCardSkeleton,
} from '../features/messaging/components/conversation-card.js';
import { useMessageDialog } from '../features/messaging/message-dialog-context.js';
import { errorMessage } from '../lib/api-client.js';
import { parseId } from '../lib/parse-id.js';
import { usePageTitle } from '../lib/use-page-title.js';

const LOADING_CARDS = 4;

/** SPEC §2 search: by the other parent's name, the item's title or the last message. */
export function matchesSearch(conversation: ConversationSummary, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    `${conversation.otherUser.firstName} ${conversation.otherUser.lastName}`,
    conversation.item?.title ?? '',
    conversation.lastMessage?.content ?? '',
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/**
 * SPEC §2 /messages (optional ?item={id}): the conversations, searchable, refreshed every 30
 * seconds as a fallback behind the live event stream. A card opens the message dialog.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const viewer = useSignedInUser();
  const messageDialog = useMessageDialog();
  const [searchParams, setSearchParams] = useSearchParams();
  const itemId = parseId(searchParams.get('item') ?? undefined);
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

  const showAll = () => setSearchParams({}, { replace: true });

  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">Messages</h1>
        <p className="text-ink-600">
          {conversations.isSuccess ? countText : 'Your conversations with other parents.'}
        </p>
      </header>

      {all.length > 0 || search ? (
        <div className="relative">
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
        <div
          role="region"
          aria-label="Item filter"
          className="flex flex-wrap items-center gap-3 rounded-card border border-primary-200 bg-primary-50 p-3 sm:p-4"
        >
          <Filter className="size-5 shrink-0 text-primary-700" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-primary-900">
            Showing messages about{' '}
            <Link to={paths.item(itemId)} className="font-extrabold underline underline-offset-4">
              {itemTitle}
            </Link>
          </p>
          <Button variant="outline" size="sm" onClick={showAll}>
            <X aria-hidden="true" />
            Show All Messages
          </Button>
        </div>
      ) : null}

      {conversations.isPending ? (
        <div role="status" aria-label="Loading conversations" className="grid gap-3">
          {Array.from({ length: LOADING_CARDS }, (_, index) => (
            <ConversationCardSkeleton key={index} />
          ))}
        </div>
      ) : conversations.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-6 py-10 text-center"
        >
          <h2 className="text-lg font-extrabold text-ink-900">We couldn't load your messages</h2>
          <p className="text-ink-700">{errorMessage(conversations.error) || 'Please try again.'}</p>
          <Button variant="outline" onClick={() => void conversations.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <EmptyState
          icon={MessageCircle}
          title="No messages yet"
          description="Found something you like? Message the parent from the item's page and your conversation shows up here."
          action={
            <Button asChild>
              <Link to={paths.browse}>Browse Items</Link>
            </Button>
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={
            search.trim() ? `No conversations match “${search.trim()}”` : `No messages about ${itemTitle} yet`
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
                onOpen={() => messageDialog.open({ conversationId: conversation.id })}
                onDelete={() => setToDelete(conversation)}
              />
            </li>
          ))}
        </ul>
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
          deleteConversation.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </div>
  );
}
