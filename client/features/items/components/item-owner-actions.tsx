import { useState } from 'react';
import { Link } from 'react-router';
import {
  CheckCircle2,
  Gift,
  MessageCircle,
  Pencil,
  Repeat,
  Tag,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import type { Item } from '../../../../common/schemas/items.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { DELETE_ITEM_CONFIRMATION, useDeleteItem } from '../api/delete-item.js';
import { useSetItemStatus, type OwnerStatus } from '../api/item-status.js';
import { isOnMarket } from '../../../../common/items.js';

/** PRODUCT §2/§4 owner buttons while the item is on the market, in PRODUCT's order. */
const closingStatuses: { status: OwnerStatus; label: string; icon: LucideIcon }[] = [
  { status: 'free', label: 'Free', icon: Gift },
  { status: 'swapped', label: 'Swapped', icon: Repeat },
  { status: 'sold', label: 'Sold', icon: Tag },
];

type ItemOwnerActionsProps = {
  item: Item;
  /** Called once the item is deleted, e.g. to leave its page. */
  onDeleted?: () => void;
  /** 'page' lays the buttons out roomily; 'card' packs them into a listing card. */
  layout?: 'page' | 'card';
};

/**
 * The owner's controls for one listing (PRODUCT §2, §4): Free / Swapped / Sold while it is
 * available, 'Mark Available' otherwise, then Messages, Edit and Delete (asked first with
 * PRODUCT §7's words). The server checks ownership again; these only hide what others can't do.
 */
export function ItemOwnerActions({ item, onDeleted, layout = 'page' }: ItemOwnerActionsProps) {
  const setStatus = useSetItemStatus();
  const deleteItem = useDeleteItem();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const busy = setStatus.isPending || deleteItem.isPending;
  const pendingStatus = setStatus.isPending ? setStatus.variables?.status : undefined;
  const compact = layout === 'card';

  const statusButton = (status: OwnerStatus, label: string, Icon: LucideIcon) => (
    <Button
      key={status}
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={() => setStatus.mutate({ id: item.id, status })}
      className={cn(compact && 'px-2')}
    >
      {pendingStatus === status ? <ButtonSpinner /> : <Icon aria-hidden="true" />}
      {label}
    </Button>
  );

  return (
    <div className="grid gap-2">
      <div
        role="group"
        // A listing hidden for review cannot change hands, so it offers no status buttons.
        hidden={item.review?.hidden}
        aria-label={isOnMarket(item) ? 'Mark this item as' : 'Item status'}
        className={cn('grid gap-2', isOnMarket(item) ? 'grid-cols-3' : 'grid-cols-1')}
      >
        {isOnMarket(item)
          ? closingStatuses.map(({ status, label, icon }) => statusButton(status, label, icon))
          : statusButton('available', 'Mark Available', CheckCircle2)}
      </div>
      <div className="grid grid-cols-3 gap-2">
        <Button asChild variant="secondary" size="sm" className={cn(compact && 'px-2')}>
          <Link to={paths.messagesForItem(item.id)}>
            <MessageCircle aria-hidden="true" />
            Messages
          </Link>
        </Button>
        <Button asChild variant="secondary" size="sm" className={cn(compact && 'px-2')}>
          <Link to={paths.editItem(item.id)}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => setConfirmOpen(true)}
          className={cn('border-danger-200 text-danger-700 hover:bg-danger-50', compact && 'px-2')}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete this item?"
        description={DELETE_ITEM_CONFIRMATION}
        confirmLabel="Yes, delete"
        destructive
        pending={deleteItem.isPending}
        onConfirm={() =>
          deleteItem.mutate(item.id, {
            onSuccess: () => {
              setConfirmOpen(false);
              onDeleted?.();
            },
            onError: () => setConfirmOpen(false),
          })
        }
      />
    </div>
  );
}
