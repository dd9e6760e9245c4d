import { Suspense, createContext, lazy, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MessageTarget } from './components/message-dialog.js';

// The dialog (its thread, composer and forms) loads on the first tap of Message, not with every
// screen of the member layout; once loaded it stays mounted so it can animate closed.
const MessageDialog = lazy(async () => ({
  default: (await import('./components/message-dialog.js')).MessageDialog,
}));

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
  const [opened, setOpened] = useState(false);
  const controller = useMemo<MessageDialogController>(
    () => ({
      open: (next) => {
        setOpened(true);
        setTarget(next);
      },
      close: () => setTarget(null),
      viewerId,
    }),
    [viewerId],
  );
  return (
    <MessageDialogContext value={controller}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <MessageDialog target={target} viewerId={viewerId} onClose={controller.close} />
        </Suspense>
      )}
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
