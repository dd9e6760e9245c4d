import { Link } from 'react-router';
import { PlusCircle, SearchX } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';

/** No results: what to try next depends on whether filters or a search narrowed them. */
export function BrowseEmptyState({
  filtersActive,
  hasSearch,
  onClearFilters,
}: {
  filtersActive: boolean;
  hasSearch: boolean;
  onClearFilters: () => void;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title="No items found"
      description={
        filtersActive
          ? 'Nothing matches all of these filters. Try removing one, or widen the distance.'
          : hasSearch
            ? 'Nothing matches that search yet. Try another word or check the spelling.'
            : 'Nothing is listed here yet. Be the first family to share something!'
      }
      action={
        filtersActive ? (
          <Button onClick={onClearFilters}>Clear Filters</Button>
        ) : (
          <Button asChild>
            <Link to={paths.listItem}>
              <PlusCircle aria-hidden="true" />
              List an Item
            </Link>
          </Button>
        )
      }
    />
  );
}
