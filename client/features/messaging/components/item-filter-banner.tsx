import { Link } from 'react-router';
import { Filter, X } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';

/** PRODUCT §2 /messages?item={id}: says which item the list is narrowed to, with 'Show All Messages'. */
export function ItemFilterBanner({
  itemId,
  itemTitle,
  onShowAll,
}: {
  itemId: number;
  itemTitle: string;
  onShowAll: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Item filter"
      className="flex shrink-0 flex-wrap items-center gap-3 rounded-card border border-primary-200 bg-primary-50 p-3 sm:p-4"
    >
      <Filter className="size-5 shrink-0 text-primary-700" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-primary-900">
        Showing messages about{' '}
        <Link to={paths.item(itemId)} className="font-extrabold underline underline-offset-4">
          {itemTitle}
        </Link>
      </p>
      <Button variant="outline" size="sm" onClick={onShowAll}>
        <X aria-hidden="true" />
        Show All Messages
      </Button>
    </div>
  );
}
