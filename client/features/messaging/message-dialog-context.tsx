import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { MessageDialog, type MessageTarget } from './components/message-dialog.js';

export type { MessageTarget } from './components/message-dialog.js';

export type MessageDialogController = {
  /** Opens the message dialog on a conversation, an item and its owner, or a person. */
  open: (target: MessageTarget) => void;
  close: () => void;
  /** The signed-in member, so cards can hide Message on their own items. */
  viewerId: number;
};

const MessageDialogContext = createContext<MessageDialogController | null>(null);

/**
 * Mounted once in the member layout: holds the one message dialog, so every card, profile and
 * page opens it the same way: `useMessageDialog().open({ itemId, sellerId })`.
 */
export function MessageDialogProvider({ viewerId, children }: { viewerId: number; children: ReactNode }) {
  const [target, setTarget] = useState<MessageTarget | null>(null);
  const controller = useMemo<MessageDialogController>(
    () => ({ open: setTarget, close: () => setTarget(null), viewerId }),
    [viewerId],
  );
  return (
    <MessageDialogContext value={controller}>
      {children}
      <MessageDialog target={target} viewerId={viewerId} onClose={controller.close} />
    </MessageDialogContext>
  );
}

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
