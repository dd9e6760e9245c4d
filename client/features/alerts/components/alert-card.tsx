import { useId } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { ActiveSwitch } from './active-switch.js';

type AlertCardProps = {
  title: string;
  /** Short facts shown as badges: 'Toys', '2–4 years', 'Under $20'. */
  details: string[];
  description?: string | null;
  isActive: boolean;
  onActiveChange: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  busy?: boolean;
};

/** One Wanted post or saved search: its criteria, an on/off switch, Edit and Delete. */
export function AlertCard({
  title,
  details,
  description,
  isActive,
  onActiveChange,
  onEdit,
  onDelete,
  busy = false,
}: AlertCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'grid gap-2 rounded-card border bg-white p-3 shadow-soft sm:p-4',
        isActive ? 'border-ink-200' : 'border-dashed border-ink-300 bg-ink-50',
      )}
    >
      <div className="flex items-start gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 pt-2.5 font-extrabold break-words text-ink-900">
          {title}
        </h3>
        <ActiveSwitch
          checked={isActive}
          onCheckedChange={onActiveChange}
          label={`Alerts for ${title}`}
          disabled={busy}
        />
      </div>
      {details.length > 0 ? (
        <p className="flex flex-wrap gap-1.5">
          {details.map((detail) => (
            <Badge key={detail} variant="outline">
              {detail}
            </Badge>
          ))}
        </p>
      ) : null}
      {description ? <p className="line-clamp-2 text-sm text-ink-600">{description}</p> : null}
      <div className="flex justify-end gap-1">
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${title}`}
          className="text-danger-700 hover:bg-danger-50"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}

export function AlertCardSkeleton() {
  return (
    <div className="grid gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-soft">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-6 w-11 rounded-full" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-5 w-14 rounded-full" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
    </div>
  );
}
