import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../../../common/limits.js';
import type {
  ConversationDetail,
  ConversationSummary,
  Message,
  StartConversationInput,
} from '../../../../common/schemas/conversations.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { conversationKeys } from '../../../lib/query-keys.js';
import type {
  Conversation,
  MarkAllReadResult,
  UnreadCount,
} from '../../../../common/schemas/conversations.js';

/** PRODUCT §8 texts for messaging, written once. */
export const MESSAGING_TEXTS = {
  createFailed: 'Error creating conversation',
  sendFailed: 'Error sending message',
  deleteFailed: 'Error deleting conversation',
  deleted: 'Conversation deleted',
  clearFailed: 'Error clearing notifications',
  cleared: 'Notifications cleared',
} as const;

/** GET /api/conversations: every conversation of the signed-in user, Premium senders first. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: conversationKeys.list(),
    // The list shows each conversation's last message only (lastMessage); the dialog reads the
    // thread, so the list asks for no more messages and stays light for a busy parent.
    queryFn: ({ signal }) =>
      api.get<ConversationSummary[]>('/api/conversations', { query: { messageLimit: 0 }, signal }),
  });

/**
 * The conversation list. `poll` turns on PRODUCT §9's 30-second refresh; only /messages asks for
 * it, as a fallback behind the live event stream.
 */
export function useConversations({
  poll = false,
  enabled = true,
}: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...conversationsQuery(),
    enabled,
    ...(poll ? { refetchInterval: TIMINGS.conversationPollMs } : {}),
  });
}

/** GET /api/conversations/{id}: the thread. Opening it marks the other person's messages read. */
export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => api.get<ConversationDetail>(`/api/conversations/${id}`, { signal }),
  });

export function useConversation(id: number | null) {
  return useQuery({ ...conversationQuery(id ?? 0), enabled: id !== null });
}

/** GET /api/conversations/unread-count; the event stream keeps it current afterwards. */
export function useUnreadCount() {
  return useQuery({
    queryKey: conversationKeys.unreadCount(),
    queryFn: ({ signal }) => api.get<UnreadCount>('/api/conversations/unread-count', { signal }),
  });
}

/** The conversations the bell lists: those with unread messages, in the server's order. */
export function unreadConversations(conversations: ConversationSummary[] | undefined): ConversationSummary[] {
  return (conversations ?? []).filter((conversation) => conversation.unreadCount > 0);
}

/** POST /api/conversations: opens (or reuses) the conversation about an item with its owner. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartConversationInput) => api.post<Conversation>('/api/conversations', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list() }),
    onError: (error) => handleApiError(error, { title: MESSAGING_TEXTS.createFailed }),
  });
}

/** Adds a sent message to the cached thread, so it shows at once without a refetch. */
function appendMessage(detail: ConversationDetail | undefined, message: Message) {
  if (!detail || detail.messages.some((existing) => existing.id === message.id)) return detail;
  return { ...detail, lastMessageAt: message.createdAt, messages: [...detail.messages, message] };
}

/** POST /api/conversations/{id}/messages. Toast 'Error sending message' on failure (PRODUCT §8). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, content }: { conversationId: number; content: string }) =>
      api.post<Message>(`/api/conversations/${conversationId}/messages`, { content }),
    onSuccess: (message) => {
      queryClient.setQueryData<ConversationDetail>(
        conversationKeys.detail(message.conversationId),
        (detail) => appendMessage(detail, message),
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    },
    onError: (error) => handleApiError(error, { title: MESSAGING_TEXTS.sendFailed }),
  });
}

/**
 * POST /api/conversations/mark-all-read, then the conversations are refreshed (PRODUCT §7).
 * The bell's Clear All toasts itself, since it may clear alert notifications too.
 */
export function markAllConversationsRead() {
  return api.post<MarkAllReadResult>('/api/conversations/mark-all-read', undefined);
}

/** DELETE /api/conversations/{id}. Toasts per PRODUCT §8. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/conversations/${id}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ConversationSummary[]>(conversationKeys.list(), (list) =>
        list?.filter((conversation) => conversation.id !== id),
      );
      queryClient.removeQueries({ queryKey: conversationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() });
      toast({ title: MESSAGING_TEXTS.deleted, variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: MESSAGING_TEXTS.deleteFailed }),
  });
}

/** Refreshes what reading a conversation changes: the list's unread counts and the total. */
export function refreshAfterReading(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
  void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() });
}
