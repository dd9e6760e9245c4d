import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { paths } from '../../../app/paths.js';
import { AccountMenu } from '../../../components/layout/header.js';
import { Logo } from '../../../components/layout/logo.js';
import { Badge } from '../../../components/ui/badge.js';
import { useLogout } from '../../auth/api/logout.js';

/** The administrator's own header: the dashboard is their only screen, so no site navigation. */
export function AdminHeader({ user }: { user: CurrentUser }) {
  const logout = useLogout({ title: 'Failed to logout. Please try again.' });
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <Link to={paths.home} className="-ml-1 flex min-h-11 shrink-0 items-center rounded-control px-1">
          <Logo />
        </Link>
        <Badge variant="primary">
          <ShieldCheck aria-hidden="true" />
          Admin
        </Badge>
        <div className="ml-auto">
          <AccountMenu user={user} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
        </div>
      </div>
    </header>
  );
}
