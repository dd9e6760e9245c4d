import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn.js';

const labels = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five star radio buttons (1 to 5), each a 44 px target, announced as "4 stars: Very good". */
export function StarInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <div role="radiogroup" aria-label="Rating" className="flex gap-1">
      {labels.map((label, index) => {
        const stars = index + 1;
        return (
          <button
            key={label}
            type="button"
            role="radio"
            aria-checked={value === stars}
            aria-label={`${stars} star${stars === 1 ? '' : 's'}: ${label}`}
            onClick={() => onChange(stars)}
            className="inline-flex size-11 items-center justify-center rounded-control hover:bg-premium-50 focus-visible:outline-3 focus-visible:outline-primary-600"
          >
            <Star
              aria-hidden="true"
              className={cn(
                'size-8',
                stars <= value ? 'fill-premium-400 text-premium-500' : 'fill-ink-100 text-ink-300',
              )}
            />
          </button>
        );
      })}
    </div>
  );
}
