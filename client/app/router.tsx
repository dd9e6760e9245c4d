import type { QueryClient } from '@tanstack/react-query';
import {
  Navigate,
  Route,
  Routes,
  ScrollRestoration,
  createBrowserRouter,
  matchPath,
  type RouteObject,
} from 'react-router';
import type { CurrentUser } from '../../common/schemas/users.js';
import { LoadingScreen } from '../components/ui/spinner.js';
import { currentUserQuery, useCurrentUser } from '../features/auth/api/current-user.js';
import { CurrentUserProvider } from '../features/auth/current-user-context.js';
import { errorMessage } from '../lib/api-client.js';
import { parseId } from '../lib/parse-id.js';
import { LandingPage } from '../routes/landing.js';
import { NotFoundPage } from '../routes/not-found.js';
import { lazyPage } from './lazy-page.js';
import { paths, routePatterns as p, signedInOnlyPatterns } from './paths.js';
import { ConnectionErrorScreen, RouteErrorBoundary } from './route-error.js';
import { SignedInFromAuth, SignInRequired } from './sign-in-required.js';
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
const SettingsPage = lazyPage(() => import('../routes/settings.js'), 'SettingsPage');
const VerifyEmailPage = lazyPage(() => import('../routes/verify-email.js'), 'VerifyEmailPage');
const UnsubscribePage = lazyPage(() => import('../routes/unsubscribe.js'), 'UnsubscribePage');
const ForgotPasswordPage = lazyPage(() => import('../routes/forgot-password.js'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../routes/reset-password.js'), 'ResetPasswordPage');
const SubscribePage = lazyPage(() => import('../routes/subscribe.js'), 'SubscribePage');
const SubscribeSignInRequired = lazyPage(() => import('../routes/subscribe.js'), 'SubscribeSignInRequired');
const SupportPage = lazyPage(() => import('../routes/support.js'), 'SupportPage');
const SupportSignInRequired = lazyPage(() => import('../routes/support.js'), 'SupportSignInRequired');
// The info pages: text a visitor reads, each its own small chunk.
const HelpCenterPage = lazyPage(() => import('../routes/help-center.js'), 'HelpCenterPage');
const SafetyGuidePage = lazyPage(() => import('../routes/safety-guide.js'), 'SafetyGuidePage');
const LegalPage = lazyPage(() => import('../routes/legal.js'), 'LegalPage');
const WhoWeArePage = lazyPage(() => import('../routes/who-we-are.js'), 'WhoWeArePage');

/**
 * A first visit whose page was not rendered at build time is, on these paths, almost always a
 * signed-in parent's (the server sends visitors the rendered landing page). Rather than the
 * chain current user → member layout → screen → its data → its photos, fetch the layout and
 * the screen's code beside the current-user call, and the screen's data as soon as the user
 * is known (docs/PERFORMANCE.md, "Paint").
 */
export function preloadSignedInScreen(queryClient: QueryClient, { pathname, search }: Location): void {
  const home = matchPath('/', pathname);
  const browse = matchPath(`/${p.browse}`, pathname);
  const item = matchPath(`/${p.item}`, pathname);
  if (!home && !browse && !item) return;
  const user = queryClient.fetchQuery(currentUserQuery()).catch(() => null);
  // A failure here is only a lost head start: the screen asks again when it renders.
  const forMember = <Data,>(load: Promise<Data>, prefetch: (data: Data, member: CurrentUser) => unknown) =>
    void Promise.all([load, user])
      .then(([data, signedIn]) => (signedIn && !signedIn.isAdmin ? prefetch(data, signedIn) : undefined))
      .catch(() => undefined);
  void MemberLayout.preload();
  if (home) void HomePage.preload();
  if (browse) {
    void BrowsePage.preload();
    forMember(import('../features/discovery/api/prefetch-browse.js'), (data, member) =>
      data.prefetchBrowseResults(queryClient, member, search),
    );
  }
  const itemId = parseId(item?.params.id);
  if (itemId !== undefined) {
    void ItemDetailPage.preload();
    forMember(import('../features/items/api/get-items.js'), (data) =>
      queryClient.prefetchQuery(data.itemQuery(itemId)),
    );
  }
}

/**
 * The code of a page rendered beforehand (at build time for visitors, by the server for a
 * signed-in parent): the layout and the screen. Hydrating once it is here takes the whole page
 * over in one pass (lazy-page.tsx renders code already here at once), so a tap on the HTML is
 * answered as soon as React attaches, never lost in a part still waiting for its code.
 */
export function loadRenderedScreen(pathname: string, { signedIn }: { signedIn: boolean }): Promise<unknown> {
  const screens: [string, { preload: () => Promise<void> }][] = signedIn
    ? [
        [p.item, ItemDetailPage],
        [p.browse, BrowsePage],
      ]
    : [
        [p.auth, AuthPage],
        [p.helpCenter, HelpCenterPage],
        [p.safetyGuide, SafetyGuidePage],
        [p.legal, LegalPage],
        [p.whoWeAre, WhoWeArePage],
        [p.support, SupportSignInRequired],
      ];
  const screen = screens.find(([pattern]) => matchPath(`/${pattern}`, pathname))?.[1];
  return Promise.all([signedIn ? MemberLayout.preload() : undefined, screen?.preload()]);
}

/** Info pages anyone may read (PRODUCT §2). */
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

/** PRODUCT §2 route table, visitor column. */
function VisitorRoutes() {
  return (
    <Routes>
      <Route element={<VisitorLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={p.auth} element={<AuthPage />} />
        <Route path={p.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={p.resetPassword} element={<ResetPasswordPage />} />
        <Route path={p.verifyEmail} element={<VerifyEmailPage signedIn={false} />} />
        <Route path={p.unsubscribe} element={<UnsubscribePage />} />
        {publicInfoRoutes()}
        {/* PRODUCT §2: these two explain that signing in is needed instead of redirecting. */}
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

/** PRODUCT §2 route table, signed-in column. */
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
          <Route path={p.unsubscribe} element={<UnsubscribePage />} />
          <Route path={p.support} element={<SupportPage />} />
          <Route path={p.subscribe} element={<SubscribePage />} />
          {publicInfoRoutes()}
          {/* Signed in, the sign-in pages lead home. */}
          <Route path={p.auth} element={<SignedInFromAuth />} />
          <Route path={p.forgotPassword} element={<Navigate to={paths.home} replace />} />
          <Route path={p.resetPassword} element={<Navigate to={paths.home} replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </CurrentUserProvider>
  );
}

/**
 * Chooses the route table by sign-in state (PRODUCT §2): a loading screen while the current user
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
