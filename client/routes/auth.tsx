import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { BadgeCheck, Heart, MapPin, MessageCircle, Repeat, ShieldCheck, type LucideIcon } from 'lucide-react';
import { PREMIUM_PRICE_USD } from '../../common/limits.js';
import { PRODUCT_NAME, TAGLINE } from '../../common/product-copy.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { SignInForm } from '../features/auth/components/sign-in-form.js';
import { SignUpForm } from '../features/auth/components/sign-up-form.js';
import { usePageTitle } from '../lib/use-page-title.js';

type Mode = 'sign-in' | 'sign-up';

const benefits: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShieldCheck,
    title: 'Safe and trusted community',
    text: 'Real parents, ratings and verified members.',
  },
  {
    icon: Repeat,
    title: 'Easy sharing and swapping',
    text: 'Give away or swap what your kids have outgrown.',
  },
  { icon: MapPin, title: 'Location-based discovery', text: 'Find books, toys and clothes close to home.' },
  {
    icon: MessageCircle,
    title: 'Built-in messaging',
    text: 'Arrange a pick-up without sharing your number.',
  },
  {
    icon: Heart,
    title: 'Free to use',
    text: `Premium extras from $${PREMIUM_PRICE_USD}/month, cancel anytime.`,
  },
];

/** PRODUCT §2 /auth: one screen, sign-in or sign-up, with the product's benefits beside it. */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('sign-in');
  const pending =
    useIsMutating({ mutationKey: ['login'] }) + useIsMutating({ mutationKey: ['register'] }) > 0;
  const signingIn = mode === 'sign-in';
  usePageTitle(signingIn ? 'Sign in' : 'Create account');

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:gap-12">
      <Card className="p-5 sm:p-8">
        <div className="mb-6 grid gap-1.5">
          <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">
            {signingIn ? 'Good to see you again' : 'Join the loop'}
          </h1>
          <p className="text-ink-600">
            {signingIn
              ? `Sign in to your ${PRODUCT_NAME} account.`
              : 'Create your free account: it takes less than a minute.'}
          </p>
        </div>

        {signingIn ? <SignInForm /> : <SignUpForm />}

        <div className="mt-6 border-t border-ink-200 pt-4 text-center">
          <Button
            variant="link"
            size="inline"
            disabled={pending}
            onClick={() => setMode(signingIn ? 'sign-up' : 'sign-in')}
            className="whitespace-normal"
          >
            {signingIn ? "Don't have an account? Sign up" : 'Already have an account? Sign in'}
          </Button>
        </div>
      </Card>

      <aside
        aria-labelledby="auth-benefits-heading"
        className="relative overflow-hidden rounded-card bg-primary-700 p-6 text-white sm:p-8"
      >
        <span
          aria-hidden="true"
          className="absolute -top-16 -right-16 size-48 rounded-full bg-primary-600/70"
        />
        <span
          aria-hidden="true"
          className="absolute -bottom-20 -left-10 size-56 rounded-full bg-primary-800/60"
        />
        <div className="relative grid gap-6">
          <div className="grid gap-2">
            <h2 id="auth-benefits-heading" className="text-2xl font-black">
              Why parents choose {PRODUCT_NAME}
            </h2>
            <p className="text-primary-50">{TAGLINE}</p>
          </div>
          <ul className="grid gap-4">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="grid">
                  <span className="font-extrabold">{title}</span>
                  <span className="text-primary-50">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="flex items-center gap-2 rounded-control bg-white/10 px-3 py-2 text-sm font-semibold">
            <BadgeCheck className="size-5 shrink-0 text-premium-300" aria-hidden="true" />
            Every exchange is between parents, with a safety guide one tap away.
          </p>
        </div>
      </aside>
    </div>
  );
}
