import { CircleAlert } from 'lucide-react';
import { PREMIUM_PRICE_USD } from '../../../../common/limits.js';
import { PRODUCT_NAME, SUPPORT } from '../../../../common/product-copy.js';
import { type BillingStatus } from '../../../../common/schemas/billing.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { openBlankTab, useOpenBillingPortal } from '../api/billing.js';
import { mailtoUrl } from '../../../lib/mailto.js';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** PRODUCT §2: the cancellation e-mail, pre-filled with the member's e-mail address and name. */
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

export function ManagementCard({ billing, user }: { billing: BillingStatus; user: CurrentUser }) {
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
