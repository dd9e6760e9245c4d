import type { LucideIcon } from 'lucide-react';
import { Clock, ShieldCheck } from 'lucide-react';
import { SUPPORT } from '../../../../common/product-copy.js';

const RESPONSE_TIMES: { icon: LucideIcon; hours: number; what: string }[] = [
  { icon: Clock, hours: SUPPORT.helpCenterAverageHours, what: 'average response time' },
  { icon: ShieldCheck, hours: SUPPORT.reportsReviewedHours, what: 'at most before a report is reviewed' },
];

/** The help desk's promises, in hours, at the top of the help center. */
export function ResponseTimes() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {RESPONSE_TIMES.map(({ icon: Icon, hours, what }) => (
        <p key={what} className="flex items-center gap-3 rounded-card bg-white p-4 shadow-soft">
          <Icon className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
          <span>
            <strong className="block text-ink-900">{hours} hours</strong>
            <span className="text-ink-600">{what}</span>
          </span>
        </p>
      ))}
    </div>
  );
}
