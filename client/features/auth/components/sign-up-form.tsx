import { useForm } from 'react-hook-form';
import type { RegisterInput } from '../../../../common/schemas/users.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { ApiError } from '../../../lib/api-client.js';
import { applyServerFieldErrors } from '../../../lib/form-errors.js';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useRegister } from '../api/register.js';
import { EmailField, SubmitButton } from './auth-form-parts.js';

const registerValidation = lazyZodResolver(
  async () => (await import('../../../../common/schemas/users.js')).registerSchema,
);

const fields = ['firstName', 'lastName', 'email', 'password'] as const;

/** PRODUCT §2/§5 sign-up: names, e-mail and a password of at least 6 characters. */
export function SignUpForm() {
  const register = useRegister();
  const hydrated = useHydrated();
  const form = useForm<RegisterInput, unknown, RegisterInput>({
    resolver: registerValidation.resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(values, {
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, fields)) return;
        // A taken address is about the e-mail field, so say it there too.
        if (error instanceof ApiError && error.status === 409) {
          form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        }
      },
    });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={registerValidation.preload}
      className="grid gap-5"
      aria-busy={register.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          {(control) => <Input {...control} {...form.register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          {(control) => <Input {...control} {...form.register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <EmailField error={errors.email?.message} registration={form.register('email')} />
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('password')}
            autoComplete="new-password"
            placeholder="min. 6 characters"
          />
        )}
      </FormField>
      <SubmitButton pending={register.isPending} disabled={!hydrated}>
        Create account
      </SubmitButton>
    </form>
  );
}
