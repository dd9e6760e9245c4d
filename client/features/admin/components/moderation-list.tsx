import { Check, EyeOff } from 'lucide-react';
import { formatShortDate } from '../../../../common/format.js';
import { cardImageUrl } from '../../../../common/items.js';
import type { ModerationDecision, ModerationItem } from '../../../../common/schemas/admin.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { DeleteRowButton, useConfirmDelete, type DeletableRows } from './confirm-delete.js';

type ModerationListProps = DeletableRows<ModerationItem> & {
  items: ModerationItem[];
  onDecide: (item: ModerationItem, decision: ModerationDecision) => void;
};

/**
 * The moderation queue (decision 011): listings the rules flagged, as cards that read the same on
 * a phone and a desktop, each with approve, hide and delete.
 */
export function ModerationList({ items, onDecide, onDelete, pendingId }: ModerationListProps) {
  const confirmDelete = useConfirmDelete<ModerationItem>({
    title: (item) => `Delete “${item?.title ?? ''}”?`,
    description: 'The listing is removed for good. This action cannot be undone.',
    confirmLabel: 'Delete Listing',
    pendingId,
    onDelete,
  });
  return (
    <>
      <ul className="grid gap-3" aria-label="Listings to review">
        {items.map((item) => {
          const pending = pendingId === item.id;
          const photo = item.imageUrls[0];
          return (
            <li
              key={item.id}
              className="grid gap-3 rounded-card border border-ink-200 p-3 sm:grid-cols-[96px_1fr_auto] sm:items-center"
              aria-label={item.title}
            >
              {photo ? (
                <img
                  src={cardImageUrl(photo)}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  className="hidden h-18 w-24 rounded-control object-cover sm:block"
                />
              ) : (
                <span className="hidden h-18 w-24 rounded-control bg-ink-100 sm:block" />
              )}
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-extrabold break-words text-ink-900">{item.title}</span>
                  {item.isHidden ? (
                    <Badge variant="danger">
                      <EyeOff aria-hidden="true" />
                      Hidden
                    </Badge>
                  ) : (
                    <Badge variant="warning">Visible</Badge>
                  )}
                </p>
                <p className="text-sm font-semibold text-danger-800">{item.flagReason ?? 'Flagged'}</p>
                <p className="line-clamp-2 text-sm text-ink-600">{item.description}</p>
                <p className="text-xs text-ink-600">
                  #{item.id} · {item.ownerName} · <span className="break-all">{item.ownerEmail}</span> ·{' '}
                  <time dateTime={item.createdAt}>{formatShortDate(item.createdAt)}</time>
                </p>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {/* The safe decision leads: approving shows a flagged listing to every family. */}
                <Button
                  size="sm"
                  variant="primary"
                  disabled={pending}
                  onClick={() => onDecide(item, 'hide')}
                  aria-label={`Hide: ${item.title}`}
                >
                  <EyeOff aria-hidden="true" />
                  Hide
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  onClick={() => onDecide(item, 'approve')}
                  aria-label={`Approve: ${item.title}`}
                >
                  <Check aria-hidden="true" />
                  Approve
                </Button>
                <DeleteRowButton
                  what={item.title}
                  disabled={pending}
                  onClick={() => confirmDelete.ask(item)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {confirmDelete.dialog}
    </>
  );
}
