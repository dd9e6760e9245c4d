/** Display rules shared by every screen (SPEC §9). */

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
 * SPEC §9 relative time on conversations: minutes under an hour, hours under a day,
 * 'Yesterday' under 48 hours, otherwise the date.
 */
export function relativeTime(when: Date | string, now: Date = new Date()): string {
  const then = new Date(when);
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 60) return minutes <= 1 ? 'Just now' : `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  if (hours < 48) return 'Yesterday';
  return then.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatMemberSince(createdAt: Date | string): string {
  return new Date(createdAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** A calendar date for tables and labels: "Jan 22, 2025". */
export function formatShortDate(when: Date | string): string {
  return new Date(when).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
