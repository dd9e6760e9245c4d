import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { MapPin } from 'lucide-react';
import { PREMIUM_REQUIRED } from '../../../../common/api-error.js';
import { ageRanges, type AgeRange } from '../../../../common/enums.js';
import { LIMITS, TIMINGS } from '../../../../common/limits.js';
import { hasPremium } from '../../../../common/premium.js';
import { createItemSchema, type Item, type SavedItem } from '../../../../common/schemas/items.js';
import { maxPhotos, PHOTO_REQUIRED } from '../../../../common/items.js';
import { formatTimeOfDay } from '../../../../common/format.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toast } from '../../../components/ui/toast.js';
import { ApiError, errorMessage, isUnauthorizedError } from '../../../lib/api-client.js';
import { applyServerFieldErrors } from '../../../lib/form-errors.js';
import { redirectToLogin } from '../../../lib/handle-api-error.js';
import { useSignedInUser } from '../../auth/current-user-context.js';
import { useCreateItem, type CreateItemPayload } from '../api/create-item.js';
import { useUpdateItem, type UpdateItemPayload } from '../api/update-item.js';
import { UPLOAD_FAILED_MESSAGE, useUploadImages } from '../api/upload-images.js';
import {
  ageRangeOptions,
  CategoryConditionFields,
  checkSalePrice,
  chosen,
  ExchangeTypeCards,
  FormSection,
  PremiumSellWarning,
  PriceField,
  SelectField,
} from './item-form-fields.js';
import { LocationCard } from './location-card.js';
import type { Coordinates } from '../../../lib/geolocation.js';
import { PhotoPicker, usePhotoList, type PickedPhoto } from './photo-picker.js';

const fields = createItemSchema.shape;

/**
 * The item form's own schema, derived from the shared createItemSchema so the form and the API
 * reject the same input with PRODUCT §5's words. Selects start empty; photos and the location
 * live outside react-hook-form and are checked on submit.
 */
export const itemFormSchema = z
  .object({
    title: fields.title,
    description: fields.description,
    category: chosen(fields.category),
    condition: chosen(fields.condition),
    ageRange: fields.ageRange,
    brand: fields.brand,
    size: fields.size,
    exchangeType: chosen(fields.exchangeType),
    price: z.string().nullish(),
  })
  .superRefine(checkSalePrice);

type ItemFormInput = z.input<typeof itemFormSchema>;
type ItemFormValues = z.output<typeof itemFormSchema>;

const formFields = [
  'title',
  'description',
  'category',
  'condition',
  'ageRange',
  'brand',
  'size',
  'exchangeType',
  'price',
] as const;

// PRODUCT §5 'Photo required – …', split into the toast's title and text.
const PHOTO_REQUIRED_TITLE = 'Photo required';
const PHOTO_REQUIRED_TEXT = 'You must upload at least one photo of your item before listing it.';

const isAgeRange = (value: string | null): value is AgeRange => ageRanges.some((range) => range === value);

function defaultsFor(item: Item | undefined): ItemFormInput {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    category: item?.category ?? '',
    condition: item?.condition ?? '',
    ageRange: item && isAgeRange(item.ageRange) ? item.ageRange : '',
    brand: item?.brand ?? '',
    size: item?.size ?? '',
    exchangeType: item?.exchangeType ?? '',
    price: item?.price ?? '',
  };
}

function positionOf(item: Item | undefined): Coordinates | null {
  if (!item || item.latitude === null || item.longitude === null) return null;
  return { latitude: item.latitude, longitude: item.longitude };
}

/** PRODUCT §1 early access: a new item reaches free accounts only after Premium members. */
function listedText(saved: SavedItem): string {
  if (!saved.earlyAccessUntil) return 'Families nearby can see it now.';
  return `Premium members see it first; everyone else from ${formatTimeOfDay(saved.earlyAccessUntil)}.`;
}

