import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn.js';

const chipVariants = cva(
  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-bold whitespace-nowrap transition-colors [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        primary: 'aria-pressed:border-primary-600 aria-pressed:bg-primary-600 aria-pressed:text-white',
        free: 'aria-pressed:border-free-700 aria-pressed:bg-free-700 aria-pressed:text-white',
        swap: 'aria-pressed:border-swap-700 aria-pressed:bg-swap-700 aria-pressed:text-white',
        sell: 'aria-pressed:border-sell-700 aria-pressed:bg-sell-700 aria-pressed:text-white',
      },
    },
    defaultVariants: { tone: 'primary' },
  },
);

type ToggleChipProps = Omit<ComponentProps<'button'>, 'type'> &
  VariantProps<typeof chipVariants> & { pressed: boolean };

/** A filter chip: a toggle button that says whether it is on (aria-pressed). */
export function ToggleChip({ pressed, tone, className, children, ...props }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        chipVariants({ tone }),
        'border-ink-300 bg-white text-ink-800 not-aria-pressed:hover:border-ink-400 not-aria-pressed:hover:bg-ink-50',
        className,
      )}
      {...props}
    >
      {pressed ? <Check aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
