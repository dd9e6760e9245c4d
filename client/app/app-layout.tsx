import { Outlet } from 'react-router';
import { Footer } from '../components/layout/footer.js';
import { MemberHeader, VisitorHeader } from '../components/layout/header.js';
import { NotificationBell } from '../components/layout/notification-bell.js';
import { useLogout } from '../features/auth/api/logout.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { paths } from './paths.js';

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-control bg-primary-700 px-4 py-3 font-bold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

/** Header, page and footer for visitors. */
export function VisitorLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <VisitorHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Header, page and footer for signed-in members. */
export function MemberLayout() {
  const user = useSignedInUser();
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <MemberHeader
        user={user}
        onLogout={() => logout.mutate()}
        loggingOut={logout.isPending}
        // Messaging is not built yet: no unread conversations until it is wired in here.
        notifications={<NotificationBell count={0} conversations={[]} messagesHref={paths.messages} />}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer signedIn />
    </div>
  );
}
