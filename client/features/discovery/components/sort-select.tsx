import { sortOptions } from '../../../../common/items.js';
import { defaultSort, effectiveSort, sortLabels, type BrowseState } from '../browse-state.js';
import type { UpdateBrowseState } from '../use-browse-state.js';
import { FilterSelect } from './filter-select.js';

/**
 * Best match, Newest, and Nearest once a position is known (distances need one). The order the
 * server uses when none is chosen is marked '(default)': nearest first while the distance
 * slider is set (PRODUCT §9), with a search term too.
 */
export function SortSelect({
  state,
  update,
  className,
}: {
  state: BrowseState;
  update: UpdateBrowseState;
  className?: string;
}) {
  const options = state.position ? sortOptions : sortOptions.filter((option) => option !== 'nearest');
  const byDefault = defaultSort(state);
  const labels = { ...sortLabels, [byDefault]: `${sortLabels[byDefault]} (default)` };
  return (
    <FilterSelect
      label="Sort by"
      value={effectiveSort(state)}
      options={options}
      labels={labels}
      onChange={(sort) => update((s) => ({ ...s, sort }))}
      className={className}
    />
  );
}
