import { Check, Crown, Info, Sparkles } from 'lucide-react';
import { LIMITS, PREMIUM_PRICE_USD } from '../../../../common/limits.js';
import { PRODUCT_NAME } from '../../../../common/product-copy.js';
import { BILLING_NOT_CONFIGURED, type BillingStatus } from '../../../../common/schemas/billing.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../components/ui/toast.js';
import { openBlankTab, useStartCheckout } from '../api/billing.js';
import { PREMIUM_FEATURE_COUNT } from '../../../../common/premium-features.js';
import { SupportEmailLink } from '../../../components/ui/support-email-link.js';

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

export function PremiumPlanCard({ billing }: { billing: BillingStatus | undefined }) {
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
              Ask for Premium at <SupportEmailLink />, or apply a friend’s referral code below for a free
              week.
            </span>
          </p>
        ) : (
          <p className="text-sm text-ink-600">Checkout opens in a new tab, handled securely by Stripe.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function FreePlanCard() {
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
