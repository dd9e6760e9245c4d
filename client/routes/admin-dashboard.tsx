import { useState } from 'react';
import { Navigate } from 'react-router';
import { Flag, History, ShieldAlert, Users } from 'lucide-react';
import { paths } from '../app/paths.js';
import { Badge } from '../components/ui/badge.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import {
  useAdminReports,
  useAdminStats,
  useAdminUsers,
  useAuditLog,
  useModerationQueue,
} from '../features/admin/api/admin.js';
import { AdminHeader } from '../features/admin/components/admin-header.js';
import {
  AuditSection,
  ModerationSection,
  ReportsSection,
  UsersSection,
} from '../features/admin/components/admin-sections.js';
import { AdminStatsOverview } from '../features/admin/components/admin-stats.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { usePageTitle } from '../lib/use-page-title.js';

/**
 * PRODUCT §6 admin dashboard: the only screen an administrator sees, on every path. Non-admins
 * who somehow land here are sent to /. Besides PRODUCT's two tabs it holds the moderation queue
 * and the audit log (decision 011).
 */
export function AdminDashboardPage() {
  const user = useSignedInUser();
  usePageTitle('Admin Dashboard');
  const [userSearch, setUserSearch] = useState('');
  const [reportSearch, setReportSearch] = useState('');
  // The lists live here, not in their tabs, so switching tabs keeps what each has loaded.
  const stats = useAdminStats();
  const users = useAdminUsers(userSearch);
  const reports = useAdminReports(reportSearch);
  const moderation = useModerationQueue();
  const audit = useAuditLog();

  if (!user.isAdmin) return <Navigate to={paths.home} replace />;
  const flagged = stats.data?.flaggedListings;

  return (
    <div className="flex min-h-dvh flex-col">
      <AdminHeader user={user} />
      <main
        id="main"
        className="mx-auto grid w-full max-w-6xl min-w-0 flex-1 grid-cols-1 content-start gap-6 px-4 py-8 sm:px-6"
      >
        <div>
          <h1 className="text-2xl font-black sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-ink-600">Manage members, premium access, reports and listings.</p>
        </div>

        <AdminStatsOverview
          stats={stats.data}
          error={stats.isError ? stats.error : undefined}
          onRetry={() => void stats.refetch()}
        />

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
            <UsersSection list={users} search={userSearch} onSearch={setUserSearch} />
          </TabsContent>
          <TabsContent value="reports">
            <ReportsSection list={reports} search={reportSearch} onSearch={setReportSearch} />
          </TabsContent>
          <TabsContent value="moderation">
            <ModerationSection list={moderation} />
          </TabsContent>
          <TabsContent value="audit">
            <AuditSection list={audit} />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
