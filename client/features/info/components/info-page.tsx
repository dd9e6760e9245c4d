import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.js';

/** The top of every info page: an icon, the title and one line of what the page is for. */
export function InfoHero({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <header className="bg-primary-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto flex max-w-4xl flex-col items-center text-center">
        <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-white text-primary-700 shadow-soft">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-black text-ink-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-700">{children}</p>
      </div>
    </header>
  );
}

/** A titled block of an info page. */
export function InfoSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('grid gap-4', className)}>
      <h2 id={id} className="text-2xl font-black text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type InfoTone = 'primary' | 'danger' | 'premium' | 'free';

/** A card with an icon, a heading and a few lines, for lists of tips and guidelines. */
export function InfoCard({
  icon: Icon,
  title,
  children,
  tone = 'primary',
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  tone?: InfoTone;
}) {
  const tones = {
    primary: 'bg-primary-50 text-primary-700',
    danger: 'bg-danger-50 text-danger-700',
    premium: 'bg-premium-100 text-premium-800',
    free: 'bg-free-100 text-free-800',
  } as const;
  return (
    <div className="rounded-card border border-ink-200 bg-white p-4 shadow-soft sm:p-5">
      <div className="mb-2 flex items-center gap-3">
        <span
          className={cn('flex size-10 shrink-0 items-center justify-center rounded-control', tones[tone])}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h3 className="text-lg font-extrabold text-ink-900">{title}</h3>
      </div>
      <div className="grid gap-2 text-ink-700">{children}</div>
    </div>
  );
}

/** A plain bulleted list in the info pages' style. */
export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="grid list-disc gap-1.5 pl-5 marker:text-primary-600">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** An info card written as data: one line of text, or a list of points. */
export type InfoCardContent = { icon: LucideIcon; title: string; tone?: InfoTone; body: string | string[] };

/** One card of an info page's content. */
export function ContentCard({ card }: { card: InfoCardContent }) {
  return (
    <InfoCard icon={card.icon} title={card.title} tone={card.tone}>
      {typeof card.body === 'string' ? <p>{card.body}</p> : <BulletList items={card.body} />}
    </InfoCard>
  );
}

/** A grid of content cards; the caller says how many columns at which width. */
export function ContentCards({ cards, className }: { cards: InfoCardContent[]; className: string }) {
  return (
    <div className={cn('grid gap-4', className)}>
      {cards.map((card) => (
        <ContentCard key={card.title} card={card} />
      ))}
    </div>
  );
}
