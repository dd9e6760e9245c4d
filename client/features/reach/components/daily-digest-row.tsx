import { Switch } from '../../../components/ui/switch.js';
import { formatClock } from '../clock.js';

/** One e-mail a morning, when quiet hours end, instead of news through the day. */
export function DailyDigestRow({
  digest,
  morning,
  onChange,
}: {
  digest: boolean;
  /** When the digest goes out: the end of quiet hours ('07:00'). */
  morning: string;
  onChange: (digest: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-4">
      <div>
        <h3 className="font-bold text-ink-900">
          <label htmlFor="daily-digest">Daily digest</label>
        </h3>
        <p id="daily-digest-hint" className="text-sm text-ink-600">
          One e-mail each morning at {formatClock(morning)} instead of pushes and e-mails through the day.
        </p>
      </div>
      <Switch
        id="daily-digest"
        aria-describedby="daily-digest-hint"
        checked={digest}
        onCheckedChange={onChange}
      />
    </div>
  );
}
