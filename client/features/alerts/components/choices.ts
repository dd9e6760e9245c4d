import {
  ageRangeLabels,
  ageRanges,
  categories,
  categoryLabels,
  conditionLabels,
  conditions,
  exchangeTypeLabels,
  exchangeTypes,
} from '../../../../common/enums.js';
import type { Choice } from './choice-field.js';

export const categoryChoices: Choice[] = categories.map((value) => ({ value, label: categoryLabels[value] }));
export const conditionChoices: Choice[] = conditions.map((value) => ({
  value,
  label: conditionLabels[value],
}));
export const ageRangeChoices: Choice[] = ageRanges.map((value) => ({ value, label: ageRangeLabels[value] }));
export const exchangeChoices: Choice[] = exchangeTypes.map((value) => ({
  value,
  label: exchangeTypeLabels[value],
}));

/** The label of a stored choice, or the value itself when the list doesn't know it. */
export function choiceLabel(choices: readonly Choice[], value: string | null): string | null {
  if (!value) return null;
  return choices.find((choice) => choice.value === value)?.label ?? value;
}
