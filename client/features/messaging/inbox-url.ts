import { paths } from '../../app/paths.js';

/** The query parameter of /messages naming the open conversation; ?item= filters the list. */
export const CONVERSATION_PARAM = 'conversation';

/** The inbox open on one conversation, for links from elsewhere (a notification, an e-mail). */
export function conversationHref(conversationId: number): string {
  return `${paths.messages}?${CONVERSATION_PARAM}=${conversationId}`;
}

/** /messages with the open conversation set or cleared, keeping the item filter as it is. */
export function inboxHref(params: URLSearchParams, conversationId: number | undefined): string {
  const next = new URLSearchParams(params);
  if (conversationId === undefined) next.delete(CONVERSATION_PARAM);
  else next.set(CONVERSATION_PARAM, String(conversationId));
  const search = next.toString();
  return search ? `${paths.messages}?${search}` : paths.messages;
}

/**
 * History state of an inbox entry opened from its list: `listBehind` says the entry before it
 * is the list, so Back can return through history (and keep the list's scroll) instead of
 * adding an entry; `picked` moves focus to the thread's heading.
 */
export type InboxHistoryState = { picked: true; listBehind: boolean };

export function readInboxState(state: unknown): InboxHistoryState | null {
  if (typeof state !== 'object' || state === null || !('picked' in state)) return null;
  return { picked: true, listBehind: (state as { listBehind?: unknown }).listBehind === true };
}
