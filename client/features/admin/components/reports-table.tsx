import { useState } from 'react';
import { Check, Flag, Trash2, X } from 'lucide-react';
import type { ReportStatus } from '../../../../common/enums.js';
import { formatShortDate } from '../../../../common/format.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
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
      <Button
        size="sm"
        variant="outline"
        className="text-danger-700"
        disabled={pending}
        onClick={() => onDelete(report)}
        aria-label={`Delete: report #${report.id}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </span>
  );
}

type ReportsTableProps = {
  reports: AdminReport[];
  onSetStatus: (report: AdminReport, status: ReportStatus) => void;
  /** Resolves once the deletion has settled, so the confirmation can close. */
  onDelete: (report: AdminReport) => Promise<unknown>;
  /** The report whose change is in flight, if any. */
  pendingReportId: number | undefined;
};

/**
 * PRODUCT §6 reports table: mark resolved, dismiss (each disabled when the report is already in
 * that state, PRODUCT §4) or delete after a confirmation.
 */
export function ReportsTable({ reports, onSetStatus, onDelete, pendingReportId }: ReportsTableProps) {
  const [deleting, setDeleting] = useState<AdminReport | null>(null);
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
    <>
      {/* Phones get one card per report; wider screens the table. */}
      <ul className="grid gap-3 lg:hidden" aria-label="User reports">
        {reports.map((report) => (
          <li key={report.id} className="grid gap-2 rounded-card border border-ink-200 p-3">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-bold">Report #{report.id}</span>
              <Badge variant={statusVariant[report.status] ?? 'neutral'}>{statusLabel(report.status)}</Badge>
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
            <ReportActions
              report={report}
              pending={pendingReportId === report.id}
              onSetStatus={onSetStatus}
              onDelete={setDeleting}
            />
          </li>
        ))}
      </ul>
      <div className="hidden lg:block">
        <TableShell caption="User reports" minWidth="min-w-[900px]">
          <thead>
            <tr>
              <Th>ID</Th>
              <Th>Reporter ID</Th>
              <Th>Reported User ID</Th>
              <Th>Reason</Th>
              <Th>Status</Th>
              <Th>Date</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => {
              const pending = pendingReportId === report.id;
              return (
                <tr key={report.id} className="border-t border-ink-100">
                  <Td className="font-bold">#{report.id}</Td>
                  <Td className="max-w-52">
                    <ReportPerson id={report.reporterId} person={report.reporter} stacked />
                  </Td>
                  <Td className="max-w-52">
                    <ReportPerson id={report.reportedUserId} person={report.reportedUser} stacked />
                  </Td>
                  <Td className="max-w-72">
                    <span className="block font-semibold">{report.reason}</span>
                    {report.description ? (
                      <span className="block text-ink-600">{report.description}</span>
                    ) : null}
                  </Td>
                  <Td>
                    <Badge variant={statusVariant[report.status] ?? 'neutral'}>
                      {statusLabel(report.status)}
                    </Badge>
                  </Td>
                  <Td className="whitespace-nowrap text-ink-700">
                    <time dateTime={report.createdAt}>{formatShortDate(report.createdAt)}</time>
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    <ReportActions
                      report={report}
                      pending={pending}
                      onSetStatus={onSetStatus}
                      onDelete={setDeleting}
                      stacked
                    />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </TableShell>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete report #${deleting?.id ?? ''}?`}
        description="The report is removed for good. This action cannot be undone."
        confirmLabel="Delete Report"
        destructive
        pending={deleting !== null && pendingReportId === deleting.id}
        onConfirm={() => {
          if (!deleting) return;
          void onDelete(deleting).finally(() => setDeleting(null));
        }}
      />
    </>
  );
}
