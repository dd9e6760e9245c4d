import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.js';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-control font-bold whitespace-nowrap transition-colors select-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary-600 text-white shadow-sm hover:bg-primary-700 active:bg-primary-800',
        secondary: 'bg-primary-50 text-primary-800 hover:bg-primary-100 active:bg-primary-200',
        outline: 'border border-ink-300 bg-white text-ink-800 hover:bg-ink-50 active:bg-ink-100',
        ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900 active:bg-ink-200',
        destructive: 'bg-danger-600 text-white shadow-sm hover:bg-danger-700 active:bg-danger-800',
        accent: 'bg-accent-600 text-white shadow-sm hover:bg-accent-700 active:bg-accent-800',
        premium: 'bg-premium-400 text-premium-900 shadow-sm hover:bg-premium-300 active:bg-premium-500',
        link: 'text-primary-700 underline-offset-4 hover:underline',
      },
      // Every size keeps a 44 px touch target (docs/DESIGN.md).
      size: {
        sm: 'min-h-11 px-3 text-sm [&_svg]:size-4',
        md: 'min-h-11 px-4 text-base [&_svg]:size-5',
        lg: 'min-h-12 px-6 text-lg [&_svg]:size-5',
        icon: 'size-11 [&_svg]:size-5',
        inline: 'min-h-11 px-1 text-base [&_svg]:size-4',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
