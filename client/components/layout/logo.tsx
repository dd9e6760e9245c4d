import { PRODUCT_NAME } from '../../../common/product-copy.js';
import { cn } from '../../lib/cn.js';

/** Two linked loops and the wordmark. Decorative mark; the name is the text. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-primary-600" />
      <circle cx="25" cy="32" r="11" fill="none" stroke="#ffffff" strokeWidth="6" />
      <circle cx="39" cy="32" r="11" fill="none" className="stroke-accent-400" strokeWidth="6" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-xl font-black tracking-tight text-primary-800">{PRODUCT_NAME}</span>
    </span>
  );
}
