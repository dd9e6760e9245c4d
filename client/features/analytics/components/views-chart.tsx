import type { ViewsOnDay } from '../../../../common/schemas/analytics.js';

const CHART = { width: 300, height: 96, gap: 2 } as const;

function dayLabel(day: string): string {
  // Days are UTC calendar dates (YYYY-MM-DD): show them as such, whatever the local zone.
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The sentence the chart says to screen readers, and anyone who prefers text. */
export function viewsSummary(days: ViewsOnDay[]): string {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  if (total === 0) return `No views in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best));
  return `${total} ${total === 1 ? 'view' : 'views'} in the last ${days.length} days; the busiest day was ${dayLabel(
    busiest.day,
  )} with ${busiest.views}.`;
}

/** A small hand-made bar chart of views per day, oldest on the left. */
export function ViewsChart({ days }: { days: ViewsOnDay[] }) {
  const max = Math.max(1, ...days.map((day) => day.views));
  const barWidth = days.length > 0 ? (CHART.width - CHART.gap * (days.length - 1)) / days.length : 0;
  const summary = viewsSummary(days);
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="grid gap-1">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="h-24 w-full"
      >
        <line
          x1="0"
          x2={CHART.width}
          y1={CHART.height - 0.5}
          y2={CHART.height - 0.5}
          className="stroke-ink-300"
        />
        {days.map((day, index) => {
          const height = day.views === 0 ? 1.5 : Math.max(3, (day.views / max) * (CHART.height - 4));
          return (
            <rect
              key={day.day}
              x={index * (barWidth + CHART.gap)}
              y={CHART.height - height}
              width={barWidth}
              height={height}
              rx="1.5"
              className={day.views === 0 ? 'fill-ink-200' : 'fill-primary-500'}
            >
              <title>{`${dayLabel(day.day)}: ${day.views} ${day.views === 1 ? 'view' : 'views'}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div aria-hidden="true" className="flex justify-between text-xs text-ink-600">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      ) : null}
      <figcaption className="text-sm text-ink-700">{summary}</figcaption>
    </figure>
  );
}
