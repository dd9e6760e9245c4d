import { Flag, History, ShieldCheck, Users } from 'lucide-react';
import type { AdminReport, AuditEntry, ModerationItem } from '../../../../common/schemas/admin.js';
import type { AdminUser } from '../../../../common/schemas/users.js';
import {
  useDeleteListing,
  useDeleteReport,
  useDeleteUser,
  useModerateItem,
  useSetReportStatus,
  useSetUserPremium,
} from '../api/admin.js';
import { AuditLogList } from './audit-log.js';
import { ModerationList } from './moderation-list.js';
import { PagedAdminList, type PagedList } from './paged-admin-list.js';
import { ReportsTable } from './reports-table.js';
import { UsersTable } from './users-table.js';

// Each section owns its actions; the lists stay with the page, so a tab switch keeps them.
// A deletion answers the confirm dialog through mutateAsync; its toast has said what failed.

export function UsersSection({
  list,
  search,
  onSearch,
}: {
  list: PagedList<AdminUser>;
  /** The search the list was last asked for. */
  search: string;
  onSearch: (search: string) => void;
}) {
  const setPremium = useSetUserPremium();
  const deleteUser = useDeleteUser();
  const pendingUserId = setPremium.isPending
    ? setPremium.variables.userId
    : deleteUser.isPending
      ? deleteUser.variables.userId
      : undefined;
  return (
    <PagedAdminList
      title="Users Management"
      description="Every account, its location, status and subscription."
      search={{ label: 'Search by name or email', applied: search, onSearch }}
      what="users"
      list={list}
      empty={{ icon: Users, title: 'No users yet', description: 'New accounts will appear here.' }}
    >
      {(rows) => (
        <UsersTable
          users={rows}
          pendingId={pendingUserId}
          onSetPremium={(target, isPremium) => setPremium.mutate({ userId: target.id, isPremium })}
          onDelete={(target) => deleteUser.mutateAsync({ userId: target.id }).catch(() => undefined)}
        />
      )}
    </PagedAdminList>
  );
}

export function ReportsSection({
  list,
  search,
  onSearch,
}: {
  list: PagedList<AdminReport>;
  /** The search the list was last asked for. */
  search: string;
  onSearch: (search: string) => void;
}) {
  const setReportStatus = useSetReportStatus();
  const deleteReport = useDeleteReport();
  const pendingReportId = setReportStatus.isPending
    ? setReportStatus.variables.reportId
    : deleteReport.isPending
      ? deleteReport.variables.reportId
      : undefined;
  return (
    <PagedAdminList
      title="Reports"
      description="Reports parents have made about other users."
      search={{ label: 'Search reports by reason or id', applied: search, onSearch }}
      what="reports"
      list={list}
      empty={{
        icon: Flag,
        title: 'No reports yet',
        description: 'When a parent reports another user, it will appear here for review.',
      }}
    >
      {(rows) => (
        <ReportsTable
          reports={rows}
          pendingId={pendingReportId}
          onSetStatus={(report, status) => setReportStatus.mutate({ reportId: report.id, status })}
          onDelete={(report) => deleteReport.mutateAsync({ reportId: report.id }).catch(() => undefined)}
        />
      )}
    </PagedAdminList>
  );
}

export function ModerationSection({ list }: { list: PagedList<ModerationItem> }) {
  const moderate = useModerateItem();
  const deleteListing = useDeleteListing();
  const pendingItemId = moderate.isPending
    ? moderate.variables.itemId
    : deleteListing.isPending
      ? deleteListing.variables.itemId
      : undefined;
  return (
    <PagedAdminList
      title="Moderation"
      description="Listings the safety rules flagged. Hidden ones stay out of sight of other families until you approve them."
      what="listings to review"
      list={list}
      empty={{
        icon: ShieldCheck,
        title: 'Nothing to review',
        description: 'Listings the safety rules flag will appear here.',
      }}
    >
      {(rows) => (
        <ModerationList
          items={rows}
          pendingId={pendingItemId}
          onDecide={(item, decision) => moderate.mutate({ itemId: item.id, decision })}
          onDelete={(item) => deleteListing.mutateAsync({ itemId: item.id }).catch(() => undefined)}
        />
      )}
    </PagedAdminList>
  );
}

export function AuditSection({ list }: { list: PagedList<AuditEntry> }) {
  return (
    <PagedAdminList
      title="Audit Log"
      description="Every administrator action: who, what, when and on what."
      what="the audit log"
      list={list}
      empty={{
        icon: History,
        title: 'No actions yet',
        description: 'Every administrator action will be recorded here.',
      }}
    >
      {(rows) => <AuditLogList entries={rows} />}
    </PagedAdminList>
  );
}
