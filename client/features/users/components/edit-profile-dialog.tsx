import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Pencil } from 'lucide-react';
import { DEFAULT_COUNTRY, listCountries } from '../../../../common/countries.js';
import {
  updateProfileSchema,
  type CurrentUser,
  type UpdateProfileInput,
} from '../../../../common/schemas/users.js';
import { LIMITS } from '../../../../common/limits.js';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { applyServerFieldErrors } from '../../../lib/form-errors.js';
import { useUpdateProfile } from '../api/update-profile.js';

type ProfileFormValues = z.input<typeof updateProfileSchema>;

const fields = ['firstName', 'lastName', 'city', 'zipCode', 'state', 'country'] as const;

function formValues(user: CurrentUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    city: user.city ?? '',
    zipCode: user.zipCode ?? '',
    state: user.state ?? '',
    // PRODUCT §3: the form defaults the country to United States.
    country: user.country || DEFAULT_COUNTRY,
  };
}

/** PRODUCT §2/§5 Edit Profile: names required, location optional, country from the full list. */
export function EditProfileDialog({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* Mounted only while open, so every opening starts from the saved profile. */}
        {open ? <EditProfileForm user={user} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(user),
  });
  const { errors } = form.formState;

  // A country saved before the list existed still shows as chosen.
  const countries = useMemo(() => {
    const list = listCountries().map(({ name }) => name);
    return user.country && !list.includes(user.country) ? [user.country, ...list] : list;
  }, [user.country]);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: onDone,
      onError: (error) => applyServerFieldErrors(error, form.setError, fields),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={update.isPending}>
      <DialogHeader>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>
          Your name and area help nearby parents know who they're meeting.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('firstName')}
              autoComplete="given-name"
              maxLength={LIMITS.firstName}
            />
          )}
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('lastName')}
              autoComplete="family-name"
              maxLength={LIMITS.lastName}
            />
          )}
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('city')}
              autoComplete="address-level2"
              maxLength={LIMITS.city}
            />
          )}
        </FormField>
        <FormField label="ZIP Code" error={errors.zipCode?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('zipCode')}
              autoComplete="postal-code"
              maxLength={LIMITS.zipCode}
            />
          )}
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('state')}
              autoComplete="address-level1"
              maxLength={LIMITS.state}
            />
          )}
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <Select value={field.value ?? DEFAULT_COUNTRY} onValueChange={field.onChange}>
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Choose a country" />
                  </SelectTrigger>
                  <SelectContent className="max-h-72">
                    {countries.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <ButtonSpinner /> : null}
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
