import { useId } from 'react';
import { Link } from 'react-router';
import { Crown, Lock } from 'lucide-react';
import {
  ageRangeLabels,
  ageRanges,
  categories,
  categoryLabels,
  conditionLabels,
  conditions,
  exchangeTypeLabels,
  exchangeTypes,
} from '../../../../common/enums.js';
import { LIMITS } from '../../../../common/limits.js';
import { paths } from '../../../app/paths.js';
import { Badge } from '../../../components/ui/badge.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import type { BrowseState } from '../browse-state.js';
import type { UpdateBrowseState } from '../use-browse-state.js';
import { DebouncedInput } from './debounced-input.js';
import { FilterSelect } from './filter-select.js';

type FilterPanelProps = {
  state: BrowseState;
  premium: boolean;
  update: UpdateBrowseState;
  className?: string;
  id?: string;
};

/**
 * The filters: category, condition, exchange type and age range for everyone; brand and size
 * for Premium members (PRODUCT §1 advanced filters), shown locked with an upgrade link to others.
 * Choosing pushes a history entry; typing a brand or size waits for a pause and replaces.
 */
export function FilterPanel({ state, premium, update, className, id }: FilterPanelProps) {
  const brandId = useId();
  const sizeId = useId();
  return (
    <div id={id} className={className}>
      <FilterSelect
        label="Category"
        value={state.category}
        options={categories}
        labels={categoryLabels}
        anyLabel="Any category"
        onChange={(category) => update((s) => ({ ...s, category }))}
      />
      <FilterSelect
        label="Condition"
        value={state.condition}
        options={conditions}
        labels={conditionLabels}
        anyLabel="Any condition"
        onChange={(condition) => update((s) => ({ ...s, condition }))}
      />
      <FilterSelect
        label="Exchange type"
        value={state.exchangeType}
        options={exchangeTypes}
        labels={exchangeTypeLabels}
        anyLabel="Any type"
        onChange={(exchangeType) => update((s) => ({ ...s, exchangeType }))}
      />
      <FilterSelect
        label="Age range"
        value={state.ageRange}
        options={ageRanges}
        labels={ageRangeLabels}
        anyLabel="Any age"
        onChange={(ageRange) => update((s) => ({ ...s, ageRange }))}
      />
      {premium ? (
        <>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={brandId} className="flex items-center gap-1.5">
              Brand
              <Crown className="size-4 fill-premium-300 text-premium-500" aria-hidden="true" />
            </Label>
            <DebouncedInput
              id={brandId}
              value={state.brand}
              maxLength={LIMITS.brand}
              placeholder="e.g. LEGO"
              onCommit={(brand) => update((s) => ({ ...s, brand }), { replace: true })}
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={sizeId} className="flex items-center gap-1.5">
              Size
              <Crown className="size-4 fill-premium-300 text-premium-500" aria-hidden="true" />
            </Label>
            <DebouncedInput
              id={sizeId}
              value={state.size}
              maxLength={LIMITS.size}
              placeholder="e.g. 2T"
              onCommit={(size) => update((s) => ({ ...s, size }), { replace: true })}
            />
          </div>
        </>
      ) : (
        <LockedPremiumFilters brandId={brandId} sizeId={sizeId} />
      )}
    </div>
  );
}

/** Brand and size, visibly there but locked, with the way to unlock them. */
function LockedPremiumFilters({ brandId, sizeId }: { brandId: string; sizeId: string }) {
  const noteId = useId();
  return (
    <div className="grid min-w-0 gap-1.5 sm:col-span-2">
      <div className="grid grid-cols-2 gap-3">
        {[
          { id: brandId, label: 'Brand' },
          { id: sizeId, label: 'Size' },
        ].map(({ id, label }) => (
          <div key={id} className="grid min-w-0 gap-1.5">
            <Label htmlFor={id} className="flex items-center gap-1.5">
              {label}
              <Badge variant="premium" className="px-1.5">
                <Crown aria-hidden="true" />
                Premium
              </Badge>
            </Label>
            <div className="relative">
              <Lock
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
                aria-hidden="true"
              />
              <Input id={id} disabled placeholder="Locked" aria-describedby={noteId} className="pl-9" />
            </div>
          </div>
        ))}
      </div>
      <p id={noteId} className="text-sm text-ink-600">
        Brand and size filters come with Premium.{' '}
        <Link to={paths.subscribe} className="font-bold text-primary-700 underline underline-offset-2">
          Upgrade to Premium
        </Link>
      </p>
    </div>
  );
}
