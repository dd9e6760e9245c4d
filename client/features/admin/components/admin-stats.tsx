import { Crown, Flag, UserRound, Users, type LucideIcon } from 'lucide-react';
import type { AdminStats } from '../../../../common/schemas/admin.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

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

/** The four counts at the top of the dashboard; each card keeps its place while they load. */
export function AdminStatsOverview({
  stats,
  error,
  onRetry,
}: {
  stats: AdminStats | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  if (error) return <LoadError title="We couldn't load the statistics" error={error} onRetry={onRetry} />;
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Total Users"
        value={stats?.totalUsers}
        icon={Users}
        tone="bg-primary-50 text-primary-700"
      />
      <StatCard
        label="Premium Users"
        value={stats?.premiumUsers}
        icon={Crown}
        tone="bg-premium-100 text-premium-800"
      />
      <StatCard
        label="Free Users"
        value={stats?.freeUsers}
        icon={UserRound}
        tone="bg-free-100 text-free-800"
      />
      <StatCard
        label="Reports"
        value={stats?.totalReports}
        icon={Flag}
        tone="bg-accent-100 text-accent-700"
        note={stats ? `${stats.pendingReports} pending` : undefined}
      />
    </section>
  );
}
