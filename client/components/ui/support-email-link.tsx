import { SUPPORT } from '../../../common/product-copy.js';
import { cn } from '../../lib/cn.js';

/** The support address as a mail link, in the pages' link style. */
export function SupportEmailLink({ className }: { className?: string }) {
  return (
    <a href={`mailto:${SUPPORT.email}`} className={cn('font-bold text-primary-700 underline', className)}>
      {SUPPORT.email}
    </a>
  );
}
