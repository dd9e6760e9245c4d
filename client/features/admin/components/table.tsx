import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';

/** A table that scrolls sideways inside its card on phones, never the page. */
export function TableShell({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0" tabIndex={0} role="region" aria-label={caption}>
      <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-ink-50 px-3 py-3 text-xs font-black tracking-wider whitespace-nowrap text-ink-600 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}
