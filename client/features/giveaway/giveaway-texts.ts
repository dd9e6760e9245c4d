import type { Reliability } from '../../../common/schemas/giveaway.js';

/** '1 family has asked', '3 families have asked'. */
export function familiesAsked(count: number): string {
  return count === 1 ? '1 family has asked' : `${count} families have asked`;
}

/** '5 of 6 handovers', or 'No handovers yet' before any promise to them has ended. */
export function reliabilityLabel(reliability: Reliability): string {
  if (reliability.promised === 0) return 'No handovers yet';
  return `${reliability.completed} of ${reliability.promised} ${reliability.promised === 1 ? 'handover' : 'handovers'}`;
}

/** The waiting-time choices (common REQUEST_WINDOW_HOURS) as the owner reads them. */
export function windowLabel(hours: number): string {
  if (hours === 0) return 'Right away';
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const time = (when: Date) =>
  when.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * A pickup or deadline as people say it: 'Saturday 10:00' within the coming week,
 * 'Saturday, Dec 12, 10:00' further away or in the past, so a weekday is never ambiguous.
 */
export function formatWhen(value: string | Date, now: Date = new Date()): string {
  const when = new Date(value);
  const weekday = when.toLocaleDateString('en-US', { weekday: 'long' });
  const days = (when.getTime() - now.getTime()) / 86_400_000;
  if (days >= 0 && days < 6) {
    const isToday = when.toDateString() === now.toDateString();
    return `${isToday ? 'Today' : weekday} ${time(when)}`;
  }
  const date = when.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return `${weekday}, ${date}, ${time(when)}`;
}

/** 'Saturday 10:00 at Park Slope Library, 431 6th Ave': what the pair agreed, as far as they did. */
export function agreedPickup(promise: {
  scheduledAt: string | null;
  exchangeLocation: string | null;
}): string {
  const when = promise.scheduledAt ? formatWhen(promise.scheduledAt) : null;
  if (when && promise.exchangeLocation) return `${when} at ${promise.exchangeLocation}`;
  if (when) return `${when}, place not agreed yet`;
  if (promise.exchangeLocation) return `${promise.exchangeLocation}, time not agreed yet`;
  return '';
}

/** A datetime-local input's value ('2026-11-28T10:00') for a moment, in the browser's time zone. */
export function toLocalInputValue(value: string | Date): string {
  const when = new Date(value);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
}
