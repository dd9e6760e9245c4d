import { Flag } from 'lucide-react';
import { formatShortDate } from '../../../../common/format.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import type { AdminReport } from '../api/admin.js';
import { TableShell, Td, Th } from './table.js';

const statusVariant: Record<string, BadgeVariant> = {
  pending: 'warning',
  resolved: 'success',
  dismissed: 'neutral',
};

function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Pending';
}

/** SPEC §6 reports table, read-only for now (resolve, dismiss and delete come later). */
export function ReportsTable({ reports }: { reports: AdminReport[] }) {
  if (reports.length === 0) {
    return (
      <EmptyState
        icon={Flag}
        title="No reports yet"
        description="When a parent reports another user, it will appear here for review."
        headingLevel="h3"
      />
    );
  }
  return (
    <TableShell caption="User reports" minWidth="min-w-[720px]">
      <thead>
        <tr>
          <Th>ID</Th>
          <Th>Reporter ID</Th>
          <Th>Reported User ID</Th>
          <Th>Reason</Th>
          <Th>Status</Th>
          <Th>Date</Th>
        </tr>
      </thead>
      <tbody>
        {reports.map((report) => (
          <tr key={report.id} className="border-t border-ink-100">
            <Td className="font-bold">#{report.id}</Td>
            <Td>{report.reporterId}</Td>
            <Td>{report.reportedUserId}</Td>
            <Td className="max-w-72">
              <span className="block font-semibold">{report.reason}</span>
              {report.description ? <span className="block text-ink-600">{report.description}</span> : null}
            </Td>
            <Td>
              <Badge variant={statusVariant[report.status] ?? 'neutral'}>{statusLabel(report.status)}</Badge>
            </Td>
            <Td className="whitespace-nowrap text-ink-700">
              <time dateTime={report.createdAt}>{formatShortDate(report.createdAt)}</time>
            </Td>
          </tr>
        ))}
      </tbody>
    </TableShell>
  );
}
