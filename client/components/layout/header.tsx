import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import {
  BellRing,
  Crown,
  Heart,
  Layers,
  LifeBuoy,
  LogOut,
  Menu,
  MessageCircle,
  Plus,
  Search,
  Settings,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { CurrentUser } from '../../../common/schemas/users.js';
import { hasPremium } from '../../../common/premium.js';
import { paths } from '../../app/paths.js';
import { cn } from '../../lib/cn.js';
import { Avatar } from '../ui/avatar.js';
import { Badge } from '../ui/badge.js';
import { Button } from '../ui/button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.js';
import { HeaderShell, HomeLink } from './visitor-header.js';

// The visitor's header lives apart so a visitor's first download leaves the member menus out.
export { VisitorHeader } from './visitor-header.js';

type NavEntry = { to: string; label: string; icon: LucideIcon };

/** PRODUCT §2 header navigation; Bulk Listing only for premium members. */
function navEntries(isPremium: boolean): NavEntry[] {
  return [
    { to: paths.browse, label: 'Browse Items', icon: Search },
    { to: paths.messages, label: 'Messages', icon: MessageCircle },
    { to: paths.favorites, label: 'Favorites', icon: Heart },
    ...(isPremium ? [{ to: paths.bulkListing, label: 'Bulk Listing', icon: Layers }] : []),
  ];
}

export function PremiumMark({ className }: { className?: string }) {
  return (
    <Badge variant="premium" className={className}>
      <Crown aria-hidden="true" />
      Premium
    </Badge>
  );
}

type AccountMenuProps = {
  user: CurrentUser;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Extra entries above Logout; the admin menu has none, the member menu has PRODUCT's list. */
  children?: ReactNode;
};

/** The avatar button with the user's menu. Its accessible name is 'Account menu'. */
export function AccountMenu({ user, onLogout, loggingOut = false, children }: AccountMenuProps) {
  const premium = hasPremium(user);
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe aria-hidden-focus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Account menu" className="relative rounded-full">
          <Avatar person={user} size="md" className={cn(premium && 'ring-2 ring-premium-400')} />
          {premium ? (
            <span className="absolute right-0 bottom-0 flex size-4 items-center justify-center rounded-full bg-premium-400 text-premium-900 ring-2 ring-white">
              <Crown className="!size-2.5" aria-hidden="true" />
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-extrabold text-ink-900">
            {user.firstName} {user.lastName}
          </span>
          <span className="block truncate text-ink-600">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {children}
        {children ? <DropdownMenuSeparator /> : null}
        <DropdownMenuItem
          destructive
          disabled={loggingOut}
          onSelect={() => {
            onLogout();
          }}
        >
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuLink({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </DropdownMenuItem>
  );
}

type MemberHeaderProps = {
  user: CurrentUser;
  onLogout: () => void;
  loggingOut?: boolean;
  /** The notification bell, wired by whoever knows the unread conversations. */
  notifications: ReactNode;
};

/**
 * PRODUCT §2, signed in: logo, Premium mark, navigation, List Item, the bell and the user menu.
 * Below the md breakpoint the navigation folds into the 'Main menu' button.
 */
export function MemberHeader({ user, onLogout, loggingOut, notifications }: MemberHeaderProps) {
  const premium = hasPremium(user);
  const entries = navEntries(premium);
  return (
    <HeaderShell>
      <HomeLink />
      {premium ? <PremiumMark className="hidden sm:inline-flex" /> : null}

      <nav aria-label="Main" className="ml-4 hidden md:block">
        <ul className="flex items-center gap-1">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center rounded-control px-3 font-bold whitespace-nowrap text-ink-700 hover:bg-ink-100 hover:text-ink-900',
                    isActive && 'bg-primary-50 text-primary-800 hover:bg-primary-100 hover:text-primary-900',
                  )
                }
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="ml-auto flex items-center gap-1">
        <Button asChild size="md" className="px-3 sm:px-4">
          <Link to={paths.listItem}>
            <Plus aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">List Item</span>
          </Link>
        </Button>
        {notifications}

        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Main menu" className="md:hidden">
              <Menu aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {premium ? (
              <>
                <DropdownMenuLabel>
                  <PremiumMark />
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
              </>
            ) : null}
            {entries.map((entry) => (
              <MenuLink key={entry.to} to={entry.to} icon={entry.icon}>
                {entry.label}
              </MenuLink>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>

        <AccountMenu user={user} onLogout={onLogout} loggingOut={loggingOut ?? false}>
          <MenuLink to={paths.profile()} icon={User}>
            Profile
          </MenuLink>
          <MenuLink to={paths.messages} icon={MessageCircle}>
            Messages
          </MenuLink>
          <MenuLink to={paths.alerts} icon={BellRing}>
            Alerts
          </MenuLink>
          <MenuLink to={paths.settings} icon={Settings}>
            Settings
          </MenuLink>
          <MenuLink to={paths.support} icon={LifeBuoy}>
            Support
          </MenuLink>
          <MenuLink to={paths.subscribe} icon={Crown}>
            Premium
          </MenuLink>
        </AccountMenu>
      </div>
    </HeaderShell>
  );
}
