import { Link } from 'react-router';
import {
  Camera,
  CircleHelp,
  Clock,
  Flag,
  Handshake,
  KeyRound,
  LifeBuoy,
  Lock,
  Mail,
  MapPin,
  MessageCircle,
  ShieldCheck,
  Tag,
  Users,
} from 'lucide-react';
import { PRODUCT_NAME, SUPPORT } from '../../common/product-copy.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { BulletList, InfoCard, InfoHero, InfoSection } from '../features/info/components/info-page.js';
import { HELP_CENTER_FAQ } from '../features/info/faq.js';
import { mailtoUrl } from '../lib/mailto.js';
import { usePageTitle } from '../lib/use-page-title.js';

const commonIssues = [
  {
    icon: KeyRound,
    title: 'Signing in',
    text: 'Forgot your password? Use “Forgot your password?” on the sign-in page.',
  },
  {
    icon: Camera,
    title: 'Photos will not upload',
    text: 'Use JPEG, PNG, WebP or HEIC photos under 15 MB; free accounts add up to 3 per item.',
  },
  {
    icon: MapPin,
    title: 'Items not showing nearby',
    text: 'Check your city and ZIP in your profile, and the distance slider on Browse.',
  },
  {
    icon: MessageCircle,
    title: 'No reply to a message',
    text: 'Parents are busy; give it a day. Saved items stay in Favorites.',
  },
  {
    icon: Tag,
    title: 'Premium and billing',
    text: 'Manage or cancel Premium on the Premium page from the account menu.',
  },
  {
    icon: Flag,
    title: 'A member behaved badly',
    text: 'Report them from their profile; we review reports within 24 hours.',
  },
];

const guidelines = [
  'Be respectful: kind words, honest answers, and turn up when you said you would.',
  'List only safe items in good condition: nothing recalled, broken or unhygienic.',
  'Use accurate descriptions and photos of the actual item.',
  'Meet in public places, in daylight when you can.',
  'Report suspicious behaviour: it keeps every family safer.',
  'No commercial selling outside the For Sale category.',
];

/** PRODUCT §2 /support for a signed-in parent: contact, common issues, FAQ and community guidelines. */
export function SupportPage() {
  usePageTitle('Support');
  const user = useSignedInUser();
  const contact = mailtoUrl(
    SUPPORT.email,
    `${PRODUCT_NAME} support request`,
    [
      'Hello LittleLoop support,',
      '',
      'Please describe your question or problem here:',
      '',
      '',
      '---',
      `Name: ${user.firstName} ${user.lastName}`,
      `Account e-mail: ${user.email}`,
      `Account id: ${user.id}`,
    ].join('\n'),
  );
  const faq = HELP_CENTER_FAQ.flatMap((category) => category.entries).slice(0, 6);

  return (
    <>
      <InfoHero icon={LifeBuoy} title="Support">
        We are here to help, {user.firstName}.
      </InfoHero>
      <div className="mx-auto grid max-w-4xl gap-12 px-4 py-10 sm:px-6">
        <section className="grid gap-4 rounded-card bg-white p-6 text-center shadow-soft">
          <h2 className="text-2xl font-black text-ink-900">Contact support</h2>
          <p className="text-ink-700">
            Your mail app opens with a message to {SUPPORT.email}, with your account details filled in.
          </p>
          <Button asChild size="lg" className="justify-self-center">
            <a href={contact}>
              <Mail aria-hidden="true" />
              Contact Support
            </a>
          </Button>
          <p className="flex items-center justify-center gap-2 text-ink-600">
            <Clock className="size-4" aria-hidden="true" />
            We typically reply within {SUPPORT.replyHours} hours.
          </p>
        </section>

        <InfoSection id="issues-heading" title="Common issues">
          <div className="grid gap-4 sm:grid-cols-2">
            {commonIssues.map(({ icon, title, text }) => (
              <InfoCard key={title} icon={icon} title={title}>
                <p>{text}</p>
              </InfoCard>
            ))}
          </div>
        </InfoSection>

        <InfoSection id="support-faq-heading" title="Frequently asked questions">
          <div className="grid gap-2">
            {faq.map((entry) => (
              <details
                key={entry.question}
                className="rounded-card border border-ink-200 bg-white shadow-soft"
              >
                <summary className="flex min-h-11 cursor-pointer items-center p-4 font-bold text-ink-900">
                  {entry.question}
                </summary>
                <p className="px-4 pb-4 text-ink-700">{entry.answer}</p>
              </details>
            ))}
          </div>
          <p>
            <Link
              to={paths.helpCenter}
              className="inline-flex min-h-11 items-center gap-2 font-bold text-primary-700 underline"
            >
              <CircleHelp className="size-5" aria-hidden="true" />
              More answers in the Help Center
            </Link>
          </p>
        </InfoSection>

        <InfoSection id="guidelines-heading" title="Community guidelines">
          <InfoCard icon={Users} title="In the loop, we…">
            <BulletList items={guidelines} />
          </InfoCard>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button asChild variant="outline">
              <Link to={paths.safetyGuide}>
                <ShieldCheck aria-hidden="true" />
                Safety Guide
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.legal}>
                <Handshake aria-hidden="true" />
                Terms of Service
              </Link>
            </Button>
          </div>
        </InfoSection>
      </div>
    </>
  );
}

/** PRODUCT §2: /support for a visitor. */
export function SupportSignInRequired() {
  usePageTitle('Support');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Lock className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-black text-ink-900">Support</h1>
      <p className="mt-3 text-lg text-ink-600">Please sign in to access support.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={paths.auth}>Sign In</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.helpCenter}>Help Center</Link>
        </Button>
      </div>
    </section>
  );
}
