import { formatShortDate } from '../../../common/format.js';
import { useHydrated } from '../../lib/use-hydrated.js';

/**
 * "Nov 23, 2026" in the reader's time zone. A page the server rendered shows the date in UTC,
 * as the server wrote it, until the script takes over: the browser's first render must match
 * the HTML, and the reader's zone may fall on another day.
 */
export function ShortDate({ value }: { value: Date | string }) {
  const hydrated = useHydrated();
  return <>{formatShortDate(value, hydrated ? undefined : 'UTC')}</>;
}
