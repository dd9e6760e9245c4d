import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
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

type ChoiceFieldProps<Values extends FieldValues, Context, Transformed extends FieldValues> = {
  control: Control<Values, Context, Transformed>;
  name: Path<Values>;
  label: string;
  choices: readonly Choice[];
  error?: string | undefined;
};

/** An optional select of a form's field whose first choice, 'Any', means no filter (sent as ''). */
export function ChoiceField<Values extends FieldValues, Context, Transformed extends FieldValues>({
  control,
  name,
  label,
  choices,
  error,
}: ChoiceFieldProps<Values, Context, Transformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField label={label} error={error}>
          {(labelled) => (
            <Select
              value={typeof field.value === 'string' && field.value ? field.value : ANY}
              onValueChange={(next) => field.onChange(next === ANY ? '' : next)}
            >
              <SelectTrigger {...labelled}>
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
      )}
    />
  );
}
