import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { exchangeBadgeLabel } from '../../../../common/format.js';
import { Badge, exchangeBadgeVariant } from '../../../components/ui/badge.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.js';
import { DialogLoadError } from '../../../components/ui/page-load-error.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { userItemsQuery } from '../../../lib/shared-queries.js';
import { isOnMarket } from '../../../../common/items.js';
import type { MessageTarget } from '../../../lib/member-actions.js';
import { useConversations, useStartConversation } from '../api/conversations.js';
import { ConversationView, ThreadSkeleton } from './conversation-view.js';

/**
 * What the dialog opens on: a known conversation; an item and its owner (the conversation is
 * created first, PRODUCT §2); or just a person, from a profile, when no item is named yet.
 */

type MessageDialogProps = {
  target: MessageTarget | null;
  viewerId: number;
  onClose: () => void;
};

function targetKey(target: MessageTarget): string {
  if ('personId' in target) return `person-${target.personId}`;
  return target.conversationId ? `c-${target.conversationId}` : `i-${target.itemId}-${target.sellerId}`;
}

/** PRODUCT §2 message dialog. One instance lives in the member layout; screens open it by context. */
export function MessageDialog({ target, viewerId, onClose }: MessageDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl gap-3" aria-describedby={undefined}>
        {target ? (
          <MessageDialogBody key={targetKey(target)} target={target} viewerId={viewerId} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MessageDialogBody({
  target,
  viewerId,
  onClose,
}: {
  target: MessageTarget;
  viewerId: number;
  onClose: () => void;
}) {
  const [conversationId, setConversationId] = useState<number | null>(
    'conversationId' in target && target.conversationId ? target.conversationId : null,
  );
  const [itemTarget, setItemTarget] = useState<{ itemId: number; sellerId: number } | null>(
    'itemId' in target && target.itemId !== undefined && target.sellerId !== undefined
      ? { itemId: target.itemId, sellerId: target.sellerId }
      : null,
  );

  if (conversationId !== null) {
    return (
      <ConversationView
        conversationId={conversationId}
        viewerId={viewerId}
        layout="dialog"
        onLeave={onClose}
      />
    );
  }
  if (itemTarget) return <StartConversation target={itemTarget} onStarted={setConversationId} />;
  if ('personId' in target) {
    return (
      <PersonPicker
        personId={target.personId}
        personName={target.personName}
        onConversation={setConversationId}
        onItem={(itemId) => setItemTarget({ itemId, sellerId: target.personId })}
      />
    );
  }
  return null;
}

/** PRODUCT §2: opened with an item and its owner but no conversation, create it first. */
function StartConversation({
  target,
  onStarted,
}: {
  target: { itemId: number; sellerId: number };
  onStarted: (conversationId: number) => void;
}) {
  const start = useStartConversation();
  const started = useRef(false);
  const { mutate } = start;

  useEffect(() => {
    // Once per opening, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    mutate(target, { onSuccess: (conversation) => onStarted(conversation.id) });
  }, [mutate, target, onStarted]);

  if (start.isError) {
    const refused = start.error instanceof ApiError && start.error.status === 403;
    return (
      <DialogLoadError
        title="We couldn't start this conversation"
        message={errorMessage(start.error)}
        onRetry={
          refused
            ? undefined
            : () => start.mutate(target, { onSuccess: (conversation) => onStarted(conversation.id) })
        }
      />
    );
  }
  return <ThreadSkeleton title="Starting your conversation…" layout="dialog" />;
}

/**
 * A message to a person rather than about an item (the profile's Send Message). The API ties
 * every conversation to an item, so: the newest conversation with them when there is one,
 * otherwise a choice of their available items.
 */
function PersonPicker({
  personId,
  personName,
  onConversation,
  onItem,
}: {
  personId: number;
  personName: string | undefined;
  onConversation: (id: number) => void;
  onItem: (itemId: number) => void;
}) {
  const conversations = useConversations();
  const existing = conversations.data
    ?.filter((conversation) => conversation.otherUser.id === personId)
    .sort((a, b) => (b.lastMessageAt ?? b.createdAt).localeCompare(a.lastMessageAt ?? a.createdAt))[0];
  const items = useQuery({ ...userItemsQuery(personId), enabled: conversations.isSuccess && !existing });

  useEffect(() => {
    if (existing) onConversation(existing.id);
  }, [existing, onConversation]);

  const name = personName ?? 'this parent';
  if (conversations.isPending || existing || (items.isPending && items.fetchStatus !== 'idle')) {
    return <ThreadSkeleton title={`Message ${name}`} layout="dialog" />;
  }
  const available = (items.data ?? []).filter(isOnMarket);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <DialogHeader>
        <DialogTitle>Message {name}</DialogTitle>
        <DialogDescription>
          {available.length > 0
            ? 'Every conversation is about an item. Which one would you like to ask about?'
            : `${name} has no available items right now, so there is nothing to ask about yet.`}
        </DialogDescription>
      </DialogHeader>
      {conversations.isError || items.isError ? (
        <p role="alert" className="text-danger-700">
          {errorMessage(conversations.error ?? items.error) || 'Something went wrong. Please try again.'}
        </p>
      ) : null}
      {available.length > 0 ? (
        <ul
          className="grid max-h-80 grid-cols-[minmax(0,1fr)] gap-2 overflow-y-auto"
          aria-label={`${name}'s available items`}
        >
          {available.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onItem(item.id)}
                className="flex min-h-11 w-full items-center justify-between gap-3 rounded-control border border-ink-200 bg-white px-3 py-2 text-left hover:border-primary-300 hover:bg-primary-50"
              >
                <span className="min-w-0 truncate font-bold">{item.title}</span>
                <Badge variant={exchangeBadgeVariant[item.exchangeType]} className="shrink-0">
                  {exchangeBadgeLabel(item)}
                </Badge>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
