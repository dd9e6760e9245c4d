import { Link, useNavigate } from 'react-router';
import { ChevronLeft, MessagesSquare } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { cn } from '../../../lib/cn.js';
import { ConversationView } from './conversation-view.js';

type ThreadPaneProps = {
  /** The open conversation, or undefined for the empty state. */
  conversationId: number | undefined;
  viewerId: number;
  /** The list's address (the item filter kept), where Back leads on phones. */
  listHref: string;
  /** The history entry before this one is the list: Back goes back to it. */
  listBehind: boolean;
  /** The conversation was just picked in the list: focus moves to its heading. */
  picked: boolean;
  className?: string;
};

/**
 * The right-hand pane of /messages: the open conversation with its composer, or a line asking
 * to choose one. Below 1024 px it stands alone, full height, with Back to the list.
 */
export function ThreadPane({
  conversationId,
  viewerId,
  listHref,
  listBehind,
  picked,
  className,
}: ThreadPaneProps) {
  const navigate = useNavigate();
  const back = (
    <Link
      to={listHref}
      replace
      // The name starts with the visible word (WCAG 2.5.3) and says where Back leads.
      aria-label="Back to conversations"
      onClick={(event) => {
        if (!listBehind) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2 shrink-0 px-2 lg:hidden')}
    >
      <ChevronLeft aria-hidden="true" />
      Back
    </Link>
  );

  return (
    <section
      aria-label="Conversation thread"
      className={cn(
        'flex min-h-0 flex-col gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-soft sm:p-4',
        className,
      )}
    >
      {conversationId === undefined ? (
        <EmptyState
          icon={MessagesSquare}
          title="Choose a conversation"
          description="Pick a parent from the list to read your messages and reply."
          className="m-auto border-0 bg-transparent"
        />
      ) : (
        <ConversationView
          key={conversationId}
          conversationId={conversationId}
          viewerId={viewerId}
          layout="pane"
          back={back}
          focusHeading={picked}
        />
      )}
    </section>
  );
}
