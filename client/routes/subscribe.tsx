import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Check, CircleAlert, Crown, Info, Lock, Sparkles } from 'lucide-react';
import { LIMITS, PREMIUM_PRICE_USD, PRODUCT_NAME, SUPPORT } from '../../common/limits.js';
import { hasPremium } from '../../common/premium.js';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../common/schemas/billing.js';
import type { CurrentUser } from '../../common/schemas/users.js';
import { paths } from '../app/paths.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { PageLoadError } from '../components/ui/page-load-error.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { toast } from '../components/ui/toast.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import {
  openBlankTab,
  useBillingStatus,
  useOpenBillingPortal,
  useRefreshCurrentUser,
  useStartCheckout,
} from '../features/billing/api/billing.js';
import {
  PREMIUM_FEATURE_COUNT,
  PremiumFeatureList,
} from '../features/billing/components/premium-features.js';
import { ApplyReferralForm } from '../features/referral/components/apply-referral-form.js';
import { errorMessage } from '../lib/api-client.js';
import { mailtoUrl } from '../lib/mailto.js';
import { usePageTitle } from '../lib/use-page-title.js';

const premiumIncludes = [
  `All ${PREMIUM_FEATURE_COUNT} Premium features`,
  'List items for sale',
  'Priority support',
  'Cancel anytime, no contract',
];
const freeIncludes = [
  `Free and swap listings with up to ${LIMITS.photosFree} photos`,
  'Basic messaging',
  'Search and browse',
  'Location-based discovery',
];

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** SPEC §2: the cancellation e-mail, pre-filled with the member's e-mail address and name. */
function cancellationMailto(user: CurrentUser): string {
  return mailtoUrl(
    SUPPORT.email,
    `Cancel my ${PRODUCT_NAME} Premium subscription`,
    [
      'Hello LittleLoop team,',
      '',
      'Please cancel my Premium subscription at the end of the current billing period.',
      '',
      `Account e-mail: ${user.email}`,
      `Name: ${user.firstName} ${user.lastName}`,
      '',
      'Thank you.',
    ].join('\n'),
  );
}

function CheckList({ items, tone }: { items: string[]; tone: 'premium' | 'free' }) {
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check
            className={
              tone === 'premium'
                ? 'mt-0.5 size-5 shrink-0 text-premium-700'
                : 'mt-0.5 size-5 shrink-0 text-free-700'
            }
            aria-hidden="true"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function PremiumPlanCard({ billing }: { billing: BillingStatus | undefined }) {
  const checkout = useStartCheckout();
  const configured = billing?.billingConfigured ?? false;
  return (
    <Card className="relative border-2 border-premium-300 bg-premium-50 shadow-premium">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-xl">
            <Crown className="size-6 text-premium-700" aria-hidden="true" />
            Premium
          </CardTitle>
          <Badge variant="premium">Most popular</Badge>
        </div>
        <p className="mt-2">
          <span className="text-4xl font-black text-ink-900">${PREMIUM_PRICE_USD}</span>
          <span className="text-ink-700">/month</span>
        </p>
        <CardDescription className="text-ink-700">No trial, no contract. Cancel anytime.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CheckList items={premiumIncludes} tone="premium" />
        <Button
          variant="premium"
          size="lg"
          className="w-full"
          disabled={!billing || checkout.isPending}
          aria-describedby={billing && !configured ? 'billing-not-configured' : undefined}
          onClick={() => {
            if (configured) {
              checkout.mutate(openBlankTab());
              return;
            }
            toast({ title: 'Card billing is not set up', description: BILLING_NOT_CONFIGURED });
          }}
        >
          {checkout.isPending ? <ButtonSpinner /> : <Sparkles aria-hidden="true" />}
          Start Premium
        </Button>
        {billing && !configured ? (
          <p
            id="billing-not-configured"
            className="flex items-start gap-2 rounded-control bg-white p-3 text-sm text-ink-700"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            <span>
              Card billing is not set up on this {PRODUCT_NAME} server yet, so Premium cannot be bought here.
              Ask for Premium at{' '}
              <a className="font-bold text-primary-700 underline" href={`mailto:${SUPPORT.email}`}>
                {SUPPORT.email}
              </a>
              , or apply a friend’s referral code below for a free week.
            </span>
          </p>
        ) : (
          <p className="text-sm text-ink-600">Checkout opens in a new tab, handled securely by Stripe.</p>
        )}
      </CardContent>
    </Card>
  );
}

function FreePlanCard() {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-xl">Free</CardTitle>
          <Badge variant="outline">Current plan</Badge>
        </div>
        <p className="mt-2">
          <span className="text-4xl font-black text-ink-900">$0</span>
          <span className="text-ink-700">/month</span>
        </p>
        <CardDescription>Everything you need to give away and swap.</CardDescription>
      </CardHeader>
      <CardContent>
        <CheckList items={freeIncludes} tone="free" />
      </CardContent>
    </Card>
  );
}

