import type { FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from 'zod';
import { Crown, Info, Plus, Trash2 } from 'lucide-react';
import { exchangeTypes } from '../../../../common/enums.js';
import { LIMITS, PREMIUM_PRICE_USD } from '../../../../common/limits.js';
import { hasPremium } from '../../../../common/premium.js';
import { bulkListingSchema } from '../../../../common/schemas/items.js';
import { maxPhotos } from '../../../../common/items.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toast } from '../../../components/ui/toast.js';
import { applyServerFieldErrors } from '../../../lib/form-errors.js';
import { handleApiError, redirectToLogin } from '../../../lib/handle-api-error.js';
import { isUnauthorizedError } from '../../../lib/api-client.js';
import { useSignedInUser } from '../../auth/current-user-context.js';
import { useCreateBulkListing, type BulkListingPayload } from '../api/create-bulk-listing.js';
import { UPLOAD_FAILED_MESSAGE, useUploadImages } from '../api/upload-images.js';
import {
  CategoryConditionFields,
  checkSalePrice,
  chosen,
  ExchangeTypeCards,
  FormSection,
  PremiumSellWarning,
  PriceField,
} from './item-form-fields.js';
import { PhotoPicker, usePhotoList, type PickedPhoto } from './photo-picker.js';

const bulk = bulkListingSchema.shape;

/** The bulk form's schema, derived from the shared bulkListingSchema (PRODUCT §5 texts). */
export const bulkListingFormSchema = z
  .object({
    baseTitle: bulk.baseTitle,
    description: bulk.description,
    category: chosen(bulk.category),
    condition: chosen(bulk.condition),
    exchangeType: chosen(z.enum(exchangeTypes, { message: 'Exchange type must be free, swap or sell' })),
    price: z.string().nullish(),
    items: bulk.items,
  })
  .superRefine(checkSalePrice);

type BulkFormInput = z.input<typeof bulkListingFormSchema>;
type BulkFormValues = z.output<typeof bulkListingFormSchema>;

const emptyEntry = () => ({ title: '', specificDescription: '' });

const defaults = (): BulkFormInput => ({
  baseTitle: '',
  description: '',
  category: '',
  condition: '',
  // PRODUCT §5: the exchange type defaults to free.
  exchangeType: 'free',
  price: '',
  items: Array.from({ length: LIMITS.bulkMinItems }, emptyEntry),
});

const commonFields = ['baseTitle', 'description', 'category', 'condition', 'exchangeType', 'price'] as const;

/** PRODUCT §2 and §5: blocked before anything is sent when the member has no Premium. */
function premiumRequiredToast() {
  toast({
    title: 'Premium Required',
    description: 'Bulk listing is a premium feature. Please upgrade your account.',
    variant: 'destructive',
  });
}

/** PRODUCT §2 premium upsell for members without Premium. */
export function BulkUpsellBanner() {
  return (
    <aside
      aria-labelledby="bulk-upsell-heading"
      className="flex flex-col gap-4 rounded-card border border-premium-300 bg-premium-50 p-4 shadow-premium sm:flex-row sm:items-center sm:p-6"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-premium-200 text-premium-800">
        <Crown className="size-6" aria-hidden="true" />
      </span>
      <div className="grid flex-1 gap-1">
        <h2 id="bulk-upsell-heading" className="text-lg font-extrabold text-premium-900">
          Bulk listing is a Premium feature
        </h2>
        <p className="text-sm text-premium-900">
          List a whole box of outgrown things in one go, sell items and add up to {LIMITS.photosPremium}{' '}
          photos each. Premium is ${PREMIUM_PRICE_USD}/month, cancel anytime.
        </p>
      </div>
      <Button asChild variant="premium">
        <Link to={paths.subscribe}>Upgrade to Premium</Link>
      </Button>
    </aside>
  );
}

/**
 * PRODUCT §2 Bulk listing: shared details, a list of at least two items (each with its own
 * title and an optional description), optional shared photos. Creates every item or none.
 */
export function BulkListingForm() {
  const user = useSignedInUser();
  const isPremium = hasPremium(user);
  const photoLimit = maxPhotos(isPremium);

  const form = useForm<BulkFormInput, unknown, BulkFormValues>({
    resolver: zodResolver(bulkListingFormSchema),
    defaultValues: defaults(),
    // Focus goes to the first invalid field on screen (see onInvalid below).
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const entries = useFieldArray({ control: form.control, name: 'items' });
  const exchangeType = useWatch({ control: form.control, name: 'exchangeType' });
  const selling = exchangeType === 'sell';
  const count = entries.fields.length;

  const photos = usePhotoList();
  const upload = useUploadImages();
  const createBulk = useCreateBulkListing();
  const saving = upload.isPending || createBulk.isPending;
  const submitting = saving || form.formState.isSubmitting;

  const uploadSharedPhotos = async (current: PickedPhoto[]): Promise<string[]> => {
    const fresh = current.flatMap((photo) => (photo.kind === 'new' ? [photo] : []));
    const uploaded = fresh.length > 0 ? await upload.mutateAsync(fresh.map((photo) => photo.file)) : [];
    if (uploaded.length !== fresh.length) throw new Error(UPLOAD_FAILED_MESSAGE);
    const urlByKey = new Map(fresh.map((photo, index) => [photo.key, uploaded[index] ?? '']));
    if (fresh.length > 0) return photos.markUploaded(urlByKey);
    return current.map((photo) => (photo.kind === 'existing' ? photo.url : ''));
  };

  const save = async (values: BulkFormValues) => {
    // Over the limit the picker already says 'Too many images'.
    if (photos.photos.length > photoLimit) return;
    let imageUrls: string[];
    try {
      imageUrls = await uploadSharedPhotos(photos.photos);
    } catch (error) {
      if (isUnauthorizedError(error)) redirectToLogin();
      else toast({ title: 'Upload failed', description: UPLOAD_FAILED_MESSAGE, variant: 'destructive' });
      return;
    }
    const payload: BulkListingPayload = {
      baseTitle: values.baseTitle,
      description: values.description,
      category: values.category,
      condition: values.condition,
      exchangeType: values.exchangeType,
      ...(values.exchangeType === 'sell' ? { price: values.price?.trim() || null } : {}),
      items: values.items,
      imageUrls,
    };
    createBulk.mutate(payload, {
      onSuccess: (result) => {
        const listed = `${result.items.length} items listed.`;
        toast({
          title: 'Bulk listing created!',
          description: result.warning ? `${listed} ${result.warning}` : listed,
          variant: 'success',
        });
        form.reset(defaults());
        photos.reset();
      },
      onError: (error) => {
        const itemFields = values.items.map((_, index) => `items.${index}.title` as Path<BulkFormInput>);
        applyServerFieldErrors(error, form.setError, [...commonFields, ...itemFields]);
        // PRODUCT §8: unauthorized goes to login; anything else names the failure.
        handleApiError(error, { title: 'Failed to create bulk listing', description: 'Please try again.' });
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!isPremium) {
      event.preventDefault();
      premiumRequiredToast();
      return;
    }
    void form.handleSubmit(save, (invalid) => {
      const common = commonFields.find((name) => invalid[name]);
      const entry = invalid.items?.findIndex?.((item) => Boolean(item?.title));
      if (common) form.setFocus(common);
      else if (entry !== undefined && entry >= 0) form.setFocus(`items.${entry}.title`);
    })(event);
  };

  const itemsError = errors.items?.root?.message ?? errors.items?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-busy={saving}>
      <fieldset disabled={saving} className="grid min-w-0 gap-6">
        <FormSection
          title="Common Details"
          description="Shared by every item. Each one is listed as “base title – item title”."
        >
          <FormField label="Base title" error={errors.baseTitle?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('baseTitle')}
                maxLength={200}
                placeholder="e.g. Picture books, ages 2–4"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            {(control) => (
              <Textarea
                {...control}
                {...form.register('description')}
                placeholder="What the items have in common: condition, where they come from…"
              />
            )}
          </FormField>
          <CategoryConditionFields control={form.control} errors={errors} />
          <ExchangeTypeCards
            registration={form.register('exchangeType')}
            error={errors.exchangeType?.message}
            isPremium={isPremium}
          />
          {selling && !isPremium ? <PremiumSellWarning /> : null}
          {selling ? (
            <PriceField registration={form.register('price')} error={errors.price?.message} />
          ) : null}
        </FormSection>

        <FormSection
          title="Individual Items"
          description={`At least ${LIMITS.bulkMinItems} items, each with its own title.`}
          aside={
            <span className="rounded-full bg-primary-50 px-3 py-1 text-sm font-extrabold text-primary-800">
              {count} items
            </span>
          }
        >
          <ol className="grid gap-4">
            {entries.fields.map((entry, index) => {
              const number = index + 1;
              const entryErrors = errors.items?.[index];
              return (
                <li key={entry.id} className="grid gap-4 rounded-card border border-ink-200 bg-ink-50/60 p-4">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-extrabold text-ink-900">Item {number}</h3>
                    {count > LIMITS.bulkMinItems ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger-700 hover:bg-danger-50 hover:text-danger-800"
                        aria-label={`Remove item ${number}`}
                        onClick={() => entries.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    ) : null}
                  </div>
                  <FormField label={`Item ${number} title`} error={entryErrors?.title?.message}>
                    {(control) => (
                      <Input
                        {...control}
                        {...form.register(`items.${index}.title`)}
                        maxLength={LIMITS.itemTitle}
                        placeholder="e.g. The Very Hungry Caterpillar"
                        autoComplete="off"
                      />
                    )}
                  </FormField>
                  <FormField
                    label={`Item ${number} details (optional)`}
                    error={entryErrors?.specificDescription?.message}
                  >
                    {(control) => (
                      <Textarea
                        {...control}
                        {...form.register(`items.${index}.specificDescription`)}
                        rows={2}
                        placeholder="Anything only this item has"
                      />
                    )}
                  </FormField>
                </li>
              );
            })}
          </ol>
          {itemsError ? (
            <p role="alert" className="text-sm font-semibold text-danger-700">
              {itemsError}
            </p>
          ) : null}
          <Button
            variant="secondary"
            className="justify-self-start"
            onClick={() => entries.append(emptyEntry())}
            disabled={count >= LIMITS.bulkMaxItems}
          >
            <Plus aria-hidden="true" />
            Add item
          </Button>
        </FormSection>

        <FormSection
          title="Shared Photos (optional)"
          description="These photos go on every item in this listing."
        >
          <PhotoPicker
            list={photos}
            maxPhotos={photoLimit}
            isPremium={isPremium}
            disabled={saving}
            hint={
              <>
                <Info className="mr-1 inline size-4 align-[-3px] text-primary-700" aria-hidden="true" />
                Items are placed at the town on your profile and, unless you add shared photos here, listed
                without photos. Add photos or a map pin to each item later through Edit on your profile.
              </>
            }
          />
        </FormSection>
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-600">
          Listing just one item?{' '}
          <Link
            to={paths.listItem}
            className="inline-flex min-h-11 items-center font-extrabold text-primary-700 underline-offset-4 hover:underline"
          >
            Use single listing
          </Link>
        </p>
        <Button type="submit" size="lg" disabled={submitting} className="sm:min-w-52">
          {submitting ? <ButtonSpinner /> : null}
          {`Create ${count} Listings`}
        </Button>
      </div>
    </form>
  );
}
