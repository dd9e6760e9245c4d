import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Lock } from 'lucide-react';
import { hasPremium } from '../../common/premium.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { PageLoadError } from '../components/ui/page-load-error.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useBillingStatus, useRefreshCurrentUser } from '../features/billing/api/billing.js';
import { MemberView } from '../features/billing/components/member-view.js';
import { UpgradeView } from '../features/billing/components/upgrade-view.js';
import { ApplyReferralForm } from '../features/referral/components/apply-referral-form.js';
import { errorMessage } from '../lib/api-client.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2 /subscribe for a signed-in parent: the upgrade offer, or the Premium member's view. */
export function SubscribePage() {
  usePageTitle('Premium');
  const user = useSignedInUser();
  const [search] = useSearchParams();
  const checkoutDone = search.get('checkout') === 'success';
  const billing = useBillingStatus({ awaitingPayment: checkoutDone });
  const refreshUser = useRefreshCurrentUser();
  const userIsPremium = hasPremium(user);
  const billingIsPremium = billing.data?.isPremium;

  useEffect(() => {
    if (billingIsPremium !== undefined && billingIsPremium !== userIsPremium) void refreshUser();
  }, [billingIsPremium, userIsPremium, refreshUser]);

  if (billing.isError) {
    return (
      <PageLoadError
        what="your subscription"
        message={errorMessage(billing.error)}
        onRetry={() => void billing.refetch()}
      />
    );
  }
  const isPremium = billingIsPremium ?? userIsPremium;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {checkoutDone && !isPremium ? (
        <p
          role="status"
          className="mx-auto mb-8 flex max-w-2xl items-center gap-2 rounded-card bg-primary-50 p-4 font-semibold text-primary-900"
        >
          <ButtonSpinner />
          Thank you! Premium switches on as soon as Stripe confirms your payment.
        </p>
      ) : null}
      {isPremium && billing.data ? (
        <MemberView billing={billing.data} user={user} />
      ) : isPremium ? (
        <Skeleton className="mx-auto h-96 max-w-5xl" />
      ) : (
        <UpgradeView billing={billing.data} referralForm={<ApplyReferralForm label="Referral code" />} />
      )}
    </div>
  );
}

/** PRODUCT §2 /subscribe for a visitor. */
export function SubscribeSignInRequired() {
  usePageTitle('Sign In Required');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Lock className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-black text-ink-900">Sign In Required</h1>
      <p className="mt-3 text-lg text-ink-600">
        Please sign in to see Premium plans and manage your subscription.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.auth}>Sign In</Link>
      </Button>
    </section>
  );
}
