import type { NotificationSettings } from '../../../../common/schemas/reach.js';
import { controlClasses } from '../../../components/ui/input.js';
import { Switch } from '../../../components/ui/switch.js';
import { browserTimeZone } from '../../../lib/time-zone.js';
import { clockChoices, formatClock } from '../clock.js';

type QuietHours = NotificationSettings['quietHours'];

function timeZoneLine(timeZone: string | null): string {
  if (!timeZone) return 'Quiet hours begin once LittleLoop knows your time zone.';
  const place = timeZone.replace(/_/g, ' ');
  return timeZone === browserTimeZone()
    ? `Times are in ${place} time, this device's time zone.`
    : `Times are in ${place} time.`;
}

function ClockSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-bold text-ink-800">
        {label}
      </label>
      <select
        id={id}
        aria-label={`Quiet hours ${label.toLowerCase()}`}
        className={controlClasses}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {clockChoices(value).map((time) => (
          <option key={time} value={time}>
            {formatClock(time)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Quiet hours: on or off, from when to when, in which time zone. Each change is saved at once. */
export function QuietHoursFields({
  quietHours,
  timeZone,
  onChange,
}: {
  quietHours: QuietHours;
  timeZone: string | null;
  onChange: (change: Partial<QuietHours>) => void;
}) {
  return (
    <section aria-labelledby="quiet-hours-title" className="grid gap-3 py-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h3 id="quiet-hours-title" className="font-bold text-ink-900">
            <label htmlFor="quiet-hours">Quiet hours</label>
          </h3>
          <p id="quiet-hours-hint" className="text-sm text-ink-600">
            Nothing arrives in these hours; it waits until they end.
          </p>
        </div>
        <Switch
          id="quiet-hours"
          aria-describedby="quiet-hours-hint"
          checked={quietHours.enabled}
          onCheckedChange={(enabled) => onChange({ enabled })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <ClockSelect
          id="quiet-hours-start"
          label="From"
          value={quietHours.start}
          onChange={(start) => onChange({ start })}
        />
        <ClockSelect
          id="quiet-hours-end"
          label="To"
          value={quietHours.end}
          onChange={(end) => onChange({ end })}
        />
      </div>
      <p className="text-sm text-ink-600">{timeZoneLine(timeZone)}</p>
    </section>
  );
}
