import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

/** What an admin list with a Delete on each row takes from its section. */
export type DeletableRows<T> = {
  /** Resolves once the deletion has settled, so the confirmation can close. */
  onDelete: (row: T) => Promise<unknown>;
  /** The row whose change or deletion is in flight, if any. */
  pendingId: number | undefined;
};

/**
 * Deleting from an admin list asks first. `ask` opens the confirmation for one row; the dialog
 * stays open, its button busy, until the deletion has settled.
 */
export function useConfirmDelete<T extends { id: number }>({
  title,
  description,
  confirmLabel,
  pendingId,
  onDelete,
}: {
  title: (target: T | null) => string;
  description: string;
  confirmLabel: string;
} & DeletableRows<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => {
        if (!open) setDeleting(null);
      }}
      title={title(deleting)}
      description={description}
      confirmLabel={confirmLabel}
      destructive
      pending={deleting !== null && pendingId === deleting.id}
      onConfirm={() => {
        if (!deleting) return;
        void onDelete(deleting).finally(() => setDeleting(null));
      }}
    />
  );
  return { ask: setDeleting, dialog };
}

/** A row's Delete, named for what it deletes; the confirmation comes from useConfirmDelete. */
export function DeleteRowButton({
  what,
  disabled,
  onClick,
}: {
  what: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      className="text-danger-700"
      disabled={disabled}
      onClick={onClick}
      aria-label={`Delete: ${what}`}
    >
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
}
