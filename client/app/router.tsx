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
import { AdminDashboardPage } from '../routes/admin-dashboard.js';
import { AlertsPage } from '../routes/alerts.js';
import { AuthPage } from '../routes/auth.js';
import { BrowsePage } from '../routes/browse.js';
import { BulkListingPage } from '../routes/bulk-listing.js';
import { FavoritesPage } from '../routes/favorites.js';
import { ForgotPasswordPage } from '../routes/forgot-password.js';
import { HelpCenterPage } from '../routes/help-center.js';
import { HomePage } from '../routes/home.js';
import { ItemDetailPage } from '../routes/item-detail.js';
import { LandingPage } from '../routes/landing.js';
import { LegalPage } from '../routes/legal.js';
import { ListItemPage } from '../routes/list-item.js';
import { MessagesPage } from '../routes/messages.js';
import { NotFoundPage } from '../routes/not-found.js';
import { ProfilePage } from '../routes/profile.js';
import { SettingsPage } from '../routes/settings.js';
import { VerifyEmailPage } from '../routes/verify-email.js';
import { ResetPasswordPage } from '../routes/reset-password.js';
import { SafetyGuidePage } from '../routes/safety-guide.js';
import { SubscribePage, SubscribeSignInRequired } from '../routes/subscribe.js';
import { SupportPage, SupportSignInRequired } from '../routes/support.js';
import { WhoWeArePage } from '../routes/who-we-are.js';
import { MemberLayout, VisitorLayout } from './app-layout.js';
import { paths, routePatterns as p, signedInOnlyPatterns } from './paths.js';
import { ConnectionErrorScreen, RouteErrorBoundary } from './route-error.js';

/** Info pages anyone may read (SPEC §2). */
function publicInfoRoutes() {
  return (
    <>
      <Route path={p.helpCenter} element={<HelpCenterPage />} />
      <Route path={p.safetyGuide} element={<SafetyGuidePage />} />
      <Route path={p.legal} element={<LegalPage />} />
      <Route path={p.whoWeAre} element={<WhoWeArePage />} />
    </>
  );
}

/** Signed-in-only paths that redirect visitors; /support and /subscribe explain instead. */
const explainsSignIn = (pattern: string) => pattern !== p.support && pattern !== p.subscribe;

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
        <Route path={p.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={p.resetPassword} element={<ResetPasswordPage />} />
        <Route path={p.verifyEmail} element={<VerifyEmailPage signedIn={false} />} />
        {publicInfoRoutes()}
        {/* SPEC §2: these two explain that signing in is needed instead of redirecting. */}
        <Route path={p.support} element={<SupportSignInRequired />} />
        <Route path={p.subscribe} element={<SubscribeSignInRequired />} />
        {signedInOnlyPatterns.filter(explainsSignIn).map((pattern) => (
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
          <Route path={p.settings} element={<SettingsPage />} />
          <Route path={p.verifyEmail} element={<VerifyEmailPage signedIn />} />
          <Route path={p.support} element={<SupportPage />} />
          <Route path={p.subscribe} element={<SubscribePage />} />
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
