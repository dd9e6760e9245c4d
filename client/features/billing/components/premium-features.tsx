import {
  BadgeCheck,
  Bookmark,
  ChartColumn,
  Clock,
  Filter,
  Gift,
  Images,
  Layers,
  Tag,
  TrendingUp,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { EARLY_ACCESS_HOURS, FEATURED_SLOTS, LIMITS } from '../../../../common/limits.js';
import { cn } from '../../../lib/cn.js';

type Feature = { icon: LucideIcon; title: string; text: string };
type Category = { name: string; features: Feature[] };

/** SPEC §1: the subscribe screen's 11 premium features in 6 categories. */
export const PREMIUM_FEATURE_CATEGORIES: Category[] = [
  {
    name: 'Discovery',
    features: [
      {
        icon: TrendingUp,
        title: 'Priority listings',
        text: `Your items at the top of search results, and ${FEATURED_SLOTS.min} to ${FEATURED_SLOTS.max} featured homepage slots.`,
      },
      {
        icon: Clock,
        title: 'Early access',
        text: `See new items ${EARLY_ACCESS_HOURS.min} to ${EARLY_ACCESS_HOURS.max} hours before everyone else.`,
      },
      { icon: Filter, title: 'Advanced filters', text: 'Filter by brand, condition and size.' },
    ],
  },
  {
    name: 'Saved searches',
    features: [
      {
        icon: Bookmark,
        title: 'Saved searches with instant alerts',
        text: 'Be told the moment a matching item is listed near you.',
      },
    ],
  },
  {
    name: 'Trust and communication',
    features: [
      {
        icon: Zap,
        title: 'Priority messaging',
        text: 'Your conversations appear first in other parents’ lists, with read receipts.',
      },
      { icon: BadgeCheck, title: 'Verified trust badge', text: 'Show other parents you are verified.' },
    ],
  },
  {
    name: 'Listing',
    features: [
      {
        icon: Images,
        title: `Up to ${LIMITS.photosPremium} photos per item`,
        text: `Free accounts can add ${LIMITS.photosFree}.`,
      },
      { icon: Layers, title: 'Bulk upload', text: 'List a whole box of outgrown things at once.' },
      { icon: Tag, title: 'Sell items', text: 'Set a price, not only give away or swap.' },
    ],
  },
  {
    name: 'Analytics',
    features: [
      { icon: ChartColumn, title: 'Item analytics', text: 'Views, favourites and messages for each item.' },
    ],
  },
  {
    name: 'Referral benefits',
    features: [
      {
        icon: Gift,
        title: 'Referral rewards and premium support',
        text: 'Free weeks for every friend you invite, faster support and previews of new features.',
      },
    ],
  },
];

export const PREMIUM_FEATURE_COUNT = PREMIUM_FEATURE_CATEGORIES.reduce(
  (count, category) => count + category.features.length,
  0,
);

/** The 11 features grouped by category, as cards; `compact` for the Premium member's view. */
export function PremiumFeatureList({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {PREMIUM_FEATURE_CATEGORIES.map((category) => (
        <section
          key={category.name}
          aria-label={category.name}
          className="rounded-card border border-ink-200 bg-white p-4 shadow-soft"
        >
          <h3 className="mb-3 text-sm font-extrabold tracking-wide text-premium-800 uppercase">
            {category.name}
          </h3>
          <ul className="grid gap-3">
            {category.features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-control bg-premium-100 text-premium-800">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="grid">
                  <span className="font-bold text-ink-900">{title}</span>
                  {compact ? null : <span className="text-sm text-ink-600">{text}</span>}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
