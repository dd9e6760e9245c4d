import { Switch } from 'radix-ui';
import { cn } from '../../../lib/cn.js';

type ActiveSwitchProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Names the alert, e.g. 'Alerts for Wooden train set'. */
  label: string;
  disabled?: boolean;
};

/** Turns one alert on or off; a 44 px target around a small track (docs/DESIGN.md). */
export function ActiveSwitch({ checked, onCheckedChange, label, disabled = false }: ActiveSwitchProps) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      className="group inline-flex min-h-11 shrink-0 items-center gap-2 rounded-control px-1 disabled:opacity-60"
    >
      <span
        className={cn(
          'relative inline-flex h-6 w-11 items-center rounded-full transition-colors',
          checked ? 'bg-primary-600' : 'bg-ink-300',
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] motion-reduce:transition-none" />
      </span>
      <span aria-hidden="true" className="w-7 text-left text-sm font-bold text-ink-700">
        {checked ? 'On' : 'Off'}
      </span>
    </Switch.Root>
  );
}
