import { FormField } from '../../../components/ui/form-field.js';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.js';

const ANY = '__any__';

export type Choice = { value: string; label: string };

type ChoiceFieldProps = {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  error?: string | undefined;
};

/** An optional select whose first choice, 'Any', means no filter (sent as ''). */
export function ChoiceField({ label, value, onChange, choices, error }: ChoiceFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Select value={value ? value : ANY} onValueChange={(next) => onChange(next === ANY ? '' : next)}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any</SelectItem>
            {choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}
