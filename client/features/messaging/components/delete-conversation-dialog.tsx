import type { ConversationSummary } from '../../../../common/schemas/conversations.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useDeleteConversation } from '../api/conversations.js';

/**
 * Deleting a conversation asks first and says what it means: it leaves this parent's messages
 * only, and a new message from the other parent brings it back.
 */
export function DeleteConversationDialog({
  conversation,
  onClose,
  onDeleted,
}: {
  conversation: ConversationSummary | null;
  onClose: () => void;
  onDeleted: (conversationId: number) => void;
}) {
  const deleteConversation = useDeleteConversation();
  return (
    <ConfirmDialog
      open={conversation !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete this conversation?"
      description={
        conversation
          ? `Your conversation with ${conversation.otherUser.firstName} ${conversation.otherUser.lastName} will be removed from your messages. They keep their copy, and a new message from them brings it back.`
          : ''
      }
      confirmLabel="Delete"
      destructive
      pending={deleteConversation.isPending}
      onConfirm={() => {
        if (!conversation) return;
        const deletedId = conversation.id;
        deleteConversation.mutate(deletedId, {
          onSuccess: () => onDeleted(deletedId),
          onSettled: onClose,
        });
      }}
    />
  );
}
