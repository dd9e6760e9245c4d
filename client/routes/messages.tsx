import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ConversationSummary } from '../../common/schemas/conversations.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useItem } from '../features/items/api/get-items.js';
import { useConversations } from '../features/messaging/api/conversations.js';
import { ConversationList } from '../features/messaging/components/conversation-list.js';
import { DeleteConversationDialog } from '../features/messaging/components/delete-conversation-dialog.js';
import { NoMessagesYet } from '../features/messaging/components/no-messages-yet.js';
import { ThreadPane } from '../features/messaging/components/thread-pane.js';
import { inboxList } from '../features/messaging/conversation-search.js';
import {
  CONVERSATION_PARAM,
  inboxHref,
  readInboxState,
  type InboxHistoryState,
} from '../features/messaging/inbox-url.js';
import { cn } from '../lib/cn.js';
import { parseId } from '../lib/parse-id.js';
import { usePageTitle } from '../lib/use-page-title.js';

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
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<ConversationSummary | null>(null);

  const all = conversations.data ?? [];
  const { shown, itemTitle, countText } = inboxList(all, {
    itemId,
    search,
    itemTitle: filterItem.data?.title,
  });

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
          <ConversationList
            conversations={conversations}
            all={all}
            shown={shown}
            search={search}
            onSearchChange={setSearch}
            itemId={itemId}
            itemTitle={itemTitle}
            onShowAll={showAll}
            viewerId={viewer.id}
            selectedId={selectedId}
            hrefFor={(conversationId) => inboxHref(searchParams, conversationId)}
            openState={openState}
            onDelete={setToDelete}
          />

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

      <DeleteConversationDialog
        conversation={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(deletedId) => {
          if (deletedId === selectedId) void navigate(listHref, { replace: true });
        }}
      />
    </div>
  );
}
