import {
  BookOpen,
  Gift,
  Heart,
  MapPin,
  MessageCircle,
  Search,
  ShieldCheck,
  Shirt,
  ToyBrick,
  type LucideIcon,
  Bell,
  Crown,
  Users,
} from 'lucide-react';

import { Link } from 'react-router';
import { PREMIUM_PRICE_USD } from '../../../../common/limits.js';
import {
  ADVERTISED_QUALITIES,
  PRODUCT_NAME,
  PRODUCT_PITCH,
  TAGLINE,
} from '../../../../common/product-copy.js';
import { paths } from '../../../app/paths.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { SectionHeading } from '../../../components/ui/section-heading.js';
import { cn } from '../../../lib/cn.js';
import { HeroIllustration } from './hero-illustration.js';

type Feature = { icon: LucideIcon; title: string; text: string };

/** The drawing beside each of PRODUCT §1's advertised qualities (common/product-copy.ts). */
const qualityIcons: Record<(typeof ADVERTISED_QUALITIES)[number], LucideIcon> = {
  'Safe and trusted community': ShieldCheck,
  'Easy item sharing and swapping': Gift,
  'Location-based discovery': MapPin,
  'Built-in messaging': MessageCircle,
};

function QualityIcon({ quality }: { quality: (typeof ADVERTISED_QUALITIES)[number] }) {
  const Icon = qualityIcons[quality];
  return <Icon className="size-5 shrink-0 text-primary-600" aria-hidden="true" />;
}

/** PRODUCT §1 free features. */
const freeFeatures: Feature[] = [
  {
    icon: Gift,
    title: 'List and share items',
    text: 'Give away or swap what your kids have outgrown in a few taps.',
  },
  { icon: Search, title: 'Browse', text: 'Search books, toys and clothes from families around you.' },
  {
    icon: MessageCircle,
    title: 'Secure messaging',
    text: 'Chat with other parents without sharing your number.',
  },
  { icon: MapPin, title: 'Location-based discovery', text: 'See what is available close to home first.' },
  {
    icon: Heart,
    title: 'Saved favourites',
    text: 'Keep the things you love and hear about similar items.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe meet-up locations',
    text: 'Suggested public places and clear safety guidelines.',
  },
];

const scenarios: (Feature & { tone: string; tag: string })[] = [
  {
    icon: Shirt,
    title: 'Outgrown clothes',
    tag: 'Give away',
    tone: 'bg-free-100 text-free-800',
    text: 'Your toddler shot up two sizes over the summer. Pass the bag of tiny jackets to a family down the street instead of the back of the wardrobe.',
  },
  {
    icon: ToyBrick,
    title: 'Swapping toys',
    tag: 'Swap',
    tone: 'bg-swap-100 text-swap-800',
    text: 'The building set has been finished a hundred times. Swap it for a new challenge with a parent nearby and everyone gets something fresh.',
  },
  {
    icon: BookOpen,
    title: 'Finding books',
    tag: 'Discover',
    tone: 'bg-sell-100 text-sell-800',
    text: 'Looking for bedtime stories or first readers? Browse shelves from local families and pick them up on the way home.',
  },
];

/** PRODUCT §2: the hero with its two calls to action to /auth and the advertised qualities. */
export function LandingHero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-primary-50 to-surface"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div className="grid gap-6">
          <Badge variant="primary" className="w-fit">
            <Users aria-hidden="true" />
            For parents, by parents
          </Badge>
          <h1 id="hero-heading" className="text-3xl leading-tight font-black text-ink-900 sm:text-5xl">
            Kids grow fast. <span className="text-primary-700">Pass the good stuff on.</span>
          </h1>
          <p className="text-lg text-ink-700 sm:text-xl">
            {TAGLINE} {PRODUCT_PITCH}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.auth}>Join Our Community</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.auth}>See What's Available</Link>
            </Button>
          </div>
          <ul className="grid gap-2 sm:grid-cols-2">
            {ADVERTISED_QUALITIES.map((quality) => (
              <li key={quality} className="flex items-center gap-2 font-semibold text-ink-700">
                <QualityIcon quality={quality} />
                {quality}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** PRODUCT §1 free features. */
export function FreeFeaturesSection() {
  return (
    <section aria-labelledby="free-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="free-heading"
        eyebrow="Free for every family"
        title="Everything you need to share and save"
        text={`${PRODUCT_NAME} is free to use. List, browse and message without paying a thing.`}
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {freeFeatures.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-card border border-ink-200 bg-white p-5 shadow-soft">
            <span className="mb-3 flex size-11 items-center justify-center rounded-control bg-primary-50 text-primary-700">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-extrabold">{title}</h3>
            <p className="mt-1 text-ink-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Scenario cards: the three exchanges in everyday life. */
export function ScenariosSection() {
  return (
    <section aria-labelledby="scenarios-heading" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="scenarios-heading"
          eyebrow="Made for real family life"
          title={`How parents use ${PRODUCT_NAME}`}
          text="Small moments, big savings, and less waste."
        />
        <ul className="grid gap-4 md:grid-cols-3">
          {scenarios.map(({ icon: Icon, title, text, tone, tag }) => (
            <li key={title} className="flex flex-col gap-3 rounded-card border border-ink-200 bg-surface p-5">
              <div className="flex items-center justify-between">
                <span className={cn('flex size-12 items-center justify-center rounded-full', tone)}>
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className={cn('rounded-full px-3 py-1 text-xs font-black', tone)}>{tag}</span>
              </div>
              <h3 className="text-lg font-extrabold">{title}</h3>
              <p className="text-ink-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The $2.99 price box beside the Premium features; a visitor starts by making an account. */
export function PremiumPriceBox() {
  return (
    <div className="rounded-card border-2 border-premium-300 bg-premium-50 p-6 text-center shadow-premium lg:sticky lg:top-24">
      <span className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-premium-400 text-premium-900">
        <Crown className="size-7" aria-hidden="true" />
      </span>
      <h3 className="text-xl font-black">{PRODUCT_NAME} Premium</h3>
      <p className="mt-3">
        <span className="text-5xl font-black text-ink-900">${PREMIUM_PRICE_USD}</span>
        <span className="text-lg font-bold text-ink-600">/month</span>
      </p>
      <p className="mt-2 text-ink-700">No contract. Cancel anytime.</p>
      <Button asChild variant="premium" size="lg" className="mt-5 w-full">
        <Link to={paths.auth}>Get started</Link>
      </Button>
    </div>
  );
}

/** The closing call to action. */
export function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 sm:px-6">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-card bg-primary-700 px-6 py-12 text-center text-white sm:px-12">
        <span aria-hidden="true" className="absolute -top-20 -left-20 size-60 rounded-full bg-primary-600" />
        <span
          aria-hidden="true"
          className="absolute -right-16 -bottom-24 size-64 rounded-full bg-primary-800/60"
        />
        <div className="relative mx-auto grid max-w-xl gap-4">
          <Bell className="mx-auto size-8 text-premium-300" aria-hidden="true" />
          <h2 id="cta-heading" className="text-2xl font-black sm:text-3xl">
            Ready to join the loop?
          </h2>
          <p className="text-lg text-primary-50">
            Clear the cupboards, find what your family needs next, and meet parents nearby.
          </p>
          <Button asChild size="lg" variant="secondary" className="mx-auto w-full sm:w-auto">
            <Link to={paths.auth}>Create your free account</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
