import type { ReactNode } from 'react';
import { Baby, CalendarDays, Layers, MapPin, Ruler, Sparkles, Tag, type LucideIcon } from 'lucide-react';
import {
  ageRangeLabels,
  categoryLabels,
  conditionLabels,
  itemStatusLabels,
  type AgeRange,
  type Category,
  type Condition,
  type ExchangeType,
} from '../../../../common/enums.js';
import { exchangePriceLabel, formatPlace } from '../../../../common/format.js';
import type { Item } from '../../../../common/schemas/items.js';
import type { CurrentUser, PublicUser } from '../../../../common/schemas/users.js';
import { Badge, PromisedBadge, statusBadgeVariant } from '../../../components/ui/badge.js';
import { ShortDate } from '../../../components/ui/short-date.js';
import { cn } from '../../../lib/cn.js';
import { ShareItemButton } from './share-item-button.js';

/** Labels from common/enums.ts; a value the enums don't know is shown as it is. */
const labelOf = <K extends string>(labels: Record<K, string>, value: string): string =>
  (labels as Record<string, string>)[value] ?? value;

/** PRODUCT colours: Free green, Swap amber, Sell blue (dark shades, for AA contrast as text). */
const priceColour: Record<ExchangeType, string> = {
  free: 'text-free-700',
  swap: 'text-swap-700',
  sell: 'text-sell-700',
};

/** The owner's public profile carries their location (PRODUCT §2: city, state, country). */
export function ownerLocation(owner: CurrentUser | PublicUser | undefined, item: Item): string {
  const fromProfile = owner ? formatPlace([owner.city, owner.state, owner.country]) : '';
  return fromProfile || formatPlace([item.city]);
}

function Detail({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    // A <dl> group may hold only <dt> and <dd>: the icon sits inside the term (axe dlitem).
    <div className="grid grid-cols-[1rem_minmax(0,1fr)] gap-x-2 rounded-control border border-ink-200 bg-white p-3">
      <dt className="col-span-2 flex items-start gap-2 text-xs font-bold tracking-wide text-ink-600 uppercase">
        <Icon className="mt-px size-4 shrink-0 text-primary-700" aria-hidden="true" />
        {term}
      </dt>
      <dd className="col-start-2 font-bold break-words text-ink-900">{children}</dd>
    </div>
  );
}

/**
 * The item's status, title, price, description, facts, place and listing date. Save belongs to
 * favourites, so the page hands it in (nothing for the owner's own item).
 */
export function ItemSummary({
  item,
  location,
  saveButton,
}: {
  item: Item;
  location: string;
  saveButton: ReactNode;
}) {
  return (
    <>
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex flex-wrap gap-2">
            <Badge variant={statusBadgeVariant[item.status]} className="text-sm">
              {itemStatusLabels[item.status]}
            </Badge>
            {item.promised ? <PromisedBadge className="text-sm" /> : null}
          </span>
          <span className="flex gap-2">
            <ShareItemButton item={item} className="min-h-11" />
            {saveButton}
          </span>
        </div>
        <h1 className="text-2xl leading-tight font-black break-words text-ink-900 sm:text-3xl">
          {item.title}
        </h1>
        <p className={cn('text-2xl font-black', priceColour[item.exchangeType])}>
          <span className="sr-only">Price: </span>
          {exchangePriceLabel(item)}
        </p>
      </div>

      <p className="leading-relaxed break-words whitespace-pre-line text-ink-800">{item.description}</p>

      <dl className="grid grid-cols-2 gap-3">
        <Detail icon={Layers} term="Category">
          {labelOf<Category>(categoryLabels, item.category)}
        </Detail>
        <Detail icon={Sparkles} term="Condition">
          {labelOf<Condition>(conditionLabels, item.condition)}
        </Detail>
        {item.ageRange ? (
          <Detail icon={Baby} term="Age Range">
            {labelOf<AgeRange>(ageRangeLabels, item.ageRange)}
          </Detail>
        ) : null}
        {item.brand ? (
          <Detail icon={Tag} term="Brand">
            {item.brand}
          </Detail>
        ) : null}
        {item.size ? (
          <Detail icon={Ruler} term="Size">
            {item.size}
          </Detail>
        ) : null}
      </dl>

      <ul className="grid gap-2 text-ink-700">
        <li className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-5 shrink-0 text-ink-500" aria-hidden="true" />
          <span>{location || 'Location not specified'}</span>
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
          <span>
            Listed <ShortDate value={item.createdAt} />
          </span>
        </li>
      </ul>
    </>
  );
}
