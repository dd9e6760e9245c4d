import { useId, useState } from 'react';
import { Slider } from 'radix-ui';
import { DISTANCE } from '../../../../common/limits.js';
import { cn } from '../../../lib/cn.js';
import { distanceLabel } from '../browse-state.js';

type DistanceSliderProps = {
  value: number;
  /** Called when the thumb is let go (or a key sets a value), not on every step of a drag. */
  onCommit: (km: number) => void;
  className?: string;
};

/** PRODUCT §9 distance: 0 to 150 km in steps of 10; 150 reads 'Any distance' and filters nothing. */
export function DistanceSlider({ value, onCommit, className }: DistanceSliderProps) {
  const labelId = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? value;
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-bold text-ink-800">
          Distance
        </span>
        <span className="text-sm font-bold text-primary-800 tabular-nums" aria-hidden="true">
          {distanceLabel(shown)}
        </span>
      </div>
      <Slider.Root
        min={0}
        max={DISTANCE.maxKm}
        step={DISTANCE.stepKm}
        value={[shown]}
        onValueChange={([next]) => setDraft(next ?? null)}
        onValueCommit={([next]) => {
          setDraft(null);
          if (next !== undefined && next !== value) onCommit(next);
        }}
        className="relative flex h-11 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-ink-200">
          <Slider.Range className="absolute h-full rounded-full bg-primary-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={labelId}
          aria-valuetext={distanceLabel(shown)}
          className="block size-6 rounded-full border-2 border-primary-600 bg-white shadow-md transition-colors hover:bg-primary-50"
        />
      </Slider.Root>
    </div>
  );
}
