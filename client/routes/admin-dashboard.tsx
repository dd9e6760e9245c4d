import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import {
  Crown,
  Flag,
  History,
  RefreshCw,
  Search,
  ShieldAlert,
  ShieldCheck,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { AccountMenu } from '../components/layout/header.js';
import { Logo } from '../components/layout/logo.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { Input } from '../components/ui/input.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import {
  useAdminReports,
  useAdminStats,
  useAdminUsers,
  useAuditLog,
  useDeleteListing,
  useDeleteReport,
  useDeleteUser,
  useModerateItem,
  useModerationQueue,
  useSetReportStatus,
  useSetUserPremium,
} from '../features/admin/api/admin.js';
import { AuditLogList } from '../features/admin/components/audit-log.js';
import { ModerationList } from '../features/admin/components/moderation-list.js';
import { ReportsTable } from '../features/admin/components/reports-table.js';
import { UsersTable } from '../features/admin/components/users-table.js';
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
  note,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  tone: string;
  note?: string | undefined;
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
        {note ? <span className="text-xs font-semibold text-ink-600">{note}</span> : null}
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
        <CardTitle level={2}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A search box that applies what was typed after a short pause. */
function SearchBox({ label, onSearch }: { label: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <label className="relative mb-4 block max-w-md">
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-3 left-3 size-5 text-ink-500" aria-hidden="true" />
      <Input
        type="search"
        value={text}
        placeholder={label}
        className="pl-10"
        onChange={(event) => setText(event.target.value)}
      />
    </label>
  );
}

/** Shows "n of total" and a button for the next page of a paged admin list. */
function MoreRows({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-ink-600">
      <span>
        Showing {shown}
        {total !== undefined ? ` of ${total}` : ''}
      </span>
      {hasMore ? (
        <Button size="sm" variant="outline" disabled={loading} onClick={onMore}>
          {loading ? <ButtonSpinner /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}

type PagedList<T> = {
  rows: T[] | undefined;
  totalCount: number | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** The loading, error and full states of one paged list, with its "Load more". */
function ListState<T>({
  what,
  list,
  children,
}: {
  what: string;
  list: PagedList<T>;
  children: (rows: T[]) => ReactNode;
}) {
  if (list.isPending) return <TableSkeleton />;
  if (list.isError || !list.rows) {
    return <LoadError what={what} error={list.error} onRetry={() => void list.refetch()} />;
  }
  return (
    <>
      {children(list.rows)}
      {list.rows.length > 0 ? (
        <MoreRows
          shown={list.rows.length}
          total={list.totalCount}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      ) : null}
    </>
  );
}

/**
 * SPEC §6 admin dashboard: the only screen an administrator sees, on every path. Non-admins
 * who somehow land here are sent to /. Besides SPEC's two tabs it holds the moderation queue
 * and the audit log (decision 011).
 */
export function AdminDashboardPage() {
  const user = useSignedInUser();
  usePageTitle('Admin Dashboard');
  const [userSearch, setUserSearch] = useState('');
  const [reportSearch, setReportSearch] = useState('');
  const stats = useAdminStats();
  const users = useAdminUsers(userSearch);
  const reports = useAdminReports(reportSearch);
  const moderation = useModerationQueue();
  const audit = useAuditLog();
  const setPremium = useSetUserPremium();
  const deleteUser = useDeleteUser();
  const setReportStatus = useSetReportStatus();
  const deleteReport = useDeleteReport();
  const moderate = useModerateItem();
  const deleteListing = useDeleteListing();
  const logout = useLogout({ title: 'Failed to logout. Please try again.' });

  if (!user.isAdmin) return <Navigate to={paths.home} replace />;

  const pendingUserId = setPremium.isPending
    ? setPremium.variables.userId
    : deleteUser.isPending
      ? deleteUser.variables.userId
      : undefined;
  const pendingReportId = setReportStatus.isPending
    ? setReportStatus.variables.reportId
    : deleteReport.isPending
      ? deleteReport.variables.reportId
      : undefined;
  const pendingItemId = moderate.isPending
    ? moderate.variables.itemId
    : deleteListing.isPending
      ? deleteListing.variables.itemId
      : undefined;
  const flagged = stats.data?.flaggedListings;

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
        className="mx-auto grid w-full max-w-6xl min-w-0 flex-1 grid-cols-1 content-start gap-6 px-4 py-8 sm:px-6"
      >
        <div>
          <h1 className="text-2xl font-black sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-ink-600">Manage members, premium access, reports and listings.</p>
        </div>

        {stats.isError ? (
          <LoadError what="statistics" error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <section aria-label="Statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              label="Total Users"
              value={stats.data?.totalUsers}
              icon={Users}
              tone="bg-primary-50 text-primary-700"
            />
            <StatCard
              label="Premium Users"
              value={stats.data?.premiumUsers}
              icon={Crown}
              tone="bg-premium-100 text-premium-800"
            />
            <StatCard
              label="Free Users"
              value={stats.data?.freeUsers}
              icon={UserRound}
              tone="bg-free-100 text-free-800"
            />
            <StatCard
              label="Reports"
              value={stats.data?.totalReports}
              icon={Flag}
              tone="bg-accent-100 text-accent-700"
              note={stats.data ? `${stats.data.pendingReports} pending` : undefined}
            />
          </section>
        )}

        <Tabs defaultValue="users" className="min-w-0">
          <TabsList
            aria-label="Dashboard sections"
            className="flex w-full flex-wrap sm:inline-flex sm:w-auto"
          >
            <TabsTrigger value="users">
              <Users aria-hidden="true" />
              Users Management
            </TabsTrigger>
            <TabsTrigger value="reports">
              <Flag aria-hidden="true" />
              Reports
            </TabsTrigger>
            <TabsTrigger value="moderation">
              <ShieldAlert aria-hidden="true" />
              Moderation
              {flagged ? (
                <Badge variant="count" aria-label={`${flagged} to review`}>
                  {flagged > 99 ? '99+' : flagged}
                </Badge>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="audit">
              <History aria-hidden="true" />
              Audit Log
            </TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <Panel
              title="Users Management"
              description="Every account, its location, status and subscription."
            >
              <SearchBox label="Search by name or email" onSearch={setUserSearch} />
              <ListState what="users" list={users}>
                {(rows) => (
                  <UsersTable
                    users={rows}
                    pendingUserId={pendingUserId}
                    onSetPremium={(target, isPremium) => setPremium.mutate({ userId: target.id, isPremium })}
                    onDelete={(target) =>
                      deleteUser.mutateAsync({ userId: target.id }).catch(() => undefined)
                    }
                  />
                )}
              </ListState>
            </Panel>
          </TabsContent>
          <TabsContent value="reports">
            <Panel title="Reports" description="Reports parents have made about other users.">
              <SearchBox label="Search reports by reason or id" onSearch={setReportSearch} />
              <ListState what="reports" list={reports}>
                {(rows) => (
                  <ReportsTable
                    reports={rows}
                    pendingReportId={pendingReportId}
                    onSetStatus={(report, status) => setReportStatus.mutate({ reportId: report.id, status })}
                    onDelete={(report) =>
                      deleteReport.mutateAsync({ reportId: report.id }).catch(() => undefined)
                    }
                  />
                )}
              </ListState>
            </Panel>
          </TabsContent>
          <TabsContent value="moderation">
            <Panel
              title="Moderation"
              description="Listings the safety rules flagged. Hidden ones stay out of sight of other families until you approve them."
            >
              <ListState what="listings to review" list={moderation}>
                {(rows) => (
                  <ModerationList
                    items={rows}
                    pendingItemId={pendingItemId}
                    onDecide={(item, decision) => moderate.mutate({ itemId: item.id, decision })}
                    onDelete={(item) => deleteListing.mutateAsync({ itemId: item.id }).catch(() => undefined)}
                  />
                )}
              </ListState>
            </Panel>
          </TabsContent>
          <TabsContent value="audit">
            <Panel title="Audit Log" description="Every administrator action: who, what, when and on what.">
              <ListState what="the audit log" list={audit}>
                {(rows) => <AuditLogList entries={rows} />}
              </ListState>
            </Panel>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
