import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.js';

/**
 * Puts the server's `errors[]` (docs/OPERATIONS.md error body) onto the form's own fields, so a rule
 * the server enforces reads the same as one the form checked. Returns whether any landed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const fieldError of error.fieldErrors) {
    const field = fields.find((name) => name === fieldError.path);
    if (!field) continue;
    setError(field, { type: 'server', message: fieldError.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
