/**
 * When a parent may be reached, in her own time zone. Times are 'HH:MM'; a span whose start
 * is after its end (21:00–07:00) runs over midnight.
 */

const MINUTES_PER_DAY = 24 * 60;

export type QuietHours = { enabled: boolean; start: string; end: string };

export function minutesOfDay(clockTime: string): number {
  const [hours = 0, minutes = 0] = clockTime.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The wall-clock minute of the day at `instant` in `timeZone` (0–1439). */
export function localMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

function isWithin(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The next instant (after `instant`, to the minute) when the local clock reads `clockTime`. */
export function nextLocalTime(instant: Date, timeZone: string, clockTime: string): Date {
  const now = localMinutes(instant, timeZone);
  const wait = (minutesOfDay(clockTime) - now + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;
  const startOfMinute = Math.floor(instant.getTime() / 60_000) * 60_000;
  // Across a daylight-saving change this is an hour off, once a year; the news still arrives.
  return new Date(startOfMinute + wait * 60_000);
}

/**
 * When news may go out: now, or the end of quiet hours when they hold it. Without a known
 * time zone nothing is held: a bedtime guessed wrong would hold the day's news instead.
 */
export function heldUntil(instant: Date, timeZone: string | null, quiet: QuietHours): Date | null {
  if (!quiet.enabled || !timeZone) return null;
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  if (!isWithin(localMinutes(instant, timeZone), start, end)) return null;
  return nextLocalTime(instant, timeZone, quiet.end);
}

/** A digest goes out in the hour after quiet hours end (07:00–08:00 by default). */
const DIGEST_WINDOW_MINUTES = 60;

/** Whether a digest may go out now, or else when the next one will. */
export function digestTime(
  instant: Date,
  timeZone: string | null,
  quietEnd: string,
): { now: true } | { now: false; at: Date } {
  const zone = timeZone ?? 'UTC';
  const start = minutesOfDay(quietEnd);
  if (isWithin(localMinutes(instant, zone), start, (start + DIGEST_WINDOW_MINUTES) % MINUTES_PER_DAY))
    return { now: true };
  return { now: false, at: nextLocalTime(instant, zone, quietEnd) };
}
