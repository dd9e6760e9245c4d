/** Times of day as the settings store them ('21:00'), in 30-minute steps for the pickers. */
export const HALF_HOURS: readonly string[] = Array.from(
  { length: 48 },
  (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`,
);

/** '21:00' → '9:00 PM', the way the rest of the app writes times of day. */
export function formatClock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, hours, minutes)).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/** The picker's choices, keeping a stored time that is off the 30-minute steps. */
export function clockChoices(current: string): readonly string[] {
  return HALF_HOURS.includes(current) ? HALF_HOURS : [...HALF_HOURS, current].sort();
}
