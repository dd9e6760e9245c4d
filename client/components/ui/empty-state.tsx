import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.js';

type EmptyStateProps = {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** The next step PRODUCT names for this list, usually a button. */
  action?: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3';
};

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  headingLevel = 'h2',
}: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white/60 px-6 py-10 text-center',
        className,
      )}
    >
      {Icon ? (
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <Icon className="size-7" aria-hidden="true" />
        </span>
      ) : null}
      <Heading className="text-lg font-extrabold text-ink-900">{title}</Heading>
      {description ? <p className="max-w-sm text-ink-600">{description}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
