import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert, KeyRound } from 'lucide-react';
import {
  RESET_TOKEN_MISSING,
  resetPasswordFormSchema,
  type ResetPasswordFormInput,
} from '../../common/schemas/password-reset.js';
import { paths } from '../app/paths.js';
import { Card } from '../components/ui/card.js';
import { FormField } from '../components/ui/form-field.js';
import { PasswordInput } from '../components/ui/password-input.js';
import { toast } from '../components/ui/toast.js';
import { useResetPassword } from '../features/auth/api/password-reset.js';
import { BackToSignIn, SubmitButton } from '../features/auth/components/auth-form-parts.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2 /reset-password: the token from the link, the new password twice (PRODUCT §5 rules). */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string>();
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (token) return;
    toast({
      title: 'Invalid Link',
      description: 'This password reset link is invalid or missing a token.',
      variant: 'destructive',
    });
    void navigate(paths.auth, { replace: true });
  }, [token, navigate]);

  const onSubmit = form.handleSubmit((values) => {
    if (!token) {
      toast({ title: 'Error', description: RESET_TOKEN_MISSING, variant: 'destructive' });
      return;
    }
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Password Reset Successful',
            description: 'Sign in with your new password.',
            variant: 'success',
          });
          void navigate(paths.auth, { replace: true });
        },
        onError: (error) => {
          const message = errorMessage(error) || 'Failed to reset password. Please try again.';
          if (error instanceof ApiError && error.status === 400 && /link/i.test(message))
            setLinkProblem(message);
          toast({ title: 'Reset Failed', description: message, variant: 'destructive' });
        },
      },
    );
  });

  if (!token) return null;
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card className="p-5 sm:p-8">
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={reset.isPending}>
          <div className="grid gap-2">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <KeyRound className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-black text-ink-900">Choose a new password</h1>
            <p className="text-ink-600">At least 6 characters. You will be signed out everywhere else.</p>
          </div>
          {linkProblem ? (
            <div role="alert" className="grid gap-2 rounded-control bg-danger-50 p-3 text-danger-900">
              <p className="flex items-start gap-2 font-semibold">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {linkProblem}
              </p>
              <Link to={paths.forgotPassword} className="font-bold text-primary-700 underline">
                Request a new link
              </Link>
            </div>
          ) : null}
          <FormField label="New Password" error={errors.newPassword?.message}>
            {(control) => (
              <PasswordInput {...control} {...form.register('newPassword')} autoComplete="new-password" />
            )}
          </FormField>
          <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
            {(control) => (
              <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />
            )}
          </FormField>
          <SubmitButton pending={reset.isPending}>Reset Password</SubmitButton>
          <BackToSignIn />
        </form>
      </Card>
    </div>
  );
}
