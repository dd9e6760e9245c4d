import { categoryLabels } from '../../../../common/enums.js';
import { ToggleChip } from '../../../components/ui/toggle-chip.js';
import { categoryChips, exchangeChips, type HomeFilters } from '../home-filters.js';

/** PRODUCT §2 home chips; clicking the selected chip clears it. */
export function HomeChips({
  filters,
  onToggle,
}: {
  filters: HomeFilters;
  onToggle: (key: keyof HomeFilters, value: string) => void;
}) {
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
        {categoryChips.map((category) => (
          <ToggleChip
            key={category}
            pressed={filters.category === category}
            onClick={() => onToggle('category', category)}
          >
            {categoryLabels[category]}
          </ToggleChip>
        ))}
      </div>
      <div role="group" aria-label="Exchange type" className="flex flex-wrap gap-2">
        {exchangeChips.map(({ value, label }) => (
          <ToggleChip
            key={value}
            tone={value}
            pressed={filters.exchangeType === value}
            onClick={() => onToggle('exchangeType', value)}
          >
            {label}
          </ToggleChip>
        ))}
      </div>
    </div>
  );
}
