import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import { controlClasses } from './input.js';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea rows={rows} className={cn(controlClasses, 'py-2.5 leading-relaxed', className)} {...props} />
  );
}
