import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

export const controlClasses =
  'w-full min-h-11 rounded-control border border-ink-300 bg-white px-3 text-base text-ink-900 placeholder:text-ink-500 transition-colors hover:border-ink-400 disabled:cursor-not-allowed disabled:bg-ink-50 disabled:opacity-70 aria-[invalid=true]:border-danger-600';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, className)} {...props} />;
}
