import type { ReactNode } from 'react';
import { Crown } from 'lucide-react';
import { PREMIUM_PRICE_USD } from '../../../../common/limits.js';
import { PRODUCT_NAME } from '../../../../common/product-copy.js';
import { type BillingStatus } from '../../../../common/schemas/billing.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { PREMIUM_FEATURE_COUNT } from '../../../../common/premium-features.js';
import { PremiumFeatureList } from './premium-features.js';
import { PremiumPlanCard, FreePlanCard } from './plan-cards.js';

/** The offer to a parent without Premium; the referral form belongs to referrals, so the page hands it in. */
export function UpgradeView({
  billing,
  referralForm,
}: {
  billing: BillingStatus | undefined;
  referralForm: ReactNode;
}) {
  return (
    <>
      <header className="mx-auto max-w-2xl text-center">
        <span className="mx-auto mb-4 flex size-16 items-center justify-center rounded-full bg-premium-400 text-premium-900">
          <Crown className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-black text-ink-900 sm:text-4xl">Upgrade to {PRODUCT_NAME} Premium</h1>
        <p className="mt-3 text-lg text-ink-600">
          {PREMIUM_FEATURE_COUNT} features that help your listings find families faster, for $
          {PREMIUM_PRICE_USD} a month.
        </p>
      </header>

      <section aria-labelledby="plans-heading" className="mt-10">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          <PremiumPlanCard billing={billing} />
          <FreePlanCard />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mt-12">
        <h2 id="features-heading" className="mb-4 text-2xl font-black text-ink-900">
          {PREMIUM_FEATURE_COUNT} Premium features
        </h2>
        <PremiumFeatureList />
      </section>

      <section aria-labelledby="referral-heading" className="mx-auto mt-12 max-w-2xl">
        <Card>
          <CardHeader>
            <CardTitle id="referral-heading" className="text-xl">
              Have a referral code?
            </CardTitle>
            <CardDescription>
              Enter a friend’s code and you both get 1 week of free Premium, once you have verified your
              e-mail and listed an item or completed a handover.
            </CardDescription>
          </CardHeader>
          <CardContent>{referralForm}</CardContent>
        </Card>
      </section>
    </>
  );
}
