import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_LIMITS,
  createSavedSearchSchema,
  type CreateSavedSearchInput,
  type SavedSearch,
  type SavedSearchFormValues,
} from '../../../../common/schemas/alerts.js';
import { LIMITS } from '../../../../common/limits.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { useCreateSavedSearch, useUpdateSavedSearch } from '../api/saved-searches.js';
import { AlertForm, AlertFormDialog } from './alert-form-dialog.js';
import { ChoiceField } from './choice-field.js';
import { useSaveAlert } from './use-save-alert.js';
import { categoryChoices, conditionChoices, exchangeChoices } from './choices.js';

const FIELDS = [
  'name',
  'searchTerm',
  'category',
  'condition',
  'exchangeType',
  'minPrice',
  'maxPrice',
  'maxDistance',
] as const;

/** An empty number box means "no limit". */
const optionalNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));

type SavedSearchDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  search?: SavedSearch | null;
};

/** Create or edit a saved search (Premium): a name, and a term and/or filters. */
export function SavedSearchDialog({ open, onOpenChange, search }: SavedSearchDialogProps) {
  return (
    <AlertFormDialog open={open} onOpenChange={onOpenChange}>
      {(onDone) => <SavedSearchForm key={search?.id ?? 'new'} search={search ?? null} onDone={onDone} />}
    </AlertFormDialog>
  );
}

function SavedSearchForm({ search, onDone }: { search: SavedSearch | null; onDone: () => void }) {
  const form = useForm<SavedSearchFormValues, unknown, CreateSavedSearchInput>({
    resolver: zodResolver(createSavedSearchSchema),
    defaultValues: {
      name: search?.name ?? '',
      searchTerm: search?.searchTerm ?? '',
      // Stored values came through the same schema; the server's type is just wider.
      category: (search?.category ?? '') as SavedSearchFormValues['category'],
      condition: (search?.condition ?? '') as SavedSearchFormValues['condition'],
      exchangeType: (search?.exchangeType ?? '') as SavedSearchFormValues['exchangeType'],
      minPrice: search?.minPrice ?? '',
      maxPrice: search?.maxPrice ?? '',
      maxDistance: search?.maxDistance ?? null,
      isActive: search?.isActive ?? true,
    },
  });
  const { errors } = form.formState;

  const { pending, save } = useSaveAlert({
    id: search?.id,
    create: useCreateSavedSearch(),
    update: useUpdateSavedSearch(),
    setError: form.setError,
    fields: FIELDS,
    failedTitle: search ? 'Failed to update saved search' : 'Failed to save search',
    onDone,
  });
  const onSubmit = form.handleSubmit(save);

  return (
    <AlertForm
      title={search ? 'Edit saved search' : 'New saved search'}
      description="We tell you the moment a new item matches: in the app at once, and by e-mail at most once an hour."
      submitLabel={search ? 'Save changes' : 'Save search'}
      pending={pending}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onDone}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('name')}
            maxLength={LIMITS.savedSearchName}
            placeholder="For example: Lego under $20"
            autoFocus
          />
        )}
      </FormField>
      <FormField
        label="Search term"
        error={errors.searchTerm?.message}
        hint="Words to look for in titles, brands and descriptions."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('searchTerm')}
            maxLength={ALERT_LIMITS.searchTerm}
            placeholder="Books, toys, clothes or brands"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceField
          control={form.control}
          name="category"
          label="Category"
          choices={categoryChoices}
          error={errors.category?.message}
        />
        <ChoiceField
          control={form.control}
          name="condition"
          label="Condition"
          choices={conditionChoices}
          error={errors.condition?.message}
        />
        <ChoiceField
          control={form.control}
          name="exchangeType"
          label="Exchange type"
          choices={exchangeChoices}
          error={errors.exchangeType?.message}
        />
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <FormField label="Min price ($)" error={errors.minPrice?.message}>
          {(control) => (
            <Input {...control} {...form.register('minPrice')} inputMode="decimal" placeholder="0" />
          )}
        </FormField>
        <FormField label="Max price ($)" error={errors.maxPrice?.message}>
          {(control) => (
            <Input {...control} {...form.register('maxPrice')} inputMode="decimal" placeholder="Any" />
          )}
        </FormField>
        <FormField
          label="Within (km)"
          error={errors.maxDistance?.message}
          className="col-span-2 sm:col-span-1"
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('maxDistance', { setValueAs: optionalNumber })}
              type="number"
              min={1}
              max={ALERT_LIMITS.maxDistanceKm}
              step={1}
              inputMode="numeric"
              placeholder="Any"
            />
          )}
        </FormField>
      </div>
    </AlertForm>
  );
}