function UpgradeView({ billing }: { billing: BillingStatus | undefined }) {
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
          <CardContent>
            <ApplyReferralForm label="Referral code" />
          </CardContent>
        </Card>
      </section>
    </>
  );
}

/** Where a Premium nobody pays for comes from, and when it ends (nothing to cancel there). */
function grantedPremium(billing: BillingStatus): { origin: string; ends: string } {
  const until = billing.periodEndsAt ? longDate(billing.periodEndsAt) : null;
  if (billing.source === 'manual') {
    return { origin: `Granted by the ${PRODUCT_NAME} team`, ends: 'When the team switches it off' };
  }
  // A period with no subscription behind it is a referral reward; otherwise paid time left over.
  const origin =
    billing.subscriptionStatus === 'free'
      ? 'A referral reward: a free Premium week'
      : 'Time already paid for on a cancelled subscription';
  return { origin, ends: until ?? 'Soon' };
}

function ManagementCard({ billing, user }: { billing: BillingStatus; user: CurrentUser }) {
  const portal = useOpenBillingPortal();
  const paying = billing.source === 'card';
  const dateLabel = billing.renews ? 'Renews on' : 'Premium until';
  const granted = paying ? null : grantedPremium(billing);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{paying ? 'Your subscription' : 'Your Premium'}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-ink-600">Plan</dt>
            <dd className="font-bold">Premium</dd>
          </div>
          {paying ? (
            <div>
              <dt className="text-sm text-ink-600">Price</dt>
              <dd className="font-bold">${PREMIUM_PRICE_USD}/month</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-sm text-ink-600">Status</dt>
            <dd>
              <Badge variant="free">Active</Badge>
            </dd>
          </div>
          {paying && billing.periodEndsAt ? (
            <div>
              <dt className="text-sm text-ink-600">{dateLabel}</dt>
              <dd className="font-bold">{longDate(billing.periodEndsAt)}</dd>
            </div>
          ) : null}
          {granted ? (
            <>
              <div className="sm:col-span-2">
                <dt className="text-sm text-ink-600">Comes from</dt>
                <dd className="font-bold">{granted.origin}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-sm text-ink-600">Ends</dt>
                <dd className="font-bold">{granted.ends}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {paying && !billing.renews ? (
          <p className="flex items-start gap-2 rounded-control bg-premium-50 p-3 text-sm text-premium-900">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Your subscription is cancelled and will not renew. Premium stays on until the date above.
          </p>
        ) : null}
        {paying ? (
          <>
            <div className="flex flex-col gap-3 sm:flex-row">
              {billing.canManageInPortal ? (
                <Button
                  variant="outline"
                  disabled={portal.isPending}
                  onClick={() => portal.mutate(openBlankTab())}
                >
                  {portal.isPending ? <ButtonSpinner /> : null}
                  {billing.renews ? 'Cancel subscription' : 'Manage subscription'}
                </Button>
              ) : (
                <Button asChild variant="outline">
                  <a href={cancellationMailto(user)}>Cancel subscription</a>
                </Button>
              )}
            </div>
            <p className="text-sm text-ink-600">
              Cancelling stops the next payment; Premium lasts until the end of the month you paid for.
              Partial months are not refunded.
            </p>
          </>
        ) : (
          <p className="text-sm text-ink-600">
            You pay nothing for this Premium, so there is nothing to cancel. When it ends, your account goes
            back to Free and your listings stay.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function MemberView({ billing, user }: { billing: BillingStatus; user: CurrentUser }) {
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

/** SPEC §2 /subscribe for a signed-in parent: the upgrade offer, or the Premium member's view. */
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
        <UpgradeView billing={billing.data} />
      )}
    </div>
  );
}

/** SPEC §2 /subscribe for a visitor. */
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
