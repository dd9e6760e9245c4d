import type { ComponentProps, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.js';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-card border border-ink-200 bg-white text-ink-900 shadow-soft', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 p-4 sm:p-6', className)} {...props} />;
}

/**
 * A card's heading: h3 for cards inside a titled section, level 2 for cards that are
 * themselves a page's sections (settings, admin panels), so the outline never skips a level.
 */
export function CardTitle({ className, level = 3, ...props }: ComponentProps<'h3'> & { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className={cn('text-lg leading-tight font-extrabold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-ink-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-4 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center gap-2 p-4 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
}

/**
 * The header of a card that is a page's section (settings, for one): an icon before its level-2
 * title, and a line under it when there is something to say.
 */
export function SectionCardHeader({
  icon: Icon,
  iconClassName,
  title,
  description,
}: {
  icon: LucideIcon;
  /** The icon's colour. */
  iconClassName: string;
  title: ReactNode;
  description?: ReactNode;
}) {
  return (
    <CardHeader>
      <CardTitle level={2} className="flex items-center gap-2">
        <Icon className={cn('size-5', iconClassName)} aria-hidden="true" />
        {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}
