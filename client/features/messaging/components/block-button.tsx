import { useState } from 'react';
import { Ban, CircleCheck } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { useIsBlocked, useSetBlocked } from '../api/blocks.js';

type BlockButtonProps = {
  userId: number;
  /** The person's name, for the question and the toast. */
  name: string;
  size?: ButtonProps['size'];
  className?: string;
};

/**
 * Block / Unblock another parent. Blocking asks first; blocked parents cannot message each
 * other. Unblocking happens at once.
 */
export function BlockButton({ userId, name, size = 'md', className }: BlockButtonProps) {
  const { isBlocked, isLoading } = useIsBlocked(userId);
  const setBlocked = useSetBlocked();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const pending = setBlocked.isPending;

  if (isBlocked) {
    return (
      <Button
        variant="outline"
        size={size}
        className={className}
        disabled={pending}
        onClick={() => setBlocked.mutate({ userId, block: false, name })}
      >
        {pending ? <ButtonSpinner /> : <CircleCheck aria-hidden="true" />}
        Unblock
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={cn('text-danger-700', className)}
        disabled={pending || isLoading}
        onClick={() => setConfirmOpen(true)}
      >
        {pending ? <ButtonSpinner /> : <Ban aria-hidden="true" />}
        Block
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={`Block ${name}?`}
        description="Neither of you will be able to send messages to the other. You can unblock them at any time from their profile."
        confirmLabel="Block"
        destructive
        pending={pending}
        onConfirm={() =>
          setBlocked.mutate({ userId, block: true, name }, { onSettled: () => setConfirmOpen(false) })
        }
      />
    </>
  );
}
