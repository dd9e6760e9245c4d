import { Check, X } from 'lucide-react';
import type { ReportStatus } from '../../../../common/enums.js';
import { formatShortDate } from '../../../../common/format.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import type { AdminReport } from '../api/admin.js';
import { DeleteRowButton, useConfirmDelete, type DeletableRows } from './confirm-delete.js';
import { ResponsiveTable, Td } from './table.js';

const statusVariant: Record<string, BadgeVariant> = {
  pending: 'warning',
  resolved: 'success',
  dismissed: 'neutral',
};

function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Pending';
}

function StatusBadge({ status }: { status: string }) {
  return <Badge variant={statusVariant[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}

/** A parent in a report: name and e-mail with the id PRODUCT's table names. */
function ReportPerson({
  id,
  person,
  stacked = false,
}: {
  id: number;
  person: AdminReport['reporter'];
  stacked?: boolean;
}) {
  if (!person) return <span>ID {id}</span>;
  if (!stacked) {
    return (
      <span className="break-words">
        {person.name} ({person.email}, ID {id})
      </span>
    );
  }
  return (
    <span className="grid">
      <span className="font-semibold text-ink-900">{person.name}</span>
      <span className="text-sm break-all text-ink-600">{person.email}</span>
      <span className="text-sm text-ink-600">ID {id}</span>
    </span>
  );
}

/** PRODUCT §6/§4: Mark Resolved and Dismiss are disabled when the report is already so; Delete asks first. */
function ReportActions({
  report,
  pending,
  onSetStatus,
  onDelete,
  stacked = false,
}: {
  report: AdminReport;
  pending: boolean;
  onSetStatus: (report: AdminReport, status: ReportStatus) => void;
  onDelete: (report: AdminReport) => void;
  /** One above the other, to keep the table's last column narrow. */
  stacked?: boolean;
}) {
  return (
    <span className={stacked ? 'grid gap-2' : 'inline-flex flex-wrap gap-2'}>
      <Button
        size="sm"
        variant="outline"
        disabled={pending || report.status === 'resolved'}
        onClick={() => onSetStatus(report, 'resolved')}
        aria-label={`Mark Resolved: report #${report.id}`}
      >
        <Check aria-hidden="true" />
        Mark Resolved
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={pending || report.status === 'dismissed'}
        onClick={() => onSetStatus(report, 'dismissed')}
        aria-label={`Dismiss: report #${report.id}`}
      >
        <X aria-hidden="true" />
        Dismiss
      </Button>
      <DeleteRowButton what={`report #${report.id}`} disabled={pending} onClick={() => onDelete(report)} />
    </span>
  );
}

type ReportsTableProps = DeletableRows<AdminReport> & {
  reports: AdminReport[];
  onSetStatus: (report: AdminReport, status: ReportStatus) => void;
};

/**
 * PRODUCT §6 reports table: mark resolved, dismiss (each disabled when the report is already in
 * that state, PRODUCT §4) or delete after a confirmation.
 */
export function ReportsTable({ reports, onSetStatus, onDelete, pendingId }: ReportsTableProps) {
  const confirmDelete = useConfirmDelete<AdminReport>({
    title: (report) => `Delete report #${report?.id ?? ''}?`,
    description: 'The report is removed for good. This action cannot be undone.',
    confirmLabel: 'Delete Report',
    pendingId,
    onDelete,
  });
  const actions = (report: AdminReport, stacked?: boolean) => (
    <ReportActions
      report={report}
      pending={pendingId === report.id}
      onSetStatus={onSetStatus}
      onDelete={confirmDelete.ask}
      stacked={stacked}
    />
  );
  return (
    <>
      <ResponsiveTable
        caption="User reports"
        columns={['ID', 'Reporter ID', 'Reported User ID', 'Reason', 'Status', 'Date']}
        rows={reports}
        card={(report) => (
          <>
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-bold">Report #{report.id}</span>
              <StatusBadge status={report.status} />
              <time dateTime={report.createdAt} className="text-sm text-ink-600">
                {formatShortDate(report.createdAt)}
              </time>
            </span>
            <span className="font-semibold break-words">{report.reason}</span>
            {report.description ? (
              <span className="break-words text-ink-600">{report.description}</span>
            ) : null}
            <dl className="grid gap-1 text-sm text-ink-700">
              <div>
                <dt className="inline font-bold">Reporter: </dt>
                <dd className="inline">
                  <ReportPerson id={report.reporterId} person={report.reporter} />
                </dd>
              </div>
              <div>
                <dt className="inline font-bold">Reported user: </dt>
                <dd className="inline">
                  <ReportPerson id={report.reportedUserId} person={report.reportedUser} />
                </dd>
              </div>
            </dl>
            {actions(report)}
          </>
        )}
        cells={(report) => (
          <>
            <Td className="font-bold">#{report.id}</Td>
            <Td className="max-w-52">
              <ReportPerson id={report.reporterId} person={report.reporter} stacked />
            </Td>
            <Td className="max-w-52">
              <ReportPerson id={report.reportedUserId} person={report.reportedUser} stacked />
            </Td>
            <Td className="max-w-72">
              <span className="block font-semibold">{report.reason}</span>
              {report.description ? <span className="block text-ink-600">{report.description}</span> : null}
            </Td>
            <Td>
              <StatusBadge status={report.status} />
            </Td>
            <Td className="whitespace-nowrap text-ink-700">
              <time dateTime={report.createdAt}>{formatShortDate(report.createdAt)}</time>
            </Td>
            <Td className="text-right whitespace-nowrap">{actions(report, true)}</Td>
          </>
        )}
      />
      {confirmDelete.dialog}
    </>
  );
}
