import { Link } from 'react-router';
import { ArrowRight, MessageCircle, PlusCircle, Search, type LucideIcon } from 'lucide-react';
import { paths } from '../../../app/paths.js';

const quickActions: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    to: paths.listItem,
    title: 'List an Item',
    text: 'Give away, swap or sell in a minute.',
    icon: PlusCircle,
  },
  { to: paths.browse, title: 'Browse Items', text: 'See what families nearby are sharing.', icon: Search },
  { to: paths.messages, title: 'Messages', text: 'Pick up where you left off.', icon: MessageCircle },
];

/** PRODUCT §2 Quick Actions: List an Item, Browse Items, Messages. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions" className="grid gap-3 sm:gap-4">
      <h2 id="quick-actions" className="text-xl font-black">
        Quick Actions
      </h2>
      {/* Three across on a phone too, titles only, so the items start within the first screen. */}
      <ul className="grid grid-cols-3 gap-2 sm:gap-3">
        {quickActions.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col items-center gap-2 rounded-card border border-ink-200 bg-white p-3 text-center shadow-soft transition-colors hover:border-primary-300 hover:bg-primary-50 sm:flex-row sm:gap-4 sm:p-4 sm:text-left"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-control bg-primary-50 text-primary-700 group-hover:bg-white sm:size-12">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="grid flex-1">
                <span className="text-sm leading-tight font-extrabold text-ink-900 sm:text-base">
                  {title}
                </span>
                <span className="hidden text-sm text-ink-600 sm:block">{text}</span>
              </span>
              <ArrowRight
                className="hidden size-5 shrink-0 text-ink-400 group-hover:text-primary-700 sm:block"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
