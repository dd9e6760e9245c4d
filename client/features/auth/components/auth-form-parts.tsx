import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';

// The pieces the account forms (sign-in, sign-up, forgot and reset password) share, so they
// read and behave the same on every one.

/** The account's e-mail address, with the keyboard and autofill hints phones use. */
export function EmailField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
      )}
    </FormField>
  );
}

/** The form's full-width submit; a spinner takes the icon's place while it is sent. */
export function SubmitButton({
  pending,
  disabled = false,
  icon = null,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending || disabled}>
      {pending ? <ButtonSpinner /> : icon}
      {children}
    </Button>
  );
}

/** The way back from the password pages. */
export function BackToSignIn() {
  return (
    <p className="text-center">
      <Link
        to={paths.auth}
        className="inline-flex min-h-11 items-center font-bold text-primary-700 underline-offset-4 hover:underline"
      >
        Back to Sign In
      </Link>
    </p>
  );
}
