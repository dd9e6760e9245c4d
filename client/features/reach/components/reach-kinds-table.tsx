import { reachKindLabels, reachKinds, type ReachKind } from '../../../../common/reach.js';
import type { ChannelSwitches, NotificationSettings } from '../../../../common/schemas/reach.js';

type Channel = keyof ChannelSwitches;

const channels: { channel: Channel; heading: string; by: string }[] = [
  { channel: 'push', heading: 'Push', by: 'by push' },
  { channel: 'email', heading: 'E-mail', by: 'by e-mail' },
];

/**
 * 'What to hear about': one row per kind, a Push and an E-mail checkbox each. A change is
 * handed to `onChange` at once; the caller saves it.
 */
export function ReachKindsTable({
  kinds,
  onChange,
}: {
  kinds: NotificationSettings['kinds'];
  onChange: (kind: ReachKind, channel: Channel, on: boolean) => void;
}) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">What to hear about, by push and by e-mail</caption>
      <thead>
        <tr className="text-xs font-bold tracking-wide text-ink-600 uppercase">
          <td />
          {channels.map(({ channel, heading }) => (
            <th key={channel} scope="col" className="w-14 pb-1 text-center font-bold sm:w-20">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {reachKinds.map((kind) => {
          const { label, hint } = reachKindLabels[kind];
          const hintId = `reach-kind-${kind}-hint`;
          return (
            <tr key={kind}>
              <th scope="row" className="py-2 pr-2 font-normal">
                <span className="block font-bold text-ink-900">{label}</span>
                <span id={hintId} className="block text-sm text-ink-600">
                  {hint}
                </span>
              </th>
              {channels.map(({ channel, by }) => (
                <td key={channel} className="text-center">
                  <label className="inline-flex size-11 cursor-pointer items-center justify-center rounded-control hover:bg-ink-50">
                    <input
                      type="checkbox"
                      aria-label={`${label} ${by}`}
                      aria-describedby={hintId}
                      checked={kinds[kind][channel]}
                      onChange={(event) => onChange(kind, channel, event.target.checked)}
                      className="size-5 cursor-pointer accent-primary-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
                    />
                  </label>
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
