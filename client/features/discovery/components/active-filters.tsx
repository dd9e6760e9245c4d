import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import type { ActiveFilter, FilterKey } from '../browse-state.js';

type ActiveFiltersProps = {
  filters: ActiveFilter[];
  onRemove: (key: FilterKey) => void;
  /** 'Clear Filters' shows with any filter; 'Clear All' whenever there is anything to clear. */
  onClearFilters: () => void;
  onClearAll?: (() => void) | undefined;
};

/** The filters in force as badges, each removable, then Clear Filters and Clear All (PRODUCT §2). */
export function ActiveFilters({ filters, onRemove, onClearFilters, onClearAll }: ActiveFiltersProps) {
  if (filters.length === 0 && !onClearAll) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {filters.length > 0 ? (
        <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
          {filters.map(({ key, label, value }) => (
            <li
              key={key}
              className="inline-flex min-h-11 items-center rounded-full border border-primary-200 bg-primary-50 pl-3 text-sm font-bold text-primary-900"
            >
              <span>
                <span className="font-semibold text-primary-800">{label}:</span> {value}
              </span>
              <button
                type="button"
                onClick={() => onRemove(key)}
                aria-label={`Remove filter ${label}: ${value}`}
                className="inline-flex size-11 items-center justify-center rounded-full text-primary-800 hover:bg-primary-100"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {filters.length > 0 ? (
        <Button variant="ghost" size="sm" onClick={onClearFilters}>
          Clear Filters
        </Button>
      ) : null}
      {onClearAll ? (
        <Button variant="ghost" size="sm" onClick={onClearAll}>
          Clear All
        </Button>
      ) : null}
    </div>
  );
}
