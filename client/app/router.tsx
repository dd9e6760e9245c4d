import {
  Navigate,
  Route,
  Routes,
  ScrollRestoration,
  createBrowserRouter,
  type RouteObject,
} from 'react-router';
import type { CurrentUser } from '../../common/schemas/users.js';
import { LoadingScreen } from '../components/ui/spinner.js';
import { useCurrentUser } from '../features/auth/api/current-user.js';
import { isSigningOut } from '../features/auth/api/logout.js';
import { CurrentUserProvider } from '../features/auth/current-user-context.js';
import { errorMessage } from '../lib/api-client.js';
import { LandingPage } from '../routes/landing.js';
import { NotFoundPage } from '../routes/not-found.js';
import { lazyPage } from './lazy-page.js';
import { paths, routePatterns as p, signedInOnlyPatterns } from './paths.js';
import { ConnectionErrorScreen, RouteErrorBoundary } from './route-error.js';
import { VisitorLayout } from './visitor-layout.js';

// Every screen but the landing page and the 404 page is its own chunk, loaded when first shown
// (docs/PERFORMANCE.md): a visitor's first visit downloads only what / needs.
const MemberLayout = lazyPage(() => import('./app-layout.js'), 'MemberLayout');
const AdminDashboardPage = lazyPage(() => import('../routes/admin-dashboard.js'), 'AdminDashboardPage');
const AlertsPage = lazyPage(() => import('../routes/alerts.js'), 'AlertsPage');
const AuthPage = lazyPage(() => import('../routes/auth.js'), 'AuthPage');
const BrowsePage = lazyPage(() => import('../routes/browse.js'), 'BrowsePage');
const BulkListingPage = lazyPage(() => import('../routes/bulk-listing.js'), 'BulkListingPage');
const FavoritesPage = lazyPage(() => import('../routes/favorites.js'), 'FavoritesPage');
const HomePage = lazyPage(() => import('../routes/home.js'), 'HomePage');
const ItemDetailPage = lazyPage(() => import('../routes/item-detail.js'), 'ItemDetailPage');
const ListItemPage = lazyPage(() => import('../routes/list-item.js'), 'ListItemPage');
const MessagesPage = lazyPage(() => import('../routes/messages.js'), 'MessagesPage');
const ProfilePage = lazyPage(() => import('../routes/profile.js'), 'ProfilePage');
const ComingSoonPage = lazyPage(() => import('../routes/coming-soon.js'), 'ComingSoonPage');

/** Info pages anyone may read (SPEC §2). */
function publicInfoRoutes() {
  return (
    <>
      <Route path={p.helpCenter} element={<ComingSoonPage page="helpCenter" />} />
      <Route path={p.safetyGuide} element={<ComingSoonPage page="safetyGuide" />} />
      <Route path={p.legal} element={<ComingSoonPage page="legal" />} />
      <Route path={p.whoWeAre} element={<ComingSoonPage page="whoWeAre" />} />
    </>
  );
}

/** A visitor on a signed-in-only path is sent to sign in (SPEC §6). */
function SignInRequired() {
  // Right after signing out the router sees a visitor for ~100 ms before going to /: wait it out.
  if (isSigningOut()) return <LoadingScreen />;
  return <Navigate to={paths.auth} replace />;
}

/** SPEC §2 route table, visitor column. */
function VisitorRoutes() {
  return (
    <Routes>
      <Route element={<VisitorLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={p.auth} element={<AuthPage />} />
        <Route path={p.forgotPassword} element={<ComingSoonPage page="forgotPassword" />} />
        <Route path={p.resetPassword} element={<ComingSoonPage page="resetPassword" />} />
        {publicInfoRoutes()}
        {signedInOnlyPatterns.map((pattern) => (
          <Route key={pattern} path={pattern} element={<SignInRequired />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** SPEC §2 route table, signed-in column. */
function MemberRoutes({ user }: { user: CurrentUser }) {
  return (
    <CurrentUserProvider user={user}>
      <Routes>
        <Route element={<MemberLayout />}>
          <Route index element={<HomePage />} />
          <Route path={p.browse} element={<BrowsePage />} />
          <Route path={p.item} element={<ItemDetailPage />} />
          <Route path={p.profile} element={<ProfilePage />} />
          <Route path={p.listItem} element={<ListItemPage />} />
          <Route path={p.bulkListing} element={<BulkListingPage />} />
          <Route path={p.messages} element={<MessagesPage />} />
          <Route path={p.favorites} element={<FavoritesPage />} />
          <Route path={p.alerts} element={<AlertsPage />} />
          <Route path={p.settings} element={<ComingSoonPage page="settings" />} />
          <Route path={p.support} element={<ComingSoonPage page="support" />} />
          <Route path={p.subscribe} element={<ComingSoonPage page="subscribe" />} />
          {publicInfoRoutes()}
          {/* Signed in, the sign-in pages lead home. */}
          <Route path={p.auth} element={<Navigate to={paths.home} replace />} />
          <Route path={p.forgotPassword} element={<Navigate to={paths.home} replace />} />
          <Route path={p.resetPassword} element={<Navigate to={paths.home} replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </CurrentUserProvider>
  );
}

/**
 * Chooses the route table by sign-in state (SPEC §2): a loading screen while the current user
 * resolves, the admin dashboard on every path for administrators, then members and visitors.
 */
export function AppRoutes() {
  const currentUser = useCurrentUser();
  if (currentUser.isPending) return <LoadingScreen />;
  if (currentUser.isError) {
    return (
      <ConnectionErrorScreen
        message={errorMessage(currentUser.error) || 'Something went wrong while loading your account.'}
        onRetry={() => void currentUser.refetch()}
      />
    );
  }
  const user = currentUser.data;
  return (
    <>
      <ScrollRestoration />
      {user === null ? (
        <VisitorRoutes />
      ) : user.isAdmin ? (
        <CurrentUserProvider user={user}>
          <AdminDashboardPage />
        </CurrentUserProvider>
      ) : (
        <MemberRoutes user={user} />
      )}
    </>
  );
}

/** One catch-all route: the table above decides, and render crashes land in the boundary. */
export const appRoutes: RouteObject[] = [
  { path: '*', element: <AppRoutes />, errorElement: <RouteErrorBoundary /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
