import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, ImageOff, MapPinOff } from 'lucide-react';
import { exchangeBadgeLabel, truncateCity } from '../../../../common/format.js';
import type { Item } from '../../../../common/schemas/items.js';
import { cardImageUrl } from '../../../../common/items.js';
import { paths } from '../../../app/paths.js';
import { Badge, exchangeBadgeVariant, PromisedBadge } from '../../../components/ui/badge.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { hasPosition } from './map-labels.js';
import type { MapSelection } from './map-selection.js';

type MapSideListProps = {
  items: Item[];
  isPending: boolean;
  selection: MapSelection | null;
  onSelect: (id: number) => void;
  /** Shown under the entries: 'Load more', or the empty state. */
  footer?: ReactNode;
  className?: string;
};

/**
 * The map's results as a list: the accessible way through them. Choosing an entry selects
 * it on the map; a marker chosen on the map scrolls its entry into view here. Items without a
 * position are only here, marked 'No location'.
 */
export function MapSideList({ items, isPending, selection, onSelect, footer, className }: MapSideListProps) {
  const container = useRef<HTMLDivElement>(null);
  const rows = useRef(new Map<number, HTMLLIElement>());

  // Scroll the list itself (not the page) when a marker is chosen; on phones the list is
  // under the map and does not scroll on its own, so the page stays on the map.
  useEffect(() => {
    if (!selection || selection.source !== 'map') return;
    const box = container.current;
    const row = rows.current.get(selection.id);
    if (!box || !row || box.scrollHeight <= box.clientHeight) return;
    const boxRect = box.getBoundingClientRect();
    const rowRect = row.getBoundingClientRect();
    if (rowRect.top < boxRect.top) box.scrollTop -= boxRect.top - rowRect.top + 8;
    else if (rowRect.bottom > boxRect.bottom) box.scrollTop += rowRect.bottom - boxRect.bottom + 8;
  }, [selection]);

  return (
    <div
      ref={container}
      className={cn('min-h-0 overflow-y-auto rounded-card border border-ink-200 bg-white p-2', className)}
    >
      {isPending ? (
        <div role="status" aria-label="Loading items" className="grid gap-2">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="flex items-center gap-3 p-2">
              <Skeleton className="h-12 w-16 shrink-0" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : items.length > 0 ? (
        <ul aria-label="Items on the map" className="grid gap-1">
          {items.map((item) => {
            const selected = selection?.id === item.id;
            const placed = hasPosition(item);
            const city = truncateCity(item.city);
            return (
              <li
                key={item.id}
                ref={(element) => {
                  if (element) rows.current.set(item.id, element);
                  else rows.current.delete(item.id);
                }}
                className={cn(
                  'flex items-stretch rounded-control transition-colors',
                  selected ? 'bg-primary-50 ring-2 ring-primary-600' : 'hover:bg-ink-50',
                )}
              >
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(item.id)}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-control p-2 text-left"
                >
                  {item.imageUrls[0] ? (
                    <img
                      src={cardImageUrl(item.imageUrls[0])}
                      alt=""
                      width={64}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="h-12 w-16 shrink-0 rounded-control bg-ink-100 object-cover"
                    />
                  ) : (
                    <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded-control bg-ink-100 text-ink-500">
                      <ImageOff className="size-5" aria-hidden="true" />
                    </span>
                  )}
                  <span className="grid min-w-0 gap-1">
                    <span className="truncate font-extrabold text-ink-900">{item.title}</span>
                    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600">
                      <Badge variant={exchangeBadgeVariant[item.exchangeType]}>
                        {exchangeBadgeLabel(item)}
                      </Badge>
                      {item.promised ? <PromisedBadge /> : null}
                      {placed ? (
                        <span className="truncate">
                          {city}
                          {item.distance != null ? `${city ? ' · ' : ''}${item.distance} km` : ''}
                        </span>
                      ) : (
                        <span className="inline-flex items-center gap-1 font-semibold text-ink-700">
                          <MapPinOff className="size-3.5" aria-hidden="true" />
                          No location
                        </span>
                      )}
                    </span>
                  </span>
                </button>
                <Link
                  to={paths.item(item.id)}
                  aria-label={`Open ${item.title}`}
                  className="inline-flex w-11 shrink-0 items-center justify-center rounded-control text-ink-500 hover:bg-primary-100 hover:text-primary-800"
                >
                  <ChevronRight className="size-5" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {footer}
    </div>
  );
}
