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

/** The dashboard's tiles: which count each shows, with its icon and colour. */
const STAT_TILES: {
  label: string;
  count: 'totalUsers' | 'premiumUsers' | 'freeUsers' | 'totalReports';
  icon: LucideIcon;
  tone: string;
  note?: (stats: AdminStats) => string;
}[] = [
  { label: 'Total Users', count: 'totalUsers', icon: Users, tone: 'bg-primary-50 text-primary-700' },
  { label: 'Premium Users', count: 'premiumUsers', icon: Crown, tone: 'bg-premium-100 text-premium-800' },
  { label: 'Free Users', count: 'freeUsers', icon: UserRound, tone: 'bg-free-100 text-free-800' },
  {
    label: 'Reports',
    count: 'totalReports',
    icon: Flag,
    tone: 'bg-accent-100 text-accent-700',
    note: (stats) => `${stats.pendingReports} pending`,
  },
];

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
      {STAT_TILES.map((tile) => (
        <StatCard
          key={tile.label}
          label={tile.label}
          value={stats?.[tile.count]}
          icon={tile.icon}
          tone={tile.tone}
          note={stats && tile.note ? tile.note(stats) : undefined}
        />
      ))}
    </section>
  );
}