/**
 * An edit sends only what differs from the item, so fields the form does not show (the item's
 * own city and ZIP) and fields left alone keep their values.
 */
function changedFields(item: Item, payload: CreateItemPayload): UpdateItemPayload {
  const changes: UpdateItemPayload = {};
  const scalarKeys = ['title', 'description', 'category', 'condition', 'ageRange', 'brand', 'size'] as const;
  for (const key of scalarKeys) {
    if ((payload[key] ?? null) !== item[key]) Object.assign(changes, { [key]: payload[key] ?? null });
  }
  if (payload.exchangeType !== item.exchangeType) changes.exchangeType = payload.exchangeType;
  const price = payload.price ?? null;
  const samePrice = price === null ? item.price === null : Number(price) === Number(item.price);
  if (payload.exchangeType === 'sell' && !samePrice) changes.price = price;
  const imageUrls = payload.imageUrls ?? [];
  if (imageUrls.join('\n') !== item.imageUrls.join('\n')) changes.imageUrls = imageUrls;
  if (payload.latitude !== item.latitude || payload.longitude !== item.longitude) {
    changes.latitude = payload.latitude ?? null;
    changes.longitude = payload.longitude ?? null;
  }
  return changes;
}

/**
 * PRODUCT §2 Pickup Information: the profile's city and ZIP, which are sent with a new item. An
 * edited item keeps its own, so that is what it shows.
 */
