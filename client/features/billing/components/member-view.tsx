import { Crown } from 'lucide-react';
import { type BillingStatus } from '../../../../common/schemas/billing.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { Badge } from '../../../components/ui/badge.js';
import { PremiumFeatureList } from './premium-features.js';
import { ManagementCard } from './management-card.js';

export function MemberView({ billing, user }: { billing: BillingStatus; user: CurrentUser }) {
  return (
    <>
      <header className="mx-auto max-w-2xl text-center">
        <Badge variant="premium" className="mb-4 gap-1.5 px-3 py-1 text-base">
          <Crown className="size-4" aria-hidden="true" />
          Active Premium Member
        </Badge>
        <h1 className="text-3xl font-black text-ink-900 sm:text-4xl">
          Thanks for being Premium, {user.firstName}!
        </h1>
        <p className="mt-3 text-lg text-ink-600">Every Premium feature is switched on for your account.</p>
      </header>
      <div className="mx-auto mt-10 grid max-w-5xl gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="your-features-heading">
          <h2 id="your-features-heading" className="mb-4 text-2xl font-black text-ink-900">
            Your Premium features
          </h2>
          <PremiumFeatureList compact className="sm:grid-cols-2 lg:grid-cols-2" />
        </section>
        <ManagementCard billing={billing} user={user} />
      </div>
    </>
  );
}
