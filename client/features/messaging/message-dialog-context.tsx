import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import {
  MessageDialogContext,
  type MessageDialogController,
  type MessageTarget,
} from '../../lib/member-actions.js';

// The dialog (its thread, composer and forms) loads on the first tap of Message, not with every
// screen of the member layout; once loaded it stays mounted so it can animate closed.
const MessageDialog = lazy(async () => ({
  default: (await import('./components/message-dialog.js')).MessageDialog,
}));

// The block switch (with its confirmation dialog) shows only in a profile dialog, opened by a
// tap: it loads then, not with every screen's first visit.
const BlockButton = lazy(async () => ({
  default: (await import('./components/block-button.js')).BlockButton,
}));

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
      renderBlockButton: (person) => (
        <Suspense fallback={null}>
          <BlockButton userId={person.id} name={person.firstName} size="sm" />
        </Suspense>
      ),
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
