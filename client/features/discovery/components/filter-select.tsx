import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label.js';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.js';

/** Radix Select values may not be empty, so "no filter" has a word of its own. */
const ANY = 'any';

type FilterSelectProps<T extends string> = {
  label: string;
  value: T | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  /** The "no filter" choice, e.g. 'Any category'. Omit it for a choice that always has a value. */
  anyLabel?: string;
  onChange: (value: T | undefined) => void;
  className?: string;
};

/** A labelled select for one filter; choosing the "any" entry clears the filter. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  labels,
  anyLabel,
  onChange,
  className,
}: FilterSelectProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={className ?? 'grid min-w-0 gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      <Select
        open={open}
        onOpenChange={setOpen}
        value={value ?? ANY}
        onValueChange={(next) =>
          onChange(next === ANY ? undefined : options.find((option) => option === next))
        }
      >
        <SelectTrigger id={id} className="[&>span]:truncate">
          {/* Written out rather than copied from the open list, so a page rendered on the
              server shows the choice before the script runs. */}
          <SelectValue>{value === undefined ? anyLabel : labels[value]}</SelectValue>
        </SelectTrigger>
        {open ? (
          <SelectContent>
            {anyLabel ? <SelectItem value={ANY}>{anyLabel}</SelectItem> : null}
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {labels[option]}
              </SelectItem>
            ))}
          </SelectContent>
        ) : null}
      </Select>
    </div>
  );
}
