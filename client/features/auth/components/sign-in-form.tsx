import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { LoginInput } from '../../../../common/schemas/users.js';
import { FormField } from '../../../components/ui/form-field.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { paths } from '../../../app/paths.js';
import { applyServerFieldErrors } from '../../../lib/form-errors.js';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useLogin } from '../api/login.js';
import { EmailField, SubmitButton } from './auth-form-parts.js';

const loginValidation = lazyZodResolver(
  async () => (await import('../../../../common/schemas/users.js')).loginSchema,
);

const fields = ['email', 'password'] as const;

/** PRODUCT §2/§5 sign-in: e-mail and password, checked with the shared loginSchema. */
export function SignInForm() {
  const login = useLogin();
  const hydrated = useHydrated();
  const form = useForm<LoginInput, unknown, LoginInput>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, form.setError, fields),
    });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={loginValidation.preload}
      className="grid gap-5"
      aria-busy={login.isPending}
    >
      <EmailField error={errors.email?.message} registration={form.register('email')} />
      <FormField
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to={paths.forgotPassword}
            className="inline-flex min-h-11 items-center text-sm font-bold text-primary-700 underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        }
      >
        {(control) => (
          <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" />
        )}
      </FormField>
      <SubmitButton pending={login.isPending} disabled={!hydrated}>
        Sign in
      </SubmitButton>
    </form>
  );
}
