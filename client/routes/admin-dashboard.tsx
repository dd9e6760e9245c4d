import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Crown, Flag, RefreshCw, ShieldCheck, UserRound, Users, type LucideIcon } from 'lucide-react';
import { AccountMenu } from '../components/layout/header.js';
import { Logo } from '../components/layout/logo.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import { useAdminReports, useAdminUsers, useSetUserPremium } from '../features/admin/api/admin.js';
import { ReportsTable } from '../features/admin/components/reports-table.js';
import { UsersTable } from '../features/admin/components/users-table.js';
import { isPremiumForAdmin } from '../features/admin/premium.js';
import { useLogout } from '../features/auth/api/logout.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { paths } from '../app/paths.js';
import { errorMessage } from '../lib/api-client.js';
import { usePageTitle } from '../lib/use-page-title.js';

function StatCard({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <Card className="flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className={`flex size-12 shrink-0 items-center justify-center rounded-control ${tone}`}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="grid">
        <span className="text-sm font-bold text-ink-600">{label}</span>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-12" />
        ) : (
          <span className="text-2xl font-black text-ink-900">{value}</span>
        )}
      </div>
    </Card>
  );
}

function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-card bg-danger-50 px-4 py-8 text-center"
    >
      <p className="font-extrabold text-danger-800">Could not load {what}.</p>
      <p className="text-danger-800">{errorMessage(error) || 'Please try again.'}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

function TableSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span className="sr-only">Loading</span>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  );
}

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * SPEC §6 admin dashboard: the only screen an administrator sees, on every path. Non-admins
 * who somehow land here are sent to /.
 */
export function AdminDashboardPage() {
  const user = useSignedInUser();
  usePageTitle('Admin Dashboard');
  const users = useAdminUsers();
  const reports = useAdminReports();
  const setPremium = useSetUserPremium();
  const logout = useLogout({ title: 'Failed to logout. Please try again.' });

  if (!user.isAdmin) return <Navigate to={paths.home} replace />;

  const allUsers = users.data;
  const premiumCount = allUsers?.filter(isPremiumForAdmin).length;
  const pendingUserId = setPremium.isPending ? setPremium.variables.userId : undefined;

  return (
    <div className="flex min-h-dvh flex-col">
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

      <main
        id="main"
        className="mx-auto grid w-full max-w-6xl flex-1 grid-cols-1 content-start gap-6 px-4 py-8 sm:px-6"
      >
        <div>
          <h1 className="text-2xl font-black sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-ink-600">Manage members, premium access and reports.</p>
        </div>

        <section aria-label="Statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label="Total Users"
            value={allUsers?.length}
            icon={Users}
            tone="bg-primary-50 text-primary-700"
          />
          <StatCard
            label="Premium Users"
            value={premiumCount}
            icon={Crown}
            tone="bg-premium-100 text-premium-800"
          />
          <StatCard
            label="Free Users"
            value={allUsers && premiumCount !== undefined ? allUsers.length - premiumCount : undefined}
            icon={UserRound}
            tone="bg-free-100 text-free-800"
          />
          <StatCard
            label="Reports"
            value={reports.data?.length}
            icon={Flag}
            tone="bg-accent-100 text-accent-700"
          />
        </section>

        <Tabs defaultValue="users">
          <TabsList aria-label="Dashboard sections">
            <TabsTrigger value="users">
              <Users aria-hidden="true" />
              Users Management
            </TabsTrigger>
            <TabsTrigger value="reports">
              <Flag aria-hidden="true" />
              Reports
            </TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <Panel
              title="Users Management"
              description="Every account, its location, status and subscription."
            >
              {users.isPending ? (
                <TableSkeleton />
              ) : users.isError ? (
                <LoadError what="users" error={users.error} onRetry={() => void users.refetch()} />
              ) : (
                <UsersTable
                  users={users.data}
                  pendingUserId={pendingUserId}
                  onSetPremium={(target, isPremium) => setPremium.mutate({ userId: target.id, isPremium })}
                />
              )}
            </Panel>
          </TabsContent>
          <TabsContent value="reports">
            <Panel title="Reports" description="Reports parents have made about other users.">
              {reports.isPending ? (
                <TableSkeleton />
              ) : reports.isError ? (
                <LoadError what="reports" error={reports.error} onRetry={() => void reports.refetch()} />
              ) : (
                <ReportsTable reports={reports.data} />
              )}
            </Panel>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
