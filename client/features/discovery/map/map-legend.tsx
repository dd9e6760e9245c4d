import { exchangeTypes } from '../../../../common/enums.js';
import { cn } from '../../../lib/cn.js';
import { exchangeMarkers } from './map-labels.js';

/** PRODUCT §2 legend: Free (green), Swap (amber), Sell (blue), with the markers' letters. */
export function MapLegend({ className }: { className?: string }) {
  return (
    <ul aria-label="Map legend" className={cn('flex flex-wrap items-center gap-x-4 gap-y-2', className)}>
      {exchangeTypes.map((type) => {
        const { letter, legend, swatch } = exchangeMarkers[type];
        return (
          <li key={type} className="inline-flex items-center gap-2 text-sm font-bold text-ink-800">
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-6 items-center justify-center rounded-full border-2 border-white text-xs font-black text-white shadow',
                swatch,
              )}
            >
              {letter}
            </span>
            <span>{legend}</span>
          </li>
        );
      })}
    </ul>
  );
}
