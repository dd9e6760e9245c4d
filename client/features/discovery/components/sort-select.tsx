import { sortOptions } from '../../../../common/schemas/items.js';
import { effectiveSort, sortLabels, type BrowseState } from '../browse-state.js';
import type { UpdateBrowseState } from '../use-browse-state.js';
import { FilterSelect } from './filter-select.js';

/** Best match, Newest, and Nearest once a position is known (distances need one). */
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
  return (
    <FilterSelect
      label="Sort by"
      value={effectiveSort(state)}
      options={options}
      labels={sortLabels}
      onChange={(sort) => update((s) => ({ ...s, sort }))}
      className={className}
    />
  );
}
