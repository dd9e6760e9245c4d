import { createContext, useContext, type ReactNode } from 'react';
import type { Item } from '../../common/schemas/items.js';

/*
 * What the member layout lets any screen do, without the screen's feature importing the feature
 * that does it: messaging provides the message dialog and the block button, favourites the
 * heart on an item card. Outside the member layout (visitors, isolated tests) there is none.
 */

export type MessageTarget =
  | { conversationId: number; itemId?: number; sellerId?: number }
  | { itemId: number; sellerId: number; conversationId?: number }
  | { personId: number; personName?: string };

export type MessageDialogController = {
  /** Opens the message dialog on a conversation, an item and its owner, or a person. */
  open: (target: MessageTarget) => void;
  close: () => void;
  /** The signed-in member, so cards can hide Message on their own items. */
  viewerId: number;
  /** Messaging's block switch for a person, shown in their profile dialog. */
  renderBlockButton: (person: { id: number; firstName: string }) => ReactNode;
};

export const MessageDialogContext = createContext<MessageDialogController | null>(null);

/** The message dialog's controller; only inside the member layout. */
export function useMessageDialog(): MessageDialogController {
  const controller = useContext(MessageDialogContext);
  if (!controller) throw new Error('useMessageDialog needs the MessageDialogProvider of the member layout');
  return controller;
}

/** The controller, or null outside the member layout (visitors, isolated component tests). */
export function useOptionalMessageDialog(): MessageDialogController | null {
  return useContext(MessageDialogContext);
}

export type FavoritesScope = {
  viewerId: number;
  /** The heart over an item card's photo, which reads and toggles the member's favourites. */
  renderHeart: (item: Item) => ReactNode;
};

export const FavoritesContext = createContext<FavoritesScope | null>(null);

/** Says that a signed-in member is looking, so item cards show their heart by default. */
export function useFavoritesScope(): FavoritesScope | null {
  return useContext(FavoritesContext);
}
