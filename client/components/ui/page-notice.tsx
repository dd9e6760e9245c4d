import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.js';

const tones = {
  accent: 'bg-accent-50 text-accent-600',
  premium: 'bg-premium-50 text-premium-700',
} as const;

/**
 * A whole page that says why there is nothing to show (404, an item not found, early access):
 * a large icon, the page's h1, a sentence, and the ways on (`children`, spaced by the caller).
 */
export function PageNotice({
  icon: Icon,
  tone = 'accent',
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className={cn('mb-6 flex size-20 items-center justify-center rounded-full', tones[tone])}>
        <Icon className="size-9" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-black text-ink-900">{title}</h1>
      <p className="mt-3 text-lg text-ink-600">{lead}</p>
      {children}
    </section>
  );
}
