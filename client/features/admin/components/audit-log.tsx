import { auditActionLabels, type AuditAction, type AuditEntry } from '../../../../common/schemas/admin.js';

function actionLabel(action: string): string {
  return auditActionLabels[action as AuditAction] ?? action;
}

function detailText(entry: AuditEntry): string | undefined {
  const details = entry.details;
  if (!details) return undefined;
  if (typeof details.from === 'string' && typeof details.to === 'string')
    return `${details.from} → ${details.to}`;
  if (typeof details.flagReason === 'string') return details.flagReason;
  return undefined;
}

/** The administrators' audit log (decision 011): who did what, to what, and when; newest first. */
export function AuditLogList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="grid divide-y divide-ink-100" aria-label="Administrator actions">
      {entries.map((entry) => {
        const detail = detailText(entry);
        return (
          <li key={entry.id} className="grid gap-0.5 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
            <time dateTime={entry.createdAt} className="text-sm text-ink-600">
              {new Date(entry.createdAt).toLocaleString()}
            </time>
            <p className="min-w-0 break-words text-ink-800">
              <span className="font-bold">{actionLabel(entry.action)}</span>{' '}
              <span>
                {entry.targetType} #{entry.targetId}
                {entry.targetLabel ? `: ${entry.targetLabel}` : ''}
              </span>
              {detail ? <span className="text-ink-600"> ({detail})</span> : null}
              <span className="block text-sm text-ink-600">by {entry.actorLabel}</span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
