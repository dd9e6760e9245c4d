import { Link } from 'react-router';
import {
  BadgeCheck,
  Bell,
  BookOpen,
  Bookmark,
  ChartColumn,
  Clock,
  Crown,
  Filter,
  Gift,
  Heart,
  Images,
  Layers,
  MapPin,
  MessageCircle,
  Search,
  ShieldCheck,
  Shirt,
  Sparkles,
  Tag,
  ToyBrick,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import {
  EARLY_ACCESS_HOURS,
  FEATURED_SLOTS,
  LIMITS,
  PREMIUM_PRICE_USD,
  PRODUCT_NAME,
  TAGLINE,
} from '../../common/limits.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { paths } from '../app/paths.js';
import { cn } from '../lib/cn.js';
import { usePageTitle } from '../lib/use-page-title.js';

type Feature = { icon: LucideIcon; title: string; text: string };

/** SPEC §1 advertised qualities. */
const qualities: Pick<Feature, 'icon' | 'title'>[] = [
  { icon: ShieldCheck, title: 'Safe and trusted community' },
  { icon: Gift, title: 'Easy item sharing and swapping' },
  { icon: MapPin, title: 'Location-based discovery' },
  { icon: MessageCircle, title: 'Built-in messaging' },
];

/** SPEC §1 free features. */
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

/** SPEC §1 premium benefits (eleven, as the subscribe screen counts them). */
const premiumFeatures: Feature[] = [
  {
    icon: TrendingUp,
    title: 'Priority listings',
    text: `Top of search results, plus ${FEATURED_SLOTS.min} to ${FEATURED_SLOTS.max} featured homepage slots.`,
  },
  {
    icon: Clock,
    title: 'Early access',
    text: `See new items ${EARLY_ACCESS_HOURS.min} to ${EARLY_ACCESS_HOURS.max} hours before everyone else.`,
  },
  {
    icon: Images,
    title: `Up to ${LIMITS.photosPremium} photos per item`,
    text: `Free accounts get ${LIMITS.photosFree}.`,
  },
  { icon: Layers, title: 'Bulk upload', text: 'List a whole box of items at once.' },
  { icon: Tag, title: 'Sell items', text: 'Set a price, not only give away or swap.' },
  { icon: Zap, title: 'Priority messaging', text: 'Your conversations appear first, with read receipts.' },
  { icon: Filter, title: 'Advanced filters', text: 'Filter by brand, condition and size.' },
  { icon: BadgeCheck, title: 'Verified trust badge', text: 'Show other parents you are verified.' },
  { icon: Bookmark, title: 'Saved searches', text: 'Get an instant notification when a match is listed.' },
  { icon: ChartColumn, title: 'Item analytics', text: 'Views, favourites and messages for each item.' },
  { icon: Sparkles, title: 'Referral benefits and premium support', text: 'Plus previews of new features.' },
];

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="mb-2 text-sm font-black tracking-wider text-primary-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="text-2xl font-black text-ink-900 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-lg text-ink-600">{text}</p>
    </div>
  );
}

/** A few sample listings drawn with shapes: shows the idea without photos. */
function HeroIllustration() {
  const samples = [
    {
      title: 'Picture books bundle',
      badge: 'FREE',
      variant: 'free' as const,
      icon: BookOpen,
      shape: 'bg-free-100',
    },
    {
      title: 'Wooden train set',
      badge: 'SWAP',
      variant: 'swap' as const,
      icon: ToyBrick,
      shape: 'bg-swap-100',
    },
    {
      title: 'Winter jacket, 4-6y',
      badge: '$12',
      variant: 'sell' as const,
      icon: Shirt,
      shape: 'bg-sell-100',
    },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <span className="absolute -top-6 -left-6 size-32 rounded-full bg-accent-200/60 blur-2xl" />
      <span className="absolute -right-4 -bottom-8 size-40 rounded-full bg-primary-200/70 blur-2xl" />
      <div className="relative grid gap-3">
        {samples.map((sample, index) => (
          <div
            key={sample.title}
            className={cn(
              'flex items-center gap-3 rounded-card border border-ink-200 bg-white p-3 shadow-soft',
              index === 1 && 'ml-6 sm:ml-10',
            )}
          >
            <span
              className={cn(
                'flex size-16 shrink-0 items-center justify-center rounded-control',
                sample.shape,
              )}
            >
              <sample.icon className="size-8 text-ink-700" />
            </span>
            <span className="grid min-w-0 flex-1 gap-1">
              <span className="truncate font-extrabold">{sample.title}</span>
              <span className="flex items-center gap-2 text-sm text-ink-600">
                <MapPin className="size-4" /> 1.5 km away
              </span>
            </span>
            <Badge variant={sample.variant}>{sample.badge}</Badge>
          </div>
        ))}
      </div>
    </div>
  );
}

/** SPEC §2 landing page for visitors. The header above carries the Sign In button. */
export function LandingPage() {
  usePageTitle();
  return (
    <>
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
              {TAGLINE} Give away, swap or sell children's books, toys and clothes with families nearby.
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
              {qualities.map(({ icon: Icon, title }) => (
                <li key={title} className="flex items-center gap-2 font-semibold text-ink-700">
                  <Icon className="size-5 shrink-0 text-primary-600" aria-hidden="true" />
                  {title}
                </li>
              ))}
            </ul>
          </div>
          <HeroIllustration />
        </div>
      </section>

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

      <section aria-labelledby="scenarios-heading" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="scenarios-heading"
            eyebrow="Made for real family life"
            title="How parents use LittleLoop"
            text="Small moments, big savings, and less waste."
          />
          <ul className="grid gap-4 md:grid-cols-3">
            {scenarios.map(({ icon: Icon, title, text, tone, tag }) => (
              <li
                key={title}
                className="flex flex-col gap-3 rounded-card border border-ink-200 bg-surface p-5"
              >
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

      <section aria-labelledby="premium-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="premium-heading"
          eyebrow="Premium"
          title="Go further with Premium"
          text="For busy parents who share a lot: more reach, more tools, and selling."
        />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
          <ul className="grid gap-3 sm:grid-cols-2">
            {premiumFeatures.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-card border border-ink-200 bg-white p-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-control bg-premium-100 text-premium-800">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="grid gap-0.5">
                  <h3 className="font-extrabold">{title}</h3>
                  <p className="text-sm text-ink-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
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
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="px-4 sm:px-6">
        <div className="relative mx-auto max-w-6xl overflow-hidden rounded-card bg-primary-700 px-6 py-12 text-center text-white sm:px-12">
          <span
            aria-hidden="true"
            className="absolute -top-20 -left-20 size-60 rounded-full bg-primary-600"
          />
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
    </>
  );
}
