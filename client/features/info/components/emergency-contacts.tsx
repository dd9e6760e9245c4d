import { Flag, Mail, Phone } from 'lucide-react';
import { SUPPORT } from '../../../../common/product-copy.js';
import { InfoCard } from './info-page.js';
import { SupportEmailLink } from '../../../components/ui/support-email-link.js';

/** Whom to call or write to: the emergency number first, then the support desk and reporting. */
export function EmergencyContacts() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <InfoCard icon={Phone} title="Emergency" tone="danger">
        <p>
          In danger? Call{' '}
          <a href={`tel:${SUPPORT.emergencyNumber}`} className="font-black text-danger-700 underline">
            {SUPPORT.emergencyNumber}
          </a>{' '}
          first.
        </p>
      </InfoCard>
      <InfoCard icon={Mail} title="LittleLoop support">
        <p>
          <SupportEmailLink className="break-all" />
          <br />
          We reply within {SUPPORT.replyHours} hours.
        </p>
      </InfoCard>
      <InfoCard icon={Flag} title="Report a member">
        <p>
          Tap the <Flag className="inline size-4 align-text-bottom" aria-label="flag" /> flag icon (Report
          User) on a profile. Reports are reviewed within {SUPPORT.reportsReviewedHours} hours.
        </p>
      </InfoCard>
    </div>
  );
}
