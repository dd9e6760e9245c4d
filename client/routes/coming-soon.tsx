import { Link } from 'react-router';
import {
  Clock,
  Crown,
  Heart,
  HelpCircle,
  Info,
  KeyRound,
  Layers,
  LifeBuoy,
  MessageCircle,
  Package,
  PlusCircle,
  Scale,
  Search,
  Settings,
  ShieldCheck,
  Sparkles,
  User,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { paths, type routePatterns } from '../app/paths.js';
import { usePageTitle } from '../lib/use-page-title.js';

type PlannedPage = { title: string; description: string; icon: LucideIcon };

/** Screens the router already knows but later work will build (SPEC §2). */
export const plannedPages = {
  browse: {
    title: 'Browse Items',
    description: 'Search and filter books, toys and clothes shared by families near you.',
    icon: Search,
  },
  item: {
    title: 'Item Details',
    description: 'Photos, details and the parent who listed it.',
    icon: Package,
  },
  profile: { title: 'Profile', description: 'Your listings, ratings and account details.', icon: User },
  listItem: {
    title: 'List an Item',
    description: 'Give away, swap or sell something your little one has outgrown.',
    icon: PlusCircle,
  },
  bulkListing: { title: 'Bulk Listing', description: 'List many items at once with Premium.', icon: Layers },
  messages: { title: 'Messages', description: 'Your conversations with other parents.', icon: MessageCircle },
  favorites: { title: 'Favorites', description: 'Items you saved with the heart.', icon: Heart },
  settings: {
    title: 'Account Settings',
    description: 'Notifications, invitations and your account activity.',
    icon: Settings,
  },
  support: { title: 'Support', description: 'Get help from the LittleLoop team.', icon: LifeBuoy },
  subscribe: {
    title: 'Premium',
    description: 'Priority listings, selling, bulk upload and more.',
    icon: Crown,
  },
  forgotPassword: {
    title: 'Forgot Password',
    description: 'Ask our support team to help you reset your password.',
    icon: KeyRound,
  },
  resetPassword: {
    title: 'Reset Password',
    description: 'Choose a new password for your account.',
    icon: KeyRound,
  },
  helpCenter: {
    title: 'Help Center',
    description: 'Answers to common questions about LittleLoop.',
    icon: HelpCircle,
  },
  safetyGuide: {
    title: 'Safety Guide',
    description: 'How to meet, exchange and stay safe with other parents.',
    icon: ShieldCheck,
  },
  legal: {
    title: 'Privacy Policy & Terms of Service',
    description: 'How we look after you and your data.',
    icon: Scale,
  },
  whoWeAre: { title: 'Our Story', description: 'Who we are and why we built LittleLoop.', icon: Info },
} satisfies Partial<Record<keyof typeof routePatterns, PlannedPage>>;

export type PlannedPageKey = keyof typeof plannedPages;

/** One friendly page for every screen that is not built yet, so no link dead-ends. */
export function ComingSoonPage({ page }: { page: PlannedPageKey }) {
  const { title, description, icon: Icon } = plannedPages[page];
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="relative mb-6 flex size-20 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Icon className="size-9" aria-hidden="true" />
        <Sparkles className="absolute -top-1 -right-1 size-6 text-premium-500" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-black text-ink-900">{title}</h1>
      <p className="mt-3 text-lg text-ink-600">{description}</p>
      <p className="mt-6 inline-flex items-center gap-2 rounded-card bg-premium-50 px-4 py-2 font-bold text-premium-800">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        Coming soon: we're still putting this page together.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </section>
  );
}
