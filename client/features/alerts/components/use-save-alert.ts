import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/form-errors.js';
import { handleApiError } from '../../../lib/handle-api-error.js';

/** What the form needs of a create or an update mutation. */
type Saver<TVariables> = {
  isPending: boolean;
  mutate: (
    variables: TVariables,
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
};

/**
 * Saving a saved search or a Wanted post: an update when it exists, else a create; the server's
 * field errors go to their fields, anything else to a toast, and success closes the form.
 */
export function useSaveAlert<TValues extends FieldValues, TInput>({
  id,
  create,
  update,
  setError,
  fields,
  failedTitle,
  onDone,
}: {
  /** The saved one's id; undefined while creating. */
  id: number | undefined;
  create: Saver<TInput>;
  update: Saver<{ id: number; input: TInput }>;
  setError: UseFormSetError<TValues>;
  fields: readonly Path<TValues>[];
  failedTitle: string;
  onDone: () => void;
}) {
  const onError = (error: unknown) => {
    if (!applyServerFieldErrors(error, setError, fields)) handleApiError(error, { title: failedTitle });
  };
  return {
    pending: create.isPending || update.isPending,
    save: (values: TInput) => {
      if (id !== undefined) update.mutate({ id, input: values }, { onSuccess: onDone, onError });
      else create.mutate(values, { onSuccess: onDone, onError });
    },
  };
}
