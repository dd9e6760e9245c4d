/** Display rules shared by every screen (PRODUCT §9). */

/** Cards show prices as whole dollars: "12.50" becomes "$13". */
export function formatWholeDollars(price: string | number | null | undefined): string {
  const value = Number(price ?? 0);
  return `$${Math.round(Number.isFinite(value) ? value : 0)}`;
}

/** Ratings show one decimal. */
export function formatRating(rating: string | number | null | undefined): string {
  const value = Number(rating ?? 0);
  return (Number.isFinite(value) ? value : 0).toFixed(1);
}

/** Stars are the rating rounded to the nearest whole, out of 5. */
export function ratingStars(rating: string | number | null | undefined): number {
  const value = Number(rating ?? 0);
  return Math.min(5, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));
}

/** Cards cut the city to 10 characters. */
export function truncateCity(city: string | null | undefined, max = 10): string {
  if (!city) return '';
  return city.length > max ? `${city.slice(0, max)}…` : city;
}

/** Owners appear as first name and last initial: "Maya R." */
export function shortName(person: { firstName: string; lastName: string }): string {
  const initial = person.lastName.trim().charAt(0);
  return initial ? `${person.firstName} ${initial.toUpperCase()}.` : person.firstName;
}

export function initials(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
}

/**
 * PRODUCT §9 relative time on conversations: minutes under an hour, hours under a day,
 * 'Yesterday' under 48 hours, otherwise the date.
 */
export function relativeTime(when: Date | string, now: Date = new Date()): string {
  const then = new Date(when);
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  if (hours < 48) return 'Yesterday';
  return then.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A time of day for 'until {time}' texts: "3:45 PM". */
export function formatTimeOfDay(when: Date | string): string {
  return new Date(when).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

export function formatMemberSince(createdAt: Date | string): string {
  return new Date(createdAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** A calendar date for tables and labels: "Jan 22, 2025". */
export function formatShortDate(when: Date | string, timeZone?: string): string {
  return new Date(when).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
}

/** Item pages show the exact price: "12.5" becomes "$12.50". */
export function formatPrice(price: string | number | null | undefined): string {
  const value = Number(price ?? 0);
  return `$${(Number.isFinite(value) ? value : 0).toFixed(2)}`;
}

type PricedItem = { exchangeType: 'free' | 'swap' | 'sell'; price: string | null };

/** PRODUCT §2 card badge: FREE, SWAP, or the price in whole dollars (PRODUCT §5: a sale's price is optional). */
export function exchangeBadgeLabel(item: PricedItem): string {
  if (item.exchangeType === 'free') return 'FREE';
  if (item.exchangeType === 'swap') return 'SWAP';
  return item.price === null ? 'FOR SALE' : formatWholeDollars(item.price);
}

/** PRODUCT §2 item detail price label: Free, Swap, or the exact price. */
export function exchangePriceLabel(item: PricedItem): string {
  if (item.exchangeType === 'free') return 'Free';
  if (item.exchangeType === 'swap') return 'Swap';
  return item.price === null ? 'For sale, ask for the price' : formatPrice(item.price);
}

/** Joins the parts of a place that are present: "Portland, OR, United States". */
export function formatPlace(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** "1 review", "12 reviews". */
export function reviewCount(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}
