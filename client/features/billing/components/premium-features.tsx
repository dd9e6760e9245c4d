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
import {
  PREMIUM_FEATURE_CATEGORIES,
  PREMIUM_FEATURES,
  type PremiumFeatureKey,
} from '../../../../common/premium-features.js';
import { cn } from '../../../lib/cn.js';

/** The drawing beside each Premium feature; the words are common/premium-features.ts's. */
const premiumFeatureIcons: Record<PremiumFeatureKey, LucideIcon> = {
  'priority-listings': TrendingUp,
  'early-access': Clock,
  'advanced-filters': Filter,
  'saved-searches': Bookmark,
  'priority-messaging': Zap,
  'verified-badge': BadgeCheck,
  'more-photos': Images,
  'bulk-upload': Layers,
  'sell-items': Tag,
  'item-analytics': ChartColumn,
  'referral-and-support': Gift,
};

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
            {category.features.map(({ key, title, text }) => (
              <li key={key} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-control bg-premium-100 text-premium-800">
                  <PremiumFeatureIcon featureKey={key} className="size-5" />
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

function PremiumFeatureIcon({ featureKey, className }: { featureKey: PremiumFeatureKey; className: string }) {
  const Icon = premiumFeatureIcons[featureKey];
  return <Icon className={className} aria-hidden="true" />;
}

/** The 11 features as one grid of cards with their descriptions (the landing page's offer). */
export function PremiumFeatureGrid() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {PREMIUM_FEATURES.map(({ key, title, text }) => (
        <li key={key} className="flex gap-3 rounded-card border border-ink-200 bg-white p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-control bg-premium-100 text-premium-800">
            <PremiumFeatureIcon featureKey={key} className="size-5" />
          </span>
          <div className="grid gap-0.5">
            <h3 className="font-extrabold">{title}</h3>
            <p className="text-sm text-ink-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