function PickupInformation({ user, item }: { user: CurrentUser; item: Item | undefined }) {
  const source = item ?? user;
  const place = [source.city, source.zipCode].filter(Boolean).join(', ');
  const profileLink = (
    <Link
      to={paths.profile()}
      className="inline-flex min-h-11 items-center text-sm font-extrabold text-primary-700 underline-offset-4 hover:underline"
    >
      Update your profile
    </Link>
  );
  if (!place) {
    return (
      <div className="grid gap-1 rounded-control border border-dashed border-ink-300 bg-ink-50 p-4">
        <p className="flex items-center gap-2 font-extrabold text-ink-900">
          <MapPin className="size-5 text-ink-500" aria-hidden="true" />
          Location not set
        </p>
        <p className="text-sm text-ink-600">
          {item
            ? 'This item has no town or ZIP code. Set its location on the map above so families can find it.'
            : 'Add your city and ZIP code to your profile so families know where to pick items up.'}
        </p>
        {item ? null : profileLink}
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-2 font-extrabold text-ink-900">
        <MapPin className="size-5 text-primary-700" aria-hidden="true" />
        {place}
      </p>
      <p className="text-sm text-ink-600">
        {item ? 'Where this item was listed. ' : 'From your profile. '}Families see this as the pickup area.
      </p>
      {item ? null : profileLink}
    </div>
  );
}

/**
 * PRODUCT §2 List / Edit item. Without `item` it lists a new item; with one it edits it.
 * Photos are uploaded when the form is submitted, then the item is saved with the existing and
 * new photo URLs in the order shown. The route decides who may edit (the owner only).
 */
export function ItemForm({ item }: { item?: Item }) {
  const user = useSignedInUser();
  const isPremium = hasPremium(user);
  const photoLimit = maxPhotos(isPremium);
  const editing = item !== undefined;
  const navigate = useNavigate();
  const location = useLocation();

  const form = useForm<ItemFormInput, unknown, ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: defaultsFor(item),
    // Its own pick follows registration order, which shifts as fields come and go; ours is
    // the order on screen.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const exchangeType = useWatch({ control: form.control, name: 'exchangeType' });
  const selling = exchangeType === 'sell';

  const photos = usePhotoList(item?.imageUrls ?? []);
  const [photoError, setPhotoError] = useState<string>();
  const photoInput = useRef<HTMLInputElement | null>(null);
  const [position, setPosition] = useState<Coordinates | null>(() => positionOf(item));
  const [positionError, setPositionError] = useState<string>();

  const upload = useUploadImages();
  const create = useCreateItem();
  const update = useUpdateItem();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  // Not isSubmitting for the fieldset: the first invalid field is focused while it is still true.
  const saving = upload.isPending || create.isPending || update.isPending || redirectTo !== null;
  const submitting = saving || form.formState.isSubmitting;

  // PRODUCT §2 and §9: after a save, go on after 1.5 s so the toast can be read.
  useEffect(() => {
    if (redirectTo === null) return;
    const timer = window.setTimeout(() => void navigate(redirectTo), TIMINGS.itemSaveRedirectMs);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  /** PRODUCT §5: at least one photo, at most the account's limit, counting existing and new. */
  const checkPhotos = (): boolean => {
    const count = photos.photos.length;
    if (count === 0) {
      setPhotoError(PHOTO_REQUIRED);
      toast({ title: PHOTO_REQUIRED_TITLE, description: PHOTO_REQUIRED_TEXT, variant: 'destructive' });
      return false;
    }
    // Over the limit the picker already says 'Too many images' with the hint.
    return count <= photoLimit;
  };

  const uploadNewPhotos = async (current: PickedPhoto[]): Promise<string[]> => {
    const fresh = current.flatMap((photo) => (photo.kind === 'new' ? [photo] : []));
    const uploaded = fresh.length > 0 ? await upload.mutateAsync(fresh.map((photo) => photo.file)) : [];
    if (uploaded.length !== fresh.length) throw new Error(UPLOAD_FAILED_MESSAGE);
    const urlByKey = new Map(fresh.map((photo, index) => [photo.key, uploaded[index] ?? '']));
    if (fresh.length > 0) return photos.markUploaded(urlByKey);
    return current.map((photo) => (photo.kind === 'existing' ? photo.url : ''));
  };

  const onUploadError = (error: unknown) => {
    if (isUnauthorizedError(error)) {
      redirectToLogin();
      return;
    }
    // The server's reason (too large, not a photo) stays beside the picker.
    setPhotoError(error instanceof ApiError && error.status !== 0 ? error.message : UPLOAD_FAILED_MESSAGE);
    toast({ title: 'Upload failed', description: UPLOAD_FAILED_MESSAGE, variant: 'destructive' });
  };

  const onSaved = (saved: SavedItem) => {
    if (saved.warning) {
      toast({
        title: editing ? 'Item Updated with Warning' : 'Item Listed with Warning',
        description: saved.warning,
        variant: 'destructive',
      });
    } else {
      toast({
        title: editing ? 'Item updated' : 'Item listed',
        description: editing ? 'Your changes are saved.' : listedText(saved),
        variant: 'success',
      });
    }
    setRedirectTo(editing ? paths.profile() : paths.home);
  };

  const onSaveError = (error: unknown) => {
    if (isUnauthorizedError(error)) {
      redirectToLogin();
      return;
    }
    const message = errorMessage(error);
    // PRODUCT §8: no redirect, just say what is missing.
    if (message.includes(PREMIUM_REQUIRED)) {
      toast({
        title: 'Premium Required',
        description:
          'Selling items is a Premium feature. Please upgrade your account to list items for sale.',
        variant: 'destructive',
      });
      return;
    }
    applyServerFieldErrors(error, form.setError, formFields);
    if (error instanceof ApiError) {
      for (const fieldError of error.fieldErrors) {
        if (fieldError.path === 'imageUrls') setPhotoError(fieldError.message);
        if (fieldError.path === 'latitude' || fieldError.path === 'longitude') {
          setPositionError(fieldError.message);
        }
      }
    }
    toast({
      title: 'Error',
      description:
        message || (editing ? 'Failed to update item' : 'Failed to list your item. Please try again.'),
      variant: 'destructive',
    });
  };

  const save = async (values: ItemFormValues) => {
    if (!checkPhotos()) {
      photoInput.current?.focus();
      return;
    }
    let imageUrls: string[];
    try {
      imageUrls = await uploadNewPhotos(photos.photos);
    } catch (error) {
      onUploadError(error);
      return;
    }
    const payload: CreateItemPayload = {
      title: values.title,
      description: values.description,
      category: values.category,
      condition: values.condition,
      ageRange: values.ageRange,
      brand: values.brand,
      size: values.size,
      exchangeType: values.exchangeType,
      // PRODUCT §5: the price is sent only when selling.
      ...(values.exchangeType === 'sell' ? { price: values.price?.trim() || null } : {}),
      imageUrls,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      city: user.city,
      zipCode: user.zipCode,
    };
    if (item) {
      update.mutate(
        { id: item.id, payload: changedFields(item, payload) },
        { onSuccess: onSaved, onError: onSaveError },
      );
    } else create.mutate(payload, { onSuccess: onSaved, onError: onSaveError });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.handleSubmit(save, (invalid) => {
      const first = formFields.find((name) => invalid[name]);
      if (first) form.setFocus(first);
      checkPhotos();
    })(event);
  };

  const cancel = () => {
    // Opened directly there is nothing to go back to, so go home instead.
    if (location.key === 'default') void navigate(paths.home);
    else void navigate(-1);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-busy={saving}>
      <fieldset disabled={saving} className="grid min-w-0 gap-6">
        <FormSection title="Basic Information" description="What is it, and what shape is it in?">
          <FormField label="Title" error={errors.title?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('title')}
                maxLength={LIMITS.itemTitle}
                placeholder="e.g. Wooden train set"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            {(control) => (
              <Textarea
                {...control}
                {...form.register('description')}
                rows={5}
                placeholder="Size, age, any wear, what's included…"
              />
            )}
          </FormField>
          <CategoryConditionFields control={form.control} errors={errors} />
          <div className="grid gap-5 sm:grid-cols-3">
            <Controller
              control={form.control}
              name="ageRange"
              render={({ field }) => (
                <SelectField
                  label="Age range (optional)"
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  triggerRef={field.ref}
                  options={ageRangeOptions}
                  placeholder="Any age"
                  optional
                  error={errors.ageRange?.message}
                />
              )}
            />
            <FormField label="Brand (optional)" error={errors.brand?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('brand')}
                  maxLength={LIMITS.brand}
                  placeholder="e.g. LEGO"
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField label="Size (optional)" error={errors.size?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('size')}
                  maxLength={LIMITS.size}
                  placeholder="e.g. 3T, EU 28"
                  autoComplete="off"
                />
              )}
            </FormField>
          </div>
        </FormSection>

        <FormSection title="Sharing Type" description="Give it away, swap it, or sell it.">
          <ExchangeTypeCards
            registration={form.register('exchangeType')}
            error={errors.exchangeType?.message}
            isPremium={isPremium}
            hideLegend
          />
          {selling && !isPremium ? <PremiumSellWarning /> : null}
          {selling ? (
            <PriceField registration={form.register('price')} error={errors.price?.message} />
          ) : null}
        </FormSection>

        <FormSection
          title="Photos"
          description={`Add at least one photo, up to ${photoLimit}. The first one is the cover.`}
        >
          <PhotoPicker
            list={photos}
            maxPhotos={photoLimit}
            isPremium={isPremium}
            error={photoError}
            inputRef={photoInput}
            onChange={() => setPhotoError(undefined)}
            disabled={saving}
          />
        </FormSection>

        <LocationCard
          value={position}
          onChange={(next) => {
            setPosition(next);
            setPositionError(undefined);
          }}
          error={positionError}
          disabled={saving}
        />

        <FormSection title="Pickup Information">
          <PickupInformation user={user} item={item} />
        </FormSection>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={submitting} className="sm:min-w-44">
          {submitting ? <ButtonSpinner /> : null}
          {editing ? 'Update Item' : 'List Item'}
        </Button>
      </div>
    </form>
  );
}
